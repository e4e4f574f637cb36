import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedProvider } from '../../db/seed/factories.js';
import type { CellMeta } from '../charts/cell-meta.js';
import { upsertChart, upsertCollection } from '../charts/charts.repository.js';
import { buildChartSet } from './chart-set.js';
import { listMapCharts } from './tiles.repository.js';

// A new version's rows read knowing the previous set: only changed charts' coverage is read, and the rows are the same.
describe('the map rows of a new version, knowing the previous one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const square = (x: number, size: number) => [
    [
      [
        [x, 0],
        [x + size, 0],
        [x + size, size],
        [x, size],
        [x, 0],
      ],
    ],
  ];
  const meta = (x: number, size: number, hasCoverage = true): CellMeta => ({
    edition: 1,
    update: 0,
    releaseDate: null,
    scale: 50000,
    band: 4,
    description: null,
    bbox: [x, 0, x + size, size],
    coverage: hasCoverage ? { type: 'MultiPolygon', coordinates: square(x, size) } : null,
  });

  it('gives the rows a full read gives, after one cell changed and one was added', async () => {
    const db = t.database.db;
    const owner = await t.loginAs('provider');
    const { geocontent } = await seedProvider(db, { ownerUserId: owner.id, title: 'Known', geocontentTitle: 'Known charts' });
    const collection = await upsertCollection(db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
    const write = (name: string, m: CellMeta) =>
      upsertChart(db, { collectionId: collection.id, name, sourceType: 's57', blobKeys: [`k/${name}`], meta: m });
    await write('AA4CELL1', meta(0, 1));
    await write('AA4CELL2', meta(2, 1));
    await write('AA4CELL3', meta(4, 1, false));
    const first = buildChartSet(geocontent.id, 'v1', await listMapCharts(db, geocontent.id));

    await write('AA4CELL2', meta(2, 0.5));
    await write('AA4CELL4', meta(6, 1));
    const knowing = await listMapCharts(db, geocontent.id, first);
    const full = await listMapCharts(db, geocontent.id);
    expect(knowing).toEqual(full);
    expect(buildChartSet(geocontent.id, 'v2', knowing).cells.find((c) => c.name === 'AA4CELL2')?.coverage).toEqual(square(2, 0.5));
    expect(knowing.find((r) => r.name === 'AA4CELL3')?.coverage).toBeNull();
  });
});
