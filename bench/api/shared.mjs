// What bench/api/run.mjs and bench/api/writes.mjs share: child processes killed on exit, waiting
// for a URL, a fresh PostgreSQL database, and signing in a demo account.
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = new URL('../..', import.meta.url).pathname;

export const children = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

export function start(script, env, logFile) {
  const out = logFile ? openSync(logFile, 'w') : 'ignore';
  const child = spawn(process.execPath, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', out, out] });
  children.push(child);
  return child;
}

export async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer`);
}

export async function freshPostgres(adminUrl) {
  const pg = createRequire(join(root, 'server/package.json'))('pg');
  const name = `chartroom_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function login(base, email) {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'demo-password' }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).token;
}
