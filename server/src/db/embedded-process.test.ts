import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase, type Database } from './client.js';
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server.js';
import { readCacheOf } from './read-cache.js';

// Decision 0020: the embedded database in a process of its own, reached through PostgreSQL's protocol.

describe('the embedded database server (PostgreSQL protocol over a Unix socket)', () => {
  let db: PGlite;
  let server: EmbeddedServer;
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-embedded-'));
  const client = () => new pg.Client({ host: dir, user: 'postgres', database: 'template1' });

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table t (id int primary key, v text)');
    server = await startEmbeddedServer(db, join(dir, '.s.PGSQL.5432'));
  });
  afterAll(async () => {
    await server.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Start-up, then a simple query, as raw bytes; resolves with everything the server answered until the socket is idle. */
  async function rawExchange(write: (socket: Socket, bytes: Buffer) => Promise<void>): Promise<Buffer> {
    const params = Buffer.from('user\0postgres\0database\0template1\0\0');
    const startup = Buffer.alloc(8 + params.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196608, 4);
    params.copy(startup, 8);
    const text = Buffer.from("select 'whole' || 'message' as answer\0");
    const query = Buffer.alloc(5 + text.length);
    query[0] = 0x51;
    query.writeInt32BE(4 + text.length, 1);
    text.copy(query, 5);
    // PGlite asks for a password (MD5) and takes any.
    const password = Buffer.from('p\0\0\0\x0emd5secret\0', 'latin1');
    const socket = connect(join(dir, '.s.PGSQL.5432'));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    await new Promise((ok) => socket.once('connect', ok));
    // An SSL request first, as libpq makes: a Unix socket needs none, and the answer is no.
    await write(socket, Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]));
    const deadline0 = Date.now() + 5000;
    while (chunks.length === 0 && Date.now() < deadline0) await new Promise((ok) => setTimeout(ok, 10));
    expect(chunks.splice(0).map(String).join('')).toBe('N');
    await write(socket, startup);
    const deadline = Date.now() + 5000;
    while (chunks.length === 0 && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 10));
    await write(socket, Buffer.concat([password, query]));
    // Two ReadyForQuery messages: one after start-up, one after the query.
    while (Buffer.concat(chunks).toString('latin1').split('Z\0\0\0\x05I').length < 3 && Date.now() < deadline) {
      await new Promise((ok) => setTimeout(ok, 10));
    }
    socket.destroy();
    return Buffer.concat(chunks);
  }

  it('answers a query whose bytes arrive one at a time, as it answers one sent whole', async () => {
    const whole = await rawExchange(async (s, bytes) => void s.write(bytes));
    const trickled = await rawExchange(async (s, bytes) => {
      for (const b of bytes) {
        s.write(Buffer.of(b));
        await new Promise((ok) => setImmediate(ok));
      }
    });
    expect(whole.toString('latin1')).toContain('wholemessage');
    expect(trickled.toString('latin1')).toContain('wholemessage');
    // The query's answer (after start-up's ReadyForQuery) is the same, byte for byte.
    const answer = (b: Buffer) => b.subarray(b.indexOf('Z\0\0\0\x05I', 0, 'latin1') + 6);
    expect(answer(trickled).length).toBeGreaterThan(20);
    expect(answer(trickled)).toEqual(answer(whole));
  });

  it('carries statements of several megabytes both ways', async () => {
    const c = client();
    await c.connect();
    const big = 'é'.repeat(3_000_000);
    const r = await c.query<{ n: number; back: string }>('select length($1::text) as n, $1::text as back', [big]);
    expect(r.rows[0]!.n).toBe(3_000_000);
    expect(r.rows[0]!.back === big).toBe(true);
    await c.end();
  });

  it('gives the session to one connection at a time; the next waits until it ends', async () => {
    const a = client();
    const b = client();
    await a.connect();
    const order: string[] = [];
    const bConnected = b.connect().then(() => order.push('b connected'));
    // b's socket is open and its startup message sent; a keeps the session over a few round trips.
    const bSocket = (b as unknown as { connection: { stream: NodeJS.EventEmitter } }).connection.stream;
    await new Promise((ok) => bSocket.once('connect', ok));
    for (let i = 0; i < 5; i++) await a.query('select 1');
    order.push('a still working');
    await a.end();
    await bConnected;
    expect(order).toEqual(['a still working', 'b connected']);
    await b.end();
  });

  it('rolls back what a dropped connection left open, and drops its prepared statements and LISTENs', async () => {
    const a = client();
    await a.connect();
    await a.query({ name: 'by_id', text: 'select v from t where id = $1', values: [1] });
    await a.query('listen somewhere');
    await a.query('begin');
    await a.query("insert into t values (1, 'uncommitted')");
    // The socket goes away without a Terminate, as when the portal dies mid-transaction.
    (a as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
    a.on('error', () => undefined);

    const b = client();
    await b.connect();
    expect((await b.query('select count(*)::int as n from t')).rows[0].n).toBe(0);
    // The same name prepares again: the last session's statements are gone.
    const again = await b.query({ name: 'by_id', text: 'select v, id from t where id = $1', values: [1] });
    expect(again.rows).toEqual([]);
    expect((await b.query('select count(*)::int as n from pg_listening_channels()')).rows[0].n).toBe(0);
    await b.query("insert into t values (2, 'committed')");
    await b.end();
    const c = client();
    await c.connect();
    expect((await c.query('select v from t order by id')).rows).toEqual([{ v: 'committed' }]);
    await c.end();
  });

  it('reports errors as PostgreSQL does, and the session goes on', async () => {
    const c = new pg.Client({ host: dir, user: 'postgres', database: 'template1' });
    await c.connect();
    await expect(c.query('select * from no_such_table')).rejects.toMatchObject({ code: '42P01' });
    // The session is usable after an error.
    expect((await c.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
    await c.end();
  });

  it('sends no DEBUG notices, on the first connection and on those after it', async () => {
    for (let round = 0; round < 2; round++) {
      const c = client();
      const notices: string[] = [];
      c.on('notice', (n) => notices.push(`${n.severity}: ${n.message}`));
      await c.connect();
      try {
        await c.query({ name: 'one', text: 'select $1::int as x', values: [1] });
        await c.query('select 1');
        expect((await c.query('show client_min_messages')).rows).toEqual([{ client_min_messages: 'notice' }]);
        // The search path PGlite set is still there after the settings.
        expect((await c.query('select count(*)::int as n from t')).rows[0].n).toBeGreaterThanOrEqual(0);
      } finally {
        await c.end();
      }
      expect(notices).toEqual([]);
    }
  });

  it('keeps nothing of the rows it has sent: its heap does not grow with what it answered', async () => {
    const { setFlagsFromString } = await import('node:v8');
    const { runInNewContext } = await import('node:vm');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const c = client();
    await c.connect();
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    await c.query("select repeat('x', 100000) as v");
    const before = heap();
    // 400 answers of 100 kB: 40 MB of rows the server would hold if it kept what it parsed.
    try {
      for (let i = 0; i < 400; i++) await c.query(`select repeat('y', 100000) || ${i} as v`);
    } finally {
      await c.end();
    }
    const grown = heap() - before;
    expect(grown).toBeLessThan(10_000_000);
  });
});

describe('the portal with its embedded database in a process of its own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-embedded-proc-'));
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ dataDir });
    await database.migrate();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs PGlite in another process, on the data folder', async () => {
    expect(database.kind).toBe('pglite');
    expect(database.process!.pid).not.toBe(process.pid);
    const r = await database.db.execute(sql`select count(*)::int as n from users`);
    expect((r as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a second portal on the same folder, naming the one to stop', async () => {
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUseError);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    // The first is unharmed.
    await database.db.execute(sql`select 1`);
  });

  it('keeps no read from before a write: a committed change is seen by the next read', async () => {
    const cache = readCacheOf(database.db);
    const count = async () =>
      ((await database.db.execute(sql`select count(*)::int as n from geocontents`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await cache.get('n', count)).toBe(0);
    expect(await cache.get('n', async () => -1)).toBe(0); // served from memory
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into users (email, password_hash) values ('a@x.test', 'x')`);
    });
    // The write emptied the cache: the next read goes to the database.
    expect(await cache.get('n', async () => -1)).toBe(-1);
  });

  it('delivers a NOTIFY to the listener (the job runners wake-up)', async () => {
    let woken = 0;
    let wake: () => void = () => undefined;
    const firstWake = new Promise<void>((ok) => (wake = ok));
    const stop = await database.listen(
      'chartroom_test',
      () => {
        woken += 1;
        wake();
      },
      () => undefined,
    );
    await database.db.execute(sql`select pg_notify('chartroom_test', 'x')`);
    await firstWake;
    expect(woken).toBe(1);
    await stop();
  });

  it('is closed with the portal, and by itself when the portal dies', async () => {
    // A portal killed with -9: its database process sees the channel close and closes the database.
    const folder = mkdtempSync(join(tmpdir(), 'chartroom-embedded-kill-'));
    const script = `
      import { openDatabase } from './src/db/client.ts';
      const d = await openDatabase({ dataDir: ${JSON.stringify(folder)} });
      console.log(d.process.pid);
      setInterval(() => undefined, 1000);`;
    const portal = spawn(process.execPath, ['--conditions=@chartroom/source', '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const dbPid = Number(await new Promise<string>((ok) => portal.stdout!.once('data', (d: Buffer) => ok(d.toString()))));
    expect(dbPid).toBeGreaterThan(0);
    portal.kill('SIGKILL');
    const alive = () => {
      try {
        process.kill(dbPid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 10_000;
    while (alive() && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 50));
    expect(alive()).toBe(false);
    // Its folder is free again, and its data intact.
    const next = await openDatabase({ dataDir: folder });
    expect((await next.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).toMatchObject({ rows: [{ one: 1 }] });
    await next.close();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it('tells the portal when its database process is lost', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'chartroom-embedded-lost-'));
    const d = await openDatabase({ dataDir: folder });
    const lost = new Promise<string>((ok) => d.process!.onLost(ok));
    process.kill(d.process!.pid, 'SIGKILL');
    expect(await lost).toBe('signal SIGKILL');
    await d.close();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);
});
