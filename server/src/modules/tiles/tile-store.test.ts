import { readdirSync, readlinkSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemoHarbourCollection } from '../../db/seed/charts-demo.js';
import { loginProvider } from '../charts/charts.test-helper.js';
import { CellTiles } from './cell-tiles.js';
import { packKeyOf } from './tile-pack.js';
import { TilePack } from './tile-pack-reader.js';
import { TileStore } from './tile-store.js';
import { tileWarmJob } from './tile-warm.job.js';
import { findChartVersion, listMapCharts } from './tiles.repository.js';
import { decodeTile, layerFeatures, tileOf } from './tiles.test-helper.js';

describe('tile store: packs, bounded memory and the warm job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function geocontentWithDemoCell(title: string) {
    const p = await loginProvider(t, title);
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, p.gcId);
    return p.gcId;
  }
  async function chartSetOf(store: TileStore, gcId: number) {
    return store.chartSet(gcId, await findChartVersion(t.database.db, gcId), () => listMapCharts(t.database.db, gcId));
  }
  async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
    for (let i = 0; ; i++) {
      const v = await read();
      if (ok(v) || i > 100) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('answers a cell not yet prepared from the cell itself, stores its pack, and prepares each version once', async () => {
    const gcId = await geocontentWithDemoCell('Pack Office');
    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const set = await chartSetOf(store, gcId);
    const cell = set.cells[0]!;
    const key = packKeyOf(cell);
    expect(await t.app.blobs.size(key)).toBeNull();
    const { x, y } = tileOf(10.05, 54.03, 14);
    const onDemand = (await store.vectorTile(set, 14, x, y)).body!;
    expect(layerFeatures(decodeTile(onDemand), 'DEPARE').length).toBeGreaterThan(0);
    // The thread stored the pack it made, for every other thread and process.
    expect(
      await eventually(
        () => t.app.blobs.size(key),
        (s) => s !== null,
      ),
    ).toBeGreaterThan(1000);

    expect(await store.prepareCell(cell)).toMatchObject({ key, skipped: true });
    await t.app.blobs.delete(key);
    const made = await store.prepareCell(cell);
    expect(made).toMatchObject({ key, skipped: false });
    expect(made.bytes).toBe(await t.app.blobs.size(key));
    expect(await TilePack.open((s, l) => t.app.blobs.readRange(key, s, l))).not.toBeNull();

    // Another process (a store of its own) cuts the same tile from the stored pack.
    const other = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const fromPack = (await other.vectorTile(await chartSetOf(other, gcId), 14, x, y)).body!;
    expect(gunzipSync(fromPack)).toEqual(gunzipSync(onDemand));
    await other.close();
    await store.close();
  });

  it('keeps opened packs within its byte budget, opening an evicted one again when asked', async () => {
    const gcA = await geocontentWithDemoCell('Budget A');
    const gcB = await geocontentWithDemoCell('Budget B');
    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const a = (await chartSetOf(store, gcA)).cells;
    const b = (await chartSetOf(store, gcB)).cells;
    await store.prepareCell(a[0]!);
    await store.prepareCell(b[0]!);
    await store.close();
    const { x, y } = tileOf(10.05, 54.03, 14);
    // The tables of one pack, then a budget that holds one and a half of them.
    const roomy = new CellTiles(t.app.blobs, 64 * 1024 * 1024);
    await roomy.vectorTile(a, 14, x, y);
    const tableBytes = roomy.heldBytes;
    expect(tableBytes).toBeGreaterThan(0);
    const budget = Math.ceil(tableBytes * 1.5);
    const tiles = new CellTiles(t.app.blobs, budget);
    const depthAreas = async (cells: typeof a, z: number, tx: number, ty: number) =>
      layerFeatures(decodeTile(Buffer.from((await tiles.vectorTile(cells, z, tx, ty))!)), 'DEPARE').length;
    expect(await depthAreas(a, 14, x, y)).toBeGreaterThan(0);
    expect(tiles.heldBytes).toBe(tableBytes);
    await depthAreas(b, 14, x, y);
    expect(tiles.heldBytes).toBeLessThanOrEqual(budget);
    const deeper = tileOf(10.05, 54.03, 15);
    expect(await depthAreas(a, 15, deeper.x, deeper.y)).toBeGreaterThan(0);
    expect(tiles.heldBytes).toBeLessThanOrEqual(budget);
  });

  it("warms the tiles of the starting view after a change, and drops the old version's tiles", async () => {
    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const gcId = await geocontentWithDemoCell('Warm Office');
    const old = await chartSetOf(store, gcId);
    const start = tileOf(10.05, 54.03, 15);
    await store.vectorTile(old, 15, start.x, start.y);
    expect(store.hasTile(old, 'pbf', 15, start.x, start.y)).toBe(true);

    await seedDemoHarbourCollection(t.database.db, t.app.blobs, gcId);
    const result = (await tileWarmJob({ db: t.database.db, store })({ gcId }, { db: t.database.db, log: t.app.log, job: {} as never })) as {
      warmed: number;
    };
    expect(result.warmed).toBeGreaterThanOrEqual(9);
    const fresh = await chartSetOf(store, gcId);
    expect(fresh.version).not.toBe(old.version);
    expect(store.hasTile(fresh, 'pbf', 15, start.x, start.y)).toBe(true);
    expect(store.hasTile(fresh, 'pbf', 14, tileOf(10.05, 54.03, 14).x, tileOf(10.05, 54.03, 14).y)).toBe(true);
    expect(store.hasTile(old, 'pbf', 15, start.x, start.y)).toBe(false);
    await store.close();
  });

  it('warms a thread up on a stored pack: tiles of every zoom it reads in its own way, each after the thread’s own tasks', async () => {
    const gcId = await geocontentWithDemoCell('Warm-up Office');
    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const set = await chartSetOf(store, gcId);
    const cell = set.cells[0]!;
    const { key } = await store.prepareCell(cell);
    await store.close();

    const pack = (await TilePack.open((s, l) => t.app.blobs.readRange(key, s, l)))!;
    const planned = pack.warmUpTiles(400);
    // Made ahead (10 to the bucket zoom) and cut from a bucket (deeper, to 15).
    expect(new Set(planned.map(([z]) => z))).toEqual(new Set([10, 11, 12, 13, 14, 15]));
    expect(pack.warmUpTiles(5)).toHaveLength(5);

    const tiles = new CellTiles(t.app.blobs, 64 * 1024 * 1024);
    let waits = 0;
    const idle = () => {
      waits++;
      return Promise.resolve();
    };
    // The keys that name a stored pack are warmed on; the demo cell gives fewer tiles than asked.
    expect(planned.length).toBeLessThan(400);
    expect(await tiles.warmUp(['tiles/packs/v2/none-such.pack', key], 400, idle)).toBe(planned.length);
    expect(waits).toBe(planned.length);
    expect(await tiles.warmUp(['tiles/packs/v2/none-such.pack'], 400, idle)).toBe(0);
    // A pack that gives too few: the next one goes on until as many as asked are made, and no more.
    expect(await tiles.warmUp([key, 'tiles/packs/v2/none-such.pack', key], planned.length + 3, idle)).toBe(planned.length + 3);
    expect(await tiles.warmUp([key, key, key], 2, idle)).toBe(2);

    // A store whose threads warm up on the last prepared cells answers tiles meanwhile, the same.
    const warming = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    warming.startThreads(async () => [cell.key]);
    const cold = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const { x, y } = tileOf(10.05, 54.03, 14);
    const a = (await warming.vectorTile(await chartSetOf(warming, gcId), 14, x, y)).body!;
    const b = (await cold.vectorTile(await chartSetOf(cold, gcId), 14, x, y)).body!;
    expect(gunzipSync(a)).toEqual(gunzipSync(b));
    await warming.close();
    await cold.close();
  });

  it('reads a stored pack through a file it keeps open (local disk), and closes it when the store closes', async () => {
    const gcId = await geocontentWithDemoCell('Open Files Office');
    const preparing = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const set = await chartSetOf(preparing, gcId);
    const { key } = await preparing.prepareCell(set.cells[0]!);
    await preparing.close();
    /** This process's descriptors open on the pack's file (Linux). */
    const openOnPack = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).endsWith(key);
        } catch {
          return false;
        }
      }).length;
    expect(openOnPack()).toBe(0);

    const store = new TileStore(t.app.blobs, 64 * 1024 * 1024, { threads: 1 });
    const { x, y } = tileOf(10.05, 54.03, 14);
    const fresh = await chartSetOf(store, gcId);
    expect((await store.vectorTile(fresh, 14, x, y)).body).not.toBeNull();
    const deeper = tileOf(10.05, 54.03, 15);
    expect((await store.vectorTile(fresh, 15, deeper.x, deeper.y)).body).not.toBeNull();
    // On local disk one descriptor, kept for the tiles after the first; on S3 every read is a
    // request and no file is open.
    expect(openOnPack()).toBe(t.app.blobs.kind === 'local' ? 1 : 0);
    await store.close();
    expect(openOnPack()).toBe(0);
  });
});
