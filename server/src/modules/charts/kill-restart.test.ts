import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The real thing: a portal process killed with SIGKILL in the middle of an upload, then started again
// on the same data folder (embedded database). The next start must clean up what the dead one left.
const root = new URL('../../../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-kill-'));
const port = 20000 + Math.floor(Math.random() * 9000);
const children: ChildProcess[] = [];

function startPortal(): ChildProcess {
  // The embedded database: a kill -9 is about one process and its own data folder.
  const { DATABASE_URL: _pg, ...env } = process.env;
  // tsx as a loader in this one process (its CLI would run the server in a child the kill would miss).
  const child = spawn(process.execPath, ['--conditions=@chartroom/source', '--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    // A process that runs jobs also sweeps at start (a web-only one, JOBS=false, leaves that to them).
    env: { ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', JOBS: 'true' },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((ok) => setTimeout(ok, 100));
}

const isReady = async () => (await fetch(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status === 200;

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
}

describe('a portal killed with -9 during an upload', () => {
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves a partial file that the next start removes, with its upload folder', async () => {
    const first = startPortal();
    await waitFor(isReady);
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'provider@demo.test', password: 'demo-password' }),
    });
    const { token } = (await login.json()) as { token: string };

    // Half an upload: the head and part of a file, then nothing.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const boundary = '----chartroom-kill';
    socket.write(
      `POST /api/geocontent/addenc HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="XX5DEMO1.000"\r\n\r\n`,
    );
    socket.write(Buffer.alloc(512 * 1024, 7));
    const staging = join(dataDir, 'blobs', 'staging');
    await waitFor(() => filesUnder(staging).some((f) => f.endsWith('.part')));

    first.kill('SIGKILL');
    await new Promise((ok) => first.once('exit', ok));
    socket.destroy();
    expect(await isReady()).toBe(false);
    const left = filesUnder(staging).filter((f) => f.endsWith('.part'));
    expect(left).toHaveLength(1);

    const second = startPortal();
    await waitFor(isReady);
    expect(second.exitCode).toBeNull();
    expect(filesUnder(staging)).toEqual([]);
    expect(readdirSync(staging)).toEqual([]);
  }, 300_000);
});
