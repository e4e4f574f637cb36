import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogDestination } from './log-destination.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const line = (n: number, pad = 0) => `${JSON.stringify({ n, pad: 'x'.repeat(pad) })}\n`;

/** Everything a non-blocking descriptor holds, read until `bytes` arrived or two seconds passed. */
async function readAll(fd: number, bytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let got = 0;
  const until = Date.now() + 2000;
  while (got < bytes && Date.now() < until) {
    const buf = Buffer.alloc(65536);
    try {
      const n = readSync(fd, buf, 0, buf.length, null);
      chunks.push(buf.subarray(0, n));
      got += n;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
      await sleep(5);
    }
  }
  return Buffer.concat(chunks).toString();
}

describe('the log destination', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'chartroom-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines of one turn together at its end, in order', async () => {
    const file = join(dir, 'portal.log');
    const fd = openSync(file, 'w');
    const destination = new LogDestination(fd);
    const lines = Array.from({ length: 100 }, (_, i) => line(i));
    for (const l of lines) destination.write(l);
    expect(readFileSync(file, 'utf8')).toBe('');
    await turn();
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
    destination.write(line(100));
    await turn();
    expect(readFileSync(file, 'utf8')).toBe([...lines, line(100)].join(''));
    closeSync(fd);
  });

  it('keeps what a full pipe cannot take and writes it, in order, once the pipe is read', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const destination = new LogDestination(fd);
    // 200 lines of 1 kB: three times what a pipe holds.
    const lines = Array.from({ length: 200 }, (_, i) => line(i, 1000));
    for (const l of lines) destination.write(l);
    await turn();
    const expected = lines.join('');
    expect(await readAll(fd, expected.length)).toBe(expected);
    closeSync(fd);
  });

  it('drops lines past its limit when they pile up, and says how many', async () => {
    const fifo = join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
    const destination = new LogDestination(fd, 20_000);
    const lines = Array.from({ length: 200 }, (_, i) => line(i, 1000));
    const taken = lines.filter((l) => destination.write(l));
    expect(taken).toHaveLength(19);
    await turn();
    const text = await readAll(fd, taken.join('').length + 60);
    const written = text.trim().split('\n');
    expect(written.slice(0, 19).join('\n') + '\n').toBe(taken.join(''));
    expect(JSON.parse(written[19]!)).toMatchObject({ level: 40, msg: '181 log lines were dropped: the log output did not keep up' });
    closeSync(fd);
  });

  it('writes what is pending when asked to (as on exit)', () => {
    const file = join(dir, 'portal.log');
    const fd = openSync(file, 'w');
    const destination = new LogDestination(fd);
    destination.write(line(1));
    expect(destination.flush()).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(line(1));
    closeSync(fd);
  });
});
