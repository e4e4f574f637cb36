import { readdirSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onS3Store, type TestApp } from '../../../test/helper.js';
import { listLocalBlobFiles, loginProvider } from './charts.test-helper.js';

/** Files this process holds open under a folder, read from /proc/self/fd. */
function openFilesUnder(dir: string): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(dir) ? [target] : [];
    } catch {
      return [];
    }
  });
}

/** Polls a condition (the test's timeout bounds the wait; `what` names it when debugging). */
async function waitFor(_what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((ok) => setTimeout(ok, 50));
}

/** Opens a multipart upload, sends its head and part of a file, and then says nothing more. */
function startUpload(
  port: number,
  headers: Record<string, string>,
  fields: Record<string, string>,
): { socket: Socket; closed: Promise<void> } {
  const boundary = '----chartroom-abort';
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="XX5DEMO1.000"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const socket = connect(port, '127.0.0.1');
  const closed = new Promise<void>((ok) => socket.on('close', () => ok()));
  socket.on('error', () => undefined);
  socket.write(
    [
      'POST /api/geocontent/addenc HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: ${headers.authorization}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${10 * 1024 * 1024}`,
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(head + fileHead);
  socket.write(Buffer.alloc(256 * 1024, 7));
  return { socket, closed };
}

// Partial files are the local disk store's (S3 aborts its multipart upload instead).
describe.skipIf(onS3Store)('an upload that stops half-way', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ IDLE_TIMEOUT_SECONDS: 1, REQUEST_TIMEOUT_SECONDS: 3 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('is cut off when silent, and frees its file handle and its partial file', async () => {
    const p = await loginProvider(t);
    const before = listLocalBlobFiles(t);
    const upload = startUpload(port, p.headers, { gcid: String(p.gcId) });
    // While it is open the server writes the file: a handle and a .part file exist.
    await waitFor('the partial file', () => listLocalBlobFiles(t).some((f) => f.endsWith('.part')));
    expect(openFilesUnder(t.dataDir).length).toBeGreaterThan(0);
    // The client says nothing more; the server closes the connection after the idle timeout.
    await upload.closed;
    await waitFor(
      'the handle and the partial file to go',
      () => openFilesUnder(t.dataDir).length === 0 && listLocalBlobFiles(t).length === before.length,
    );
    expect(listLocalBlobFiles(t)).toEqual(before);
    expect(openFilesUnder(t.dataDir)).toEqual([]);
  });

  it('is cut off when it trickles on past the request timeout, leaving nothing', async () => {
    const p = await loginProvider(t, 'Slow Office');
    const before = listLocalBlobFiles(t);
    const upload = startUpload(port, p.headers, { gcid: String(p.gcId) });
    // A byte now and then keeps the connection from being idle, but not the request alive for ever.
    const drip = setInterval(() => upload.socket.write(Buffer.alloc(16, 7)), 200);
    try {
      await upload.closed;
    } finally {
      clearInterval(drip);
    }
    await waitFor(
      'the handle and the partial file to go',
      () => openFilesUnder(t.dataDir).length === 0 && listLocalBlobFiles(t).length === before.length,
    );
    expect(listLocalBlobFiles(t)).toEqual(before);
  }, 30_000);
});
