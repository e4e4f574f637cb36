import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { runTransaction } from '../../db/after-commit.js';
import { seedDemoHarbourCollection } from '../../db/seed/charts-demo.js';
import { upsertCollection } from '../charts/charts.repository.js';
import { loginProvider } from '../charts/charts.test-helper.js';
import { listenChartsChanged } from './chart-changes.js';
import { findChartVersion } from './tiles.repository.js';
import { tileOf } from './tiles.test-helper.js';

// The word that a geocontent's charts changed (`noteChartsChanged`) makes the tile store forget the
// map tasks it remembers for a second. It is sent once the write has committed: sent inside the
// transaction, a tile asked in between reads the old version (on PostgreSQL, from another
// connection) and the store remembers it after the commit.
describe('the charts-changed notice is sent after the commit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function mappedGeocontent(title: string) {
    const p = await loginProvider(t, title);
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, p.gcId);
    const taskId: string = (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json()
      .taskId;
    const { x, y } = tileOf(10.05, 54.03, 10); // the demo harbour cell
    return { gcId: p.gcId, tileUrl: `/tiles/10/${x}/${y}.pbf?taskId=${taskId}` };
  }
  const etagVersion = (etag: unknown) => String(etag).split('-')[1]?.replace('"', '');

  it('a tile asked between the write and the commit is not remembered at the old version', async () => {
    const { gcId, tileUrl } = await mappedGeocontent('Notice Office One');
    const before = await t.app.inject({ method: 'GET', url: tileUrl });
    expect(before.statusCode).toBe(200);
    const oldVersion = await findChartVersion(t.database.db, gcId);
    expect(etagVersion(before.headers.etag)).toBe(oldVersion);

    // A tile asked between the write and the commit. On PostgreSQL it is answered from another
    // connection before the commit (the old version); the embedded database has one connection, so
    // there it waits for the commit and nothing can be asked in between.
    let between: Promise<{ headers: Record<string, unknown> }> | undefined;
    await runTransaction(t.database.db, async (tx) => {
      await upsertCollection(tx, { geocontentId: gcId, kind: 'enc', type: 's57', metaInfo: { note: 'changed' } });
      between = t.app.inject({ method: 'GET', url: tileUrl });
      if (process.env.DATABASE_URL) expect(etagVersion((await between).headers.etag)).toBe(oldVersion);
    });
    await between;
    const newVersion = await findChartVersion(t.database.db, gcId);
    expect(newVersion).not.toBe(oldVersion);
    // Within the store's one-second memo of the task: the next tile is made from the new version.
    const after = await t.app.inject({ method: 'GET', url: tileUrl });
    expect(etagVersion(after.headers.etag)).toBe(newVersion);
  });

  it('comes after the transaction has finished its work, and not at all when it rolls back', async () => {
    const { gcId } = await mappedGeocontent('Notice Office Two');
    const events: string[] = [];
    const stop = listenChartsChanged((changed) => {
      if (changed === gcId) events.push('notice');
    });
    try {
      await expect(
        runTransaction(t.database.db, async (tx) => {
          await upsertCollection(tx, { geocontentId: gcId, kind: 'enc', type: 's57', metaInfo: { note: 'rolled back' } });
          throw new Error('the write fails after the collection');
        }),
      ).rejects.toThrow('the write fails after the collection');
      expect(events).toEqual([]);

      await runTransaction(t.database.db, async (tx) => {
        await upsertCollection(tx, { geocontentId: gcId, kind: 'enc', type: 's57', metaInfo: { note: 'kept' } });
        events.push('work done');
      });
      expect(events).toEqual(['work done', 'notice']);
    } finally {
      stop();
    }
  });

  it('refuses a write of charts in a transaction that cannot send its notice after the commit', async () => {
    const { gcId } = await mappedGeocontent('Notice Office Three');
    await expect(t.database.db.transaction((tx) => upsertCollection(tx, { geocontentId: gcId, kind: 'enc', type: 's57' }))).rejects.toThrow(
      /runTransaction/,
    );
  });
});
