// What bench/api/run.mjs and bench/api/writes.mjs share: child processes killed on exit, waiting
// for a URL, a fresh PostgreSQL database, signing in a demo account, cloning it, redeeming a device.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const root = new URL('../..', import.meta.url).pathname;

export const children = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

/**
 * The environment `npm start` gives the portal (the C allocator's settings before `node`, decision
 * 0018), read from package.json so the benches start it as a user does. BENCH_START_ENV=0 leaves
 * it out, and the Node options below.
 */
export function startCommandEnv() {
  if (process.env.BENCH_START_ENV === '0') return {};
  return Object.fromEntries([...startCommand().matchAll(/(?:^|\s)([A-Z_]+)=(\S+)(?=\s)/g)].map((m) => [m[1], m[2]]));
}

/** The options `npm start` gives Node itself (the young generation's size, decision 0018), read the same way. */
export function startCommandNodeArgs() {
  if (process.env.BENCH_START_ENV === '0') return [];
  const [, args = ''] = /\bnode((?:\s+--\S+)*)\s+server\/dist\/main\.js/.exec(startCommand()) ?? [];
  return args.split(/\s+/).filter(Boolean);
}

/** The portal's Node options: the start script's, then BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
export function portalNodeArgs() {
  return [...startCommandNodeArgs(), ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [])];
}

function startCommand() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return scripts.start.split('&&').at(-1).trim();
}

export function start(script, env, logFile) {
  const out = logFile ? openSync(logFile, 'w') : 'ignore';
  const nodeArgs = script.startsWith('server/') ? portalNodeArgs() : [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: root,
    env: { ...process.env, ...startCommandEnv(), ...env },
    stdio: ['ignore', out, out],
  });
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

/** A device of a user, activated and redeemed as an app does it (demo app 101, test-kit M_KEY). */
export async function redeemDevice(base, userToken) {
  const { createUserPermit } = await import(join(root, 'packages/s63/dist/index.js'));
  const deviceId = `BENCH-${Date.now().toString(36)}`;
  const auth = { 'content-type': 'application/json', authorization: `Bearer ${userToken}` };
  const activation = await fetch(`${base}/api/installation/activate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ deviceId, applicationTypeId: 101, platformId: 1, durationMonths: 12 }),
  });
  if (!activation.ok) throw new Error(`activate: ${activation.status} ${await activation.text()}`);
  const code = (await activation.json()).id;
  const redeem = await fetch(`${base}/api/app/v1/activations/${code}/redeem`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      deviceId,
      platformId: 1,
      applicationTypeId: 101,
      userPermit: createUserPermit({ hwId: 'BE4C1', mKey: '10121', mId: '10' }),
    }),
  });
  if (!redeem.ok) throw new Error(`redeem: ${redeem.status} ${await redeem.text()}`);
  return (await redeem.json()).token;
}

/**
 * `count` copies of a demo account on a PostgreSQL database (its password and its licences, without
 * their installations): bench-1@…, bench-2@…; returns their e-mails.
 */
export async function cloneDemoUsers(url, email, count) {
  const pg = createRequire(join(root, 'server/package.json'))('pg');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const columns = async (table) =>
    (
      await c.query(
        `select column_name from information_schema.columns
          where table_schema = current_schema() and table_name = $1 and column_name <> 'id' and is_generated = 'NEVER'
            and identity_generation is null order by ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.column_name);
  const userColumns = await columns('users');
  const licenseColumns = await columns('licenses');
  const quoted = (cols) => cols.map((x) => `"${x}"`).join(', ');
  const emails = [];
  try {
    for (let i = 1; i <= count; i++) {
      const copy = email.replace('@', `+bench-${i}@`);
      const source = userColumns.map((x) => (x === 'email' ? '$2' : `"${x}"`)).join(', ');
      const { rows } = await c.query(
        `insert into users (${quoted(userColumns)}) select ${source} from users where email = $1 returning id`,
        [email, copy],
      );
      const fromLicense = licenseColumns.map((x) => (x === 'user_id' ? '$2' : `l."${x}"`)).join(', ');
      await c.query(
        `insert into licenses (${quoted(licenseColumns)}) select ${fromLicense} from licenses l join users u on u.id = l.user_id where u.email = $1`,
        [email, rows[0].id],
      );
      emails.push(copy);
    }
  } finally {
    await c.end();
  }
  return emails;
}
