import { readdirSync, readlinkSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navMessageLimits } from '@chartroom/contracts/nav-messages';
import { buildTestApp, onS3Store, type TestApp } from '../../test/helper.js';
import { listBlobFiles, listLocalBlobFiles, loginProvider } from '../modules/charts/charts.test-helper.js';

// Multipart bodies sent over real sockets to a listening app: bodies that never close, that are
// refused half-way, that are broken off. Each must be answered (or its connection ended) well
// before the idle and request timeouts, which are long here, and leave no file or handle behind.

const BOUNDARY = 'chartroom-ending';

function fieldPart(name: string, value: string): Buffer {
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
}

function fileHead(name: string, filename: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
}

function filePart(name: string, filename: string, bytes: number): Buffer {
  return Buffer.concat([fileHead(name, filename), Buffer.alloc(bytes, 7), Buffer.from('\r\n')]);
}

const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

function requestHead(path: string, authorization: string, contentLength: number): string {
  return [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    `Authorization: ${authorization}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${contentLength}`,
    '',
    '',
  ].join('\r\n');
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A kept-alive client connection that reads answers one after another. */
class RawClient {
  readonly socket: Socket;
  readonly closed: Promise<void>;
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | null = null;

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.on('error', () => undefined);
    this.socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    this.closed = new Promise((ok) => this.socket.on('close', () => ok()));
    void this.closed.then(() => this.waiting?.());
  }

  send(data: string | Buffer): void {
    this.socket.write(data);
  }

  /** The next whole answer, or an error naming what was awaited when none comes within `ms`. */
  async answer(what: string, ms = 10_000): Promise<Answer> {
    const until = Date.now() + ms;
    for (;;) {
      const parsed = this.take();
      if (parsed) return parsed;
      if (this.socket.destroyed) throw new Error(`the connection closed without ${what}`);
      const left = until - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${ms} ms`);
      await new Promise<void>((ok) => {
        const timer = setTimeout(ok, left);
        this.waiting = () => {
          clearTimeout(timer);
          ok();
        };
      });
      this.waiting = null;
    }
  }

  private take(): Answer | null {
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const [statusLine, ...lines] = this.buffered.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffered.length < end + 4 + length) return null;
    const body = this.buffered.subarray(end + 4, end + 4 + length).toString();
    this.buffered = this.buffered.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }
}

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

/**
 * The descriptors of this process that name files (sockets and pipes left out: the database's pool
 * and the test's own connections come and go).
 */
const openDescriptors = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith('/');
    } catch {
      return false;
    }
  }).length;

/** Polls a condition until a deadline (handles and files close a moment after the answer). */
async function waitFor(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`still waiting for ${what} after ${ms} ms`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

// Partial files and handles are the local disk store's (S3 aborts its multipart upload instead and
// shows no partial object): on S3 the same requests must be answered and leave no object.
describe('a multipart request always ends', () => {
  let t: TestApp;
  let port: number;
  const partFiles = () => (onS3Store ? [] : listLocalBlobFiles(t).filter((f) => f.endsWith('.part')));

  /** Nothing of the uploads is left: no file written, no partial file, no handle in the data folder, no more descriptors than before. */
  async function expectNothingLeft(before: { files: string[]; descriptors: number }) {
    await waitFor('handles in the data folder to close', () => openFilesUnder(t.dataDir).length === 0);
    await waitFor('the partial files to go', () => partFiles().length === 0);
    await waitFor('the descriptors to come back', () => openDescriptors() <= before.descriptors);
    expect(await listBlobFiles(t)).toEqual(before.files);
  }

  beforeAll(async () => {
    // Long timeouts: only the server's own answer can end these requests within the tests' deadlines.
    t = await buildTestApp({ IDLE_TIMEOUT_SECONDS: 120, REQUEST_TIMEOUT_SECONDS: 120 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 400 at once to bodies complete by their length but with no closing boundary, twenty at a time, keeping nothing', async () => {
    const user = await t.loginAs('user');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const body = Buffer.concat([fieldPart('gcid', '1'), fileHead('images', 'buoy.png'), Buffer.alloc(4000, 7)]);
    const clients = Array.from({ length: 20 }, () => new RawClient(port));
    for (const c of clients)
      c.send(Buffer.concat([Buffer.from(requestHead('/api/navmessages', user.headers.authorization, body.length)), body]));
    const answers = await Promise.all(clients.map((c) => c.answer('answer to the unclosed body')));
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(JSON.parse(a.body)).toMatchObject({ code: 'bad_request', message: expect.stringContaining('malformed') });
    }
    // The body was read whole, so the connection stays usable.
    clients[0]!.send('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await clients[0]!.answer('the next answer on the same connection')).status).toBe(200);
    for (const c of clients) c.socket.destroy();
    await Promise.all(clients.map((c) => c.closed));
    await expectNothingLeft(before);
  });

  it('answers 400 to a body that ends inside a text field (the field is not taken as it stands)', async () => {
    const p = await loginProvider(t, 'Field Office');
    const body = Buffer.concat([
      fileHead('files', 'XX5DEMO1.000'),
      Buffer.alloc(1000, 1),
      Buffer.from('\r\n'),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="gcid"\r\n\r\n${p.gcId}`),
    ]);
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const client = new RawClient(port);
    client.send(Buffer.concat([Buffer.from(requestHead('/api/geocontent/addenc', p.headers.authorization, body.length)), body]));
    const answer = await client.answer('answer to the unclosed body');
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'bad_request' });
    client.socket.destroy();
    await client.closed;
    await expectNothingLeft(before);
  });

  it('answers every multipart route at once when its body has no closing boundary, and when it ends inside a file', async () => {
    const p = await loginProvider(t, 'Sweep Office');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const routes = [
      '/api/geocontent/addenc',
      '/api/geocontent/AddS63ToGeocontent',
      '/api/geocontent/adds102',
      '/api/geocontent/adds100',
      '/api/geocontent/addraw',
      '/api/ntm',
      '/api/navmessages',
      '/api/user/route-check',
    ];
    const bodies = [
      // The last part's closing boundary is missing.
      Buffer.concat([fieldPart('gcid', String(p.gcId)), fieldPart('geocontentId', String(p.gcId)), filePart('file', 'a.bin', 2000)]),
      // The body ends inside a file part.
      Buffer.concat([fieldPart('gcid', String(p.gcId)), fileHead('file', 'a.bin'), Buffer.alloc(3000, 5)]),
      // No boundary at all.
      Buffer.from('this is not a multipart body'),
    ];
    for (const route of routes) {
      for (const body of bodies) {
        const client = new RawClient(port);
        client.send(Buffer.concat([Buffer.from(requestHead(route, p.headers.authorization, body.length)), body]));
        const answer = await client.answer(`answer from ${route}`);
        expect({ route, status: answer.status, code: JSON.parse(answer.body).code }).toEqual({ route, status: 400, code: 'bad_request' });
        client.socket.destroy();
        await client.closed;
      }
    }
    await expectNothingLeft(before);
  });

  it('refuses a text field longer than allowed (413)', async () => {
    const user = await t.loginAs('user');
    const body = Buffer.concat([fieldPart('gcid', '1'), fieldPart('text', 'x'.repeat(300 * 1024)), closing]);
    const client = new RawClient(port);
    client.send(Buffer.concat([Buffer.from(requestHead('/api/navmessages', user.headers.authorization, body.length)), body]));
    const answer = await client.answer('the 413');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringContaining('The field "text" is longer than'),
    });
    client.socket.destroy();
    await client.closed;
  });

  it('refuses one file too many (413) while the body is still coming, and closes the connection', async () => {
    const user = await t.loginAs('user');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const images = Array.from({ length: navMessageLimits.maxImages + 1 }, (_, i) => filePart('images', `photo${i}.png`, 32 * 1024));
    const sent = Buffer.concat([fieldPart('gcid', '1'), ...images]);
    // The declared length promises 50 MB more than is sent: the client waits for the answer.
    const client = new RawClient(port);
    client.send(
      Buffer.concat([Buffer.from(requestHead('/api/navmessages', user.headers.authorization, sent.length + 50 * 1024 * 1024)), sent]),
    );
    const answer = await client.answer('the 413');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('Too many files') });
    expect(answer.headers.connection).toBe('close');
    await client.closed;
    await expectNothingLeft(before);
  });

  it('refuses one file too many (413) in a body sent whole, and the kept-alive connection goes on', async () => {
    const user = await t.loginAs('user');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const images = Array.from({ length: navMessageLimits.maxImages + 1 }, (_, i) => filePart('images', `photo${i}.png`, 32 * 1024));
    const body = Buffer.concat([fieldPart('gcid', '1'), ...images, closing]);
    const client = new RawClient(port);
    client.send(Buffer.concat([Buffer.from(requestHead('/api/navmessages', user.headers.authorization, body.length)), body]));
    client.send('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const refused = await client.answer('the 413');
    expect(refused.status).toBe(413);
    // Either the rest of the body was read and the connection serves the next request, or the answer said it closes.
    if (refused.headers.connection === 'close') await client.closed;
    else expect((await client.answer('the next answer on the same connection')).status).toBe(200);
    client.socket.destroy();
    await client.closed;
    await expectNothingLeft(before);
  });

  it('refuses a file over its limit (413) at once, its partial file removed', async () => {
    const user = await t.loginAs('user');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const head = Buffer.concat([fieldPart('gcid', '1'), fileHead('images', 'huge.png')]);
    const client = new RawClient(port);
    client.send(requestHead('/api/navmessages', user.headers.authorization, head.length + 40 * 1024 * 1024));
    client.send(head);
    // A little more than the image limit, then silence: the rest of the declared body never comes.
    const chunk = Buffer.alloc(1024 * 1024, 3);
    for (let sent = 0; sent <= navMessageLimits.maxImageBytes; sent += chunk.length) {
      if (!client.socket.write(chunk)) await new Promise((ok) => client.socket.once('drain', ok));
      if (client.socket.destroyed) break;
    }
    const answer = await client.answer('the 413');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 'payload_too_large',
      message: expect.stringContaining('huge.png is larger than'),
    });
    expect(answer.headers.connection).toBe('close');
    await client.closed;
    await expectNothingLeft(before);
  });

  it.skipIf(onS3Store)('frees the partial file and its handle when the client breaks off in the middle of a file', async () => {
    const p = await loginProvider(t, 'Abort Office');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    const head = Buffer.concat([fieldPart('gcid', String(p.gcId)), fileHead('files', 'XX5DEMO1.000'), Buffer.alloc(256 * 1024, 7)]);
    const client = new RawClient(port);
    client.send(requestHead('/api/geocontent/addenc', p.headers.authorization, head.length + 10 * 1024 * 1024));
    client.send(head);
    await waitFor('the partial file', () => partFiles().length > 0);
    expect(openFilesUnder(t.dataDir).length).toBeGreaterThan(0);
    client.socket.destroy();
    await client.closed;
    await expectNothingLeft(before);
  });

  it('removes the files of a whole upload that the route then refuses', async () => {
    const user = await t.loginAs('user');
    const before = { files: await listBlobFiles(t), descriptors: openDescriptors() };
    // Well formed, but the geocontent is not one this account can write to (and the fields are incomplete).
    const body = Buffer.concat([fieldPart('gcid', '999999'), filePart('images', 'buoy.png', 4096), closing]);
    const client = new RawClient(port);
    client.send(Buffer.concat([Buffer.from(requestHead('/api/navmessages', user.headers.authorization, body.length)), body]));
    const answer = await client.answer('the refusal');
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.headers.connection).not.toBe('close');
    client.socket.destroy();
    await client.closed;
    await expectNothingLeft(before);
    expect((await listBlobFiles(t)).filter((f) => f.startsWith('navmessages/'))).toEqual([]);
  });
});
