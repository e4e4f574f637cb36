import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemoHarbourCollection } from '../../db/seed/charts-demo.js';
import { chartCollections, charts, geocontents, s100Datasets } from '../../db/schema/index.js';
import { loginProvider } from '../charts/charts.test-helper.js';
import { findChartVersion } from './tiles.repository.js';

// The map's version of a geocontent's charts is its chart stamp, renewed by the database's
// triggers (migration 0018, decision 0036) whenever the map could show something else.
describe("a geocontent's chart version (its chart stamp)", () => {
  let t: TestApp;
  let gcId: number;
  let otherGcId: number;
  let collectionId: number;
  let chartId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const p = await loginProvider(t, 'Stamp Office');
    gcId = p.gcId;
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, gcId);
    const [gc] = await t.database.db.select({ providerId: geocontents.providerId }).from(geocontents).where(eq(geocontents.id, gcId));
    const [other] = await t.database.db
      .insert(geocontents)
      .values({ providerId: gc!.providerId, title: 'Another set' })
      .returning({ id: geocontents.id });
    otherGcId = other!.id;
    const [chart] = await t.database.db
      .select({ id: charts.id, collectionId: charts.collectionId })
      .from(charts)
      .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
      .where(eq(chartCollections.geocontentId, gcId));
    chartId = chart!.id;
    collectionId = chart!.collectionId;
  });
  afterAll(() => t.close());

  const version = (id = gcId) => findChartVersion(t.database.db, id);

  /** Runs `change` and says whether it gave this geocontent, and the other one, a new version. */
  async function changes(change: () => Promise<unknown>): Promise<{ mine: boolean; other: boolean }> {
    const [mine0, other0] = [await version(), await version(otherGcId)];
    await change();
    return { mine: (await version()) !== mine0, other: (await version(otherGcId)) !== other0 };
  }

  it('is 16 hex digits, one per geocontent', async () => {
    expect(await version()).toMatch(/^[0-9a-f]{16}$/);
    expect(await version(otherGcId)).toMatch(/^[0-9a-f]{16}$/);
    expect(await version()).not.toBe(await version(otherGcId));
  });

  it("changes when a chart is updated with a new update time, at the commit of the change's transaction", async () => {
    const before = await version();
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(charts)
        .set({ updatedAt: sql`now() + interval '1 second'` })
        .where(eq(charts.id, chartId));
      // Deferred to the commit: the geocontent's row is locked last.
      expect(await findChartVersion(tx, gcId)).toBe(before);
    });
    expect(await version()).not.toBe(before);
  });

  it('stays when a transaction that changed a chart rolls back', async () => {
    const before = await version();
    await t.database.db
      .transaction(async (tx) => {
        await tx
          .update(charts)
          .set({ updatedAt: sql`now() + interval '2 seconds'` })
          .where(eq(charts.id, chartId));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(before);
  });

  it('stays when a chart changes without a new update time (nothing the map reads)', async () => {
    expect(await changes(() => t.database.db.update(charts).set({ description: 'edited' }).where(eq(charts.id, chartId)))).toEqual({
      mine: false,
      other: false,
    });
  });

  it('changes when a chart is added or removed, and only for its own geocontent', async () => {
    let added = 0;
    expect(
      await changes(async () => {
        const [row] = await t.database.db
          .insert(charts)
          .values({ collectionId, name: 'XX5STAMP', sourceType: 's57', blobKeys: [] })
          .returning({ id: charts.id });
        added = row!.id;
      }),
    ).toEqual({ mine: true, other: false });
    expect(await changes(() => t.database.db.delete(charts).where(eq(charts.id, added)))).toEqual({ mine: true, other: false });
  });

  it("changes with an S-101 dataset, not with another product's", async () => {
    const dataset = (product: string, name: string) => ({
      geocontentId: gcId,
      product,
      name,
      fileName: `${name}.000`,
      edition: 1,
      update: 0,
      issueDate: '2026-01-01',
      blobKeys: [],
      sha256: [],
    });
    expect(await changes(() => t.database.db.insert(s100Datasets).values(dataset('S-101', '101XX00STAMP')))).toEqual({
      mine: true,
      other: false,
    });
    expect(await changes(() => t.database.db.insert(s100Datasets).values(dataset('S-104', '104XX00STAMP')))).toEqual({
      mine: false,
      other: false,
    });
    expect(await changes(() => t.database.db.delete(s100Datasets).where(eq(s100Datasets.name, '101XX00STAMP')))).toEqual({
      mine: true,
      other: false,
    });
  });

  it('changes when a collection goes with its charts, and a geocontent can still be deleted whole', async () => {
    expect(await changes(() => t.database.db.delete(chartCollections).where(eq(chartCollections.id, collectionId)))).toEqual({
      mine: true,
      other: false,
    });
    await seedDemoHarbourCollection(t.database.db, t.app.blobs, otherGcId);
    await t.database.db.delete(geocontents).where(eq(geocontents.id, otherGcId));
    expect(await version(otherGcId)).toBe('');
  });
});
