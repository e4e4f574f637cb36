import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProvider } from '../../db/seed/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import type { CellMeta } from '../charts/cell-meta.js';
import { upsertChart, upsertCollection } from '../charts/charts.repository.js';

const meta = (bbox: [number, number, number, number]): CellMeta => ({
  edition: 1,
  update: 0,
  releaseDate: null,
  scale: null,
  band: null,
  description: null,
  bbox,
  coverage: null,
});

describe('public catalogue stats', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/catalogue/stats' })).json();

  it('counts only the charts of geocontents with an enabled product, without signing in', async () => {
    const before = await stats();
    const who = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: who.id,
      title: 'Stats Office',
      geocontentTitle: 'Stats Charts',
    });
    const enc = await upsertCollection(t.database.db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
    for (const [name, box] of [
      ['XX5STAT1', [10, 50, 11, 51]],
      ['XX5STAT2', [12, 49, 13, 50.5]],
    ] as const)
      await upsertChart(t.database.db, { collectionId: enc.id, name, sourceType: 's57', blobKeys: [], meta: meta([...box]) });

    // Charts without a product are not published: nothing changes.
    expect(await stats()).toEqual(before);

    const product = await t.app.inject({
      method: 'POST',
      url: '/api/providers/AddUpdateProduct',
      headers: who.headers,
      payload: { gcid: geocontent.id, licType: 'free' },
    });
    expect(product.statusCode).toBe(200);
    const after = await stats();
    expect(after.encCharts).toBe(before.encCharts + 2);
    expect(after.s102Grids).toBe(before.s102Grids);
    expect(after.providers).toBe(before.providers + 1);
    expect(after.bbox[0]).toBeLessThanOrEqual(10);
    expect(after.bbox[3]).toBeGreaterThanOrEqual(51);
  });
});
