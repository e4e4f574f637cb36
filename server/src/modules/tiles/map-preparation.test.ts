import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDemoS101Dataset, DEMO_S101_NAME } from '@chartroom/s101';
import { demoHarbourCell, writeS57 } from '@chartroom/s57';
import { fixtureDir, writeFixture } from '@chartroom/s102/fixtures.test-helper';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { waitFor } from '../../../test/wait-for.js';
import { jobs, mapCellStates, serverProcesses } from '../../db/schema/index.js';
import { ProcessRegistry } from '../../jobs/process-registry.js';
import { enqueueJob } from '../../jobs/queue.js';
import { JobRunner } from '../../jobs/runner.js';
import { loginProvider, postFiles, type Part } from '../charts/charts.test-helper.js';
import { buildChartSet } from './chart-set.js';
import { depthGridKeyOf } from './s102-tile.js';
import { tilePrepareJob, tilePrepareJobKind } from './tile-prepare.job.js';
import { packKeyOf } from './tile-pack.js';
import { TileStore } from './tile-store.js';
import { findChartVersion, listMapCharts } from './tiles.repository.js';
import { decodeTile, layerFeatures, tileOf } from './tiles.test-helper.js';

/** A copy of the demo harbour cell under another name (same waters: the names are what differ). */
const cellFile = (name: string): Part => ({
  name: 'files',
  filename: `${name}.000`,
  data: writeS57({ ...demoHarbourCell(), name: `${name}.000` }),
});

/** The pid of a process that has just ended: what a server killed with -9 leaves behind. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the background preparation of a geocontent map (tiles.prepare) and its status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const status = async (p: { gcId: number; headers: Record<string, string> }) => {
    const res = await get(`/api/geocontent/map-status?gcid=${p.gcId}`, p.headers);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  async function apply(p: { gcId: number; headers: Record<string, string> }, files: Part[]) {
    const staged = await postFiles(t, '/api/geocontent/addenc', p.headers, [...files, { name: 'gcid', value: String(p.gcId) }]);
    expect(staged.statusCode).toBe(200);
    const applied = await get(`/api/geocontent/ApplyEnc?guid=${staged.json().guid}`, p.headers);
    expect(applied.statusCode).toBe(200);
  }

  /** The tiles.prepare jobs of a geocontent not yet ended, by cell version key. */
  async function openPrepareKeys(gcId: number): Promise<string[]> {
    const rows = await t.database.db
      .select({ key: sql<string>`${jobs.payload} ->> 'key'` })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, tilePrepareJobKind),
          sql`${jobs.state} IN ('queued', 'running')`,
          sql`(${jobs.payload} ->> 'gcId')::integer = ${gcId}`,
        ),
      );
    return rows.map((r) => r.key).sort();
  }

  /** The keys of the geocontent's current chart set, as the map makes them. */
  async function currentSet(gcId: number) {
    const { db } = t.database;
    return buildChartSet(gcId, await findChartVersion(db, gcId), await listMapCharts(db, gcId));
  }

  it('queues a job per cell after an apply, says "pending" until they ran, then ready; a new edition queues only its cell', async () => {
    const p = await loginProvider(t, 'Preparing Office');
    await apply(p, [cellFile('XX5PREP1'), cellFile('XX5PREP2'), cellFile('XX5PREP3')]);
    const set = await currentSet(p.gcId);
    expect(set.cells.map((c) => c.name)).toEqual(['XX5PREP1', 'XX5PREP2', 'XX5PREP3']);
    // One job per cell version, named by the key the map uses for it.
    expect(await openPrepareKeys(p.gcId)).toEqual(set.cells.map((c) => c.key).sort());
    expect(await status(p)).toEqual({ cells: 3, ready: false, pending: 3, failed: 0 });

    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 3, ready: true, pending: 0, failed: 0 });
    expect(await openPrepareKeys(p.gcId)).toEqual([]);
    // Each cell's tile pack is in the blob store.
    for (const cell of set.cells) expect(await t.app.blobs.size(packKeyOf(cell)), cell.name).toBeGreaterThan(0);

    // A new edition of one cell: a new version of that cell only; the other two stay ready.
    await apply(p, [
      { name: 'files', filename: 'XX5PREP2.000', data: writeS57({ ...demoHarbourCell(), name: 'XX5PREP2.000', edition: 2 }) },
    ]);
    const after = await currentSet(p.gcId);
    const updated = after.cells.find((c) => c.name === 'XX5PREP2')!;
    expect(updated.edition).toBe(2);
    expect(await openPrepareKeys(p.gcId)).toEqual([updated.key]);
    expect(await status(p)).toEqual({ cells: 3, ready: false, pending: 1, failed: 0 });
    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 3, ready: true, pending: 0, failed: 0 });
  });

  it('answers a tile of a cell still being prepared, with its data', async () => {
    const p = await loginProvider(t, 'Impatient Office');
    await apply(p, [cellFile('XX5WAIT1')]);
    expect(await status(p)).toMatchObject({ cells: 1, pending: 1, ready: false });
    const taskId = (await get(`/api/geocontent/gotomap?gcid=${p.gcId}`, p.headers)).json().taskId;
    // The demo harbour light (10.05 E, 54.03 N) at zoom 10: the whole cell is in this tile.
    const { x, y } = tileOf(10.05, 54.03, 10);
    const res = await get(`/tiles/10/${x}/${y}.pbf?taskId=${taskId}`);
    expect(res.statusCode).toBe(200);
    const lights = layerFeatures(decodeTile(res.rawPayload), 'LIGHTS').map((f) => f.properties.OBJNAM);
    expect(lights).toContain('Demo Harbour Light');
    // Still pending: the tile was made on demand, not by the preparation.
    expect(await status(p)).toMatchObject({ pending: 1 });
    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 1, ready: true, pending: 0, failed: 0 });
  });

  it('resumes a preparation whose process died while it ran: another runner takes the job over', async () => {
    const p = await loginProvider(t, 'Crash Office');
    await apply(p, [cellFile('XX5CRSH1')]);
    const [key] = await openPrepareKeys(p.gcId);
    const { db } = t.database;

    // Another server process claims the job and is killed (-9) half way through preparing the cell.
    const doomed = new ProcessRegistry({ db, log: t.app.log });
    await doomed.start();
    const doomedRunner = new JobRunner({ db, log: t.app.log, processes: doomed });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    let unblock: () => void = () => undefined;
    const never = new Promise<void>((resolve) => (unblock = resolve));
    doomedRunner.register(tilePrepareJobKind, async () => {
      started();
      await never;
      throw new Error('killed');
    });
    const doomedRun = doomedRunner.runOne();
    await running;
    const [claimed] = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'key' = ${key!}`);
    expect(claimed).toMatchObject({ state: 'running', lockedBy: doomed.id, attempts: 1 });
    // What a killed process leaves: its row, with a pid no longer alive, and a lease not yet lapsed.
    await db.update(serverProcesses).set({ pid: deadPid() }).where(eq(serverProcesses.id, doomed.id));
    expect(await status(p)).toMatchObject({ pending: 1, ready: false });

    // This process's runner finds the holder gone (it asks which processes are, once a second) and prepares the cell.
    await waitFor(
      async () => {
        await t.app.jobs.drain();
        const [job] = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, claimed!.id));
        return job!.state === 'done';
      },
      { what: 'the job of the killed process to be taken over' },
    );
    expect(await status(p)).toEqual({ cells: 1, ready: true, pending: 0, failed: 0 });
    const [ended] = await db.select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(ended).toMatchObject({ state: 'done', attempts: 2 });
    const [state] = await db.select().from(mapCellStates).where(eq(mapCellStates.key, key!));
    expect(state).toMatchObject({ geocontentId: p.gcId, status: 'ready', attempts: 2, error: null });

    // The killed run cannot end the job over the one that finished it.
    unblock();
    await doomedRun;
    expect((await db.select().from(jobs).where(eq(jobs.id, claimed!.id)))[0]).toMatchObject({ state: 'done', attempts: 2 });
    await doomed.stop();
  });

  it('leaves alone a job whose cell version is no longer in its geocontent: an older version, or a cell of another', async () => {
    const mine = await loginProvider(t, 'Replacing Office');
    const theirs = await loginProvider(t, 'Other Office');
    await apply(mine, [cellFile('XX5REPL1')]);
    await apply(theirs, [cellFile('XX5THEI1')]);
    await t.app.jobs.drain();
    const [current] = (await currentSet(mine.gcId)).cells;
    const [other] = (await currentSet(theirs.gcId)).cells;
    const { db } = t.database;
    // The same cell as it was a moment before its current version, and the other office's cell named under this geocontent.
    const older = `${current!.id}:${Number(current!.key.split(':')[1]) - 1000}`;
    const ids = [
      await enqueueJob(db, tilePrepareJobKind, { gcId: mine.gcId, key: older }),
      await enqueueJob(db, tilePrepareJobKind, { gcId: mine.gcId, key: other!.key }),
    ];
    await t.app.jobs.drain();
    for (const id of ids) {
      const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
      expect(job).toMatchObject({ state: 'done', result: { skipped: 'replaced' } });
    }
    // Neither is counted in this geocontent's status, and neither made a pack.
    expect(await status(mine)).toEqual({ cells: 1, ready: true, pending: 0, failed: 0 });
    expect(await t.app.blobs.size(packKeyOf({ ...current!, key: older }))).toBeNull();
    const states = await db.select({ key: mapCellStates.key }).from(mapCellStates).where(eq(mapCellStates.geocontentId, mine.gcId));
    expect(states.map((r) => r.key)).toEqual([current!.key]);
  });

  it('records a cell whose preparation fails at every try as failed, counted apart from the ready ones', async () => {
    const p = await loginProvider(t, 'Broken Office');
    await apply(p, [cellFile('XX5GOOD1'), cellFile('XX5LOST1')]);
    const set = await currentSet(p.gcId);
    const lost = set.cells.find((c) => c.name === 'XX5LOST1')!;
    // The cell's file is gone from the store: it cannot be read, however often it is tried.
    for (const k of lost.blobKeys) await t.app.blobs.delete(k);

    // A runner as the portal's, but retrying at once (the portal waits 5 s, then 10 s).
    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024);
    const runner = new JobRunner({ db: t.database.db, log: t.app.log, backoffMs: 1 });
    runner.register(tilePrepareJobKind, tilePrepareJob({ db: t.database.db, store }));
    for (let round = 0; round < 10 && (await openPrepareKeys(p.gcId)).length > 0; round++) {
      await runner.drain();
      await new Promise((r) => setTimeout(r, 20));
    }
    await store.close();
    expect(await status(p)).toEqual({ cells: 2, ready: false, pending: 0, failed: 1 });
    const [state] = await t.database.db.select().from(mapCellStates).where(eq(mapCellStates.key, lost.key));
    expect(state).toMatchObject({ status: 'failed', attempts: 3 });
    expect(state!.error).toBe('The stored file was not found');
    // A short reason for the provider: no place on the server's disk.
    expect(state!.error).not.toContain(t.dataDir);
    expect(state!.error!.length).toBeLessThanOrEqual(200);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload} ->> 'key' = ${lost.key}`);
    expect(job).toMatchObject({ state: 'failed', attempts: 3 });

    // A later apply tries it again: it counts as pending, not failed, while it does (the new cell
    // is prepared at once; the lost one's next try waits for the portal's backoff).
    await apply(p, [cellFile('XX5MORE1')]);
    expect(await status(p)).toEqual({ cells: 3, ready: false, pending: 2, failed: 0 });
    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 3, ready: false, pending: 1, failed: 0 });
  });

  it('prepares an S-101 dataset after its upload, by the key the map gives it', async () => {
    const p = await loginProvider(t, 'S-101 Office');
    const up = await postFiles(t, '/api/geocontent/adds100', p.headers, [
      { name: 'files', filename: `${DEMO_S101_NAME}.000`, data: buildDemoS101Dataset() },
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const set = await currentSet(p.gcId);
    expect(set.cells.map((c) => [c.name, c.format])).toEqual([[DEMO_S101_NAME, 's101']]);
    expect(await openPrepareKeys(p.gcId)).toEqual([set.cells[0]!.key]);
    expect(set.cells[0]!.key).toMatch(/^s101-\d+:\d+$/);
    expect(await status(p)).toEqual({ cells: 1, ready: false, pending: 1, failed: 0 });
    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 1, ready: true, pending: 0, failed: 0 });
  });

  it('prepares an S-102 grid after its upload: its depths are stored and its tiles drawn from them', async () => {
    const p = await loginProvider(t, 'Grid Office');
    const path = join(fixtureDir(), 'grid.h5');
    await writeFixture(path, { edition: '3.0' });
    const up = await postFiles(t, '/api/geocontent/adds102', p.headers, [
      { name: 'files', filename: '102XX00GRID.h5', data: readFileSync(path) },
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const set = await currentSet(p.gcId);
    const grid = set.grids[0]!;
    expect(await openPrepareKeys(p.gcId)).toEqual([grid.key]);
    expect(await status(p)).toEqual({ cells: 1, ready: false, pending: 1, failed: 0 });

    // A tile over the 4 × 5 grid (10 m cells) drawn from the HDF5 file, before the preparation.
    const [w, s, e, n] = grid.bbox;
    const { x, y } = tileOf((w + e) / 2, (s + n) / 2, 19);
    const before = new TileStore(t.app.blobs, 16 * 1024 * 1024);
    const fromHdf5 = (await before.depthTile(set, 19, x, y)).body;
    await before.close();
    expect(fromHdf5).not.toBeNull();

    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 1, ready: true, pending: 0, failed: 0 });
    const stored = depthGridKeyOf(grid.key);
    expect(stored).toBe(`tiles/grids/v1/${grid.key.replace(':', '-')}.grid`);
    // Header and 20 float32 depths.
    expect(await t.app.blobs.size(stored)).toBeGreaterThan(80);
    expect(await t.app.blobs.size(stored)).toBeLessThan(400);

    // Without the HDF5 file the same tile is drawn, from the stored depths alone.
    await t.app.blobs.delete(grid.gridKey);
    const after = new TileStore(t.app.blobs, 16 * 1024 * 1024);
    const fromStored = (await after.depthTile(set, 19, x, y)).body;
    await after.close();
    expect(fromStored).toEqual(fromHdf5);
  });

  it('removes the stored packs and status rows of replaced cell versions in the periodic sweep, keeping the current ones', async () => {
    const p = await loginProvider(t, 'Sweep Office');
    const { db } = t.database;
    await apply(p, [cellFile('XX5SWEP1')]);
    await t.app.jobs.drain();
    const old = (await currentSet(p.gcId)).cells[0]!;
    const packOf = (key: string) => packKeyOf({ key });
    // The pack prepareCell made for the first edition.
    expect(await t.app.blobs.size(packOf(old.key))).toBeGreaterThan(0);

    await apply(p, [
      { name: 'files', filename: 'XX5SWEP1.000', data: writeS57({ ...demoHarbourCell(), name: 'XX5SWEP1.000', edition: 2 }) },
    ]);
    await t.app.jobs.drain();
    const now = (await currentSet(p.gcId)).cells[0]!;
    expect(now.key).not.toBe(old.key);
    const packBytes = await t.app.blobs.size(packOf(now.key));
    expect(packBytes).toBeGreaterThan(0);
    const rowsOf = async () =>
      (await db.select({ key: mapCellStates.key }).from(mapCellStates).where(eq(mapCellStates.geocontentId, p.gcId)))
        .map((r) => r.key)
        .sort();
    expect(await rowsOf()).toEqual([old.key, now.key].sort());

    const report = await t.app.sweepUploads();
    expect(report.oldPreparations).toBeGreaterThanOrEqual(2);
    expect(await t.app.blobs.size(packOf(old.key))).toBeNull();
    expect(await t.app.blobs.size(packOf(now.key))).toBe(packBytes);
    expect(await rowsOf()).toEqual([now.key]);
    expect(await status(p)).toEqual({ cells: 1, ready: true, pending: 0, failed: 0 });
    // Nothing old is left: the next sweep removes nothing of this geocontent.
    await t.app.sweepUploads();
    expect(await t.app.blobs.size(packOf(now.key))).toBe(packBytes);
  });

  it('prepares again, from the next sweep, the cells a new pack format left without a state (migration 0017)', async () => {
    const p = await loginProvider(t, 'Format Office');
    await apply(p, [cellFile('XX5FORM1'), cellFile('XX5FORM2')]);
    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 2, ready: true, pending: 0, failed: 0 });
    const keys = (await currentSet(p.gcId)).cells.map((c) => c.key).sort();

    // What the migration does to the states of format 1 packs, run as it is written.
    const migration = readFileSync(join(import.meta.dirname, '../../db/migrations/0017_map-packs-format-2.sql'), 'utf8');
    await t.database.db.execute(sql.raw(migration));
    expect(await status(p)).toEqual({ cells: 2, ready: false, pending: 2, failed: 0 });
    expect(await openPrepareKeys(p.gcId)).toEqual([]);

    await t.app.sweepUploads();
    expect(await openPrepareKeys(p.gcId)).toEqual(keys);
    // A second sweep queues nothing more while they wait.
    await t.app.sweepUploads();
    expect(await openPrepareKeys(p.gcId)).toEqual(keys);
    await t.app.jobs.drain();
    expect(await status(p)).toEqual({ cells: 2, ready: true, pending: 0, failed: 0 });
  });

  it('answers only the owner: another provider and an unknown geocontent 404, a user 403, no one 401', async () => {
    const owner = await loginProvider(t, 'Owner Office');
    const other = await loginProvider(t, 'Other Office');
    const user = await t.loginAs('user');
    expect(await status(owner)).toEqual({ cells: 0, ready: true, pending: 0, failed: 0 });
    const url = `/api/geocontent/map-status?gcid=${owner.gcId}`;
    expect((await get(url, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/geocontent/map-status?gcid=999999`, owner.headers)).statusCode).toBe(404);
    expect((await get(url, user.headers)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(401);
    const bad = await get('/api/geocontent/map-status?gcid=abc', owner.headers);
    expect(bad.statusCode).toBe(400);
  });
});
