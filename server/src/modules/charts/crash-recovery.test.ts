import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { buildDemoHarbourCell } from '@chartroom/s57';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onS3Store, type TestApp } from '../../../test/helper.js';
import { encUploads, jobs, serverProcesses } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { appliedKeysOf } from './enc-apply.js';
import { loginProvider, postFiles } from './charts.test-helper.js';
import { s63ConversionJobKind } from './s63-conversion.job.js';

/** The pid of a process that has just ended: what a server killed with -9 leaves behind. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('after a crash (kill -9) the next start cleans up and takes over', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A server process registered on this host whose pid is dead, with a recent heartbeat. */
  async function registerDeadProcess(): Promise<string> {
    const id = randomUUID();
    await t.database.db.insert(serverProcesses).values({ id, hostname: hostname(), pid: deadPid() });
    return id;
  }

  it.skipIf(onS3Store)('removes partial files and the upload folder a dead process was writing', async () => {
    const dead = await registerDeadProcess();
    const folder = `${t.dataDir}/blobs/staging/${randomUUID()}`;
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${folder}/.${dead}.${randomUUID()}.part`, Buffer.alloc(4096));
    // A partial file of this (live) process is left alone.
    const mine = `${t.dataDir}/blobs/staging/${randomUUID()}`;
    mkdirSync(mine, { recursive: true });
    writeFileSync(`${mine}/.${t.app.processes.id}.${randomUUID()}.part`, Buffer.alloc(10));

    const report = await t.app.sweepUploads();
    expect(report).toMatchObject({ partFiles: 1, orphanFolders: 1 });
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(mine)).toBe(true);
  });

  it('reopens an upload a dead process was applying, removing its half-made copies, so Apply runs again', async () => {
    const p = await loginProvider(t);
    const { guid } = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'files', filename: 'XX5DEMO1.000', data: buildDemoHarbourCell() },
        { name: 'gcid', value: String(p.gcId) },
      ])
    ).json();
    const dead = await registerDeadProcess();
    const [upload] = await t.database.db
      .update(encUploads)
      .set({ state: 'applying', claimedBy: dead })
      .where(eq(encUploads.guid, guid))
      .returning();
    // The dead process had copied the cell before it died.
    const copy = appliedKeysOf(upload!)[0]!;
    await t.app.blobs.put(copy, new Uint8Array([1, 2, 3]));
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: p.headers });
    expect((await get(`/api/geocontent/ApplyEnc?guid=${guid}`)).statusCode).toBe(409);

    expect((await t.app.sweepUploads()).reopenedUploads).toBe(1);
    expect(await t.app.blobs.list('')).not.toContain(copy);
    expect((await get(`/api/geocontent/GetEncUpload?guid=${guid}`)).json().state).toBe('saved');
    expect((await get(`/api/geocontent/ApplyEnc?guid=${guid}`)).json()).toBe(true);
    const list = (await get(`/charts/getCollection?gcid=${p.gcId}`)).json();
    expect(list.charts.map((c: { name: string }) => c.name)).toEqual(['XX5DEMO1']);
  });

  it('removes staged uploads past their expiry with their files; until then the owner sees the expiry', async () => {
    const p = await loginProvider(t, 'Expiry Office');
    const staged = (
      await postFiles(t, '/api/geocontent/addenc', p.headers, [
        { name: 'files', filename: 'XX5DEMO1.000', data: buildDemoHarbourCell() },
        { name: 'gcid', value: String(p.gcId) },
      ])
    ).json();
    const listed = (await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUploads?gcid=${p.gcId}`, headers: p.headers })).json();
    expect(listed).toEqual([expect.objectContaining({ guid: staged.guid, state: 'staged', expiresAt: staged.expiresAt })]);
    expect(await t.app.blobs.list(`staging/${staged.guid}`)).not.toEqual([]);

    await t.database.db
      .update(encUploads)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(encUploads.guid, staged.guid));
    expect((await t.app.sweepUploads()).expiredUploads).toBe(1);
    expect(await t.app.blobs.list(`staging/${staged.guid}`)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/geocontent/GetEncUploads?gcid=${p.gcId}`, headers: p.headers })).json()).toEqual(
      [],
    );
  });

  it('runs at once a job whose process is gone, without waiting out its lease', async () => {
    const dead = await registerDeadProcess();
    const db = t.database.db;
    // Jobs the earlier cases queued (an apply queues tile warming and device update notices) run first.
    await t.app.jobs.drain();
    const id = await enqueueJob(db, s63ConversionJobKind, { conversionId: 2_000_000_000, deviceKey: '12345' });
    // Claimed by the dead process a moment ago: its lease has most of five minutes left.
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: dead, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(jobs.id, id));
    expect(await t.app.jobs.drain()).toBe(1);
    const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });

    // A job held by a live process (this one) is not taken.
    const held = await enqueueJob(db, s63ConversionJobKind, { conversionId: 2_000_000_001, deviceKey: '12345' });
    await db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: t.app.processes.id, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(jobs.id, held));
    expect(await t.app.jobs.drain()).toBe(0);
  });
});
