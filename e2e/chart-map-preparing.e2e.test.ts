import { buildDemoHarbourCell, DEMO_CELL_NAME, readS57 } from '@chartroom/s57';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { describeCell } from '../server/src/modules/charts/cell-meta.js';
import { upsertChart, upsertCollection } from '../server/src/modules/charts/charts.repository.js';
import { recordCellState } from '../server/src/modules/tiles/map-preparation.repository.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The provider's map while its cells are still being prepared: a small notice says how far the
// preparation is, and goes once every cell is ready. The cell is written through the repository with
// no preparation queued, so it stays pending until the journey records it ready.
describe.runIf(hasBrowser)('the chart map says how far its preparation is', () => {
  const journey = setUpJourney();

  it('shows "0 of 1 cell ready" over the map, then nothing once the cell is prepared', async () => {
    const { app, database } = journey.portal;
    const db = database.db;
    const owner = await seedUser(db, { email: 'preparing@e2e.test', password: 'preparing-password', roles: ['user', 'provider'] });
    const { geocontent } = await seedProvider(db, { ownerUserId: owner.id, title: 'Preparing Office', geocontentTitle: 'Preparing Set' });
    const collection = await upsertCollection(db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
    const bytes = Buffer.from(buildDemoHarbourCell());
    const key = `charts/${geocontent.id}/${DEMO_CELL_NAME}/e2e/${DEMO_CELL_NAME}.000`;
    await app.blobs.put(key, bytes);
    const row = await upsertChart(db, {
      collectionId: collection.id,
      name: DEMO_CELL_NAME,
      sourceType: 's57',
      blobKeys: [key],
      meta: describeCell(readS57(bytes, { fileName: `${DEMO_CELL_NAME}.000` })),
    });

    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'preparing@e2e.test', 'preparing-password');
    // The map task as the catalogue's Map button makes it.
    const goto = await app.inject({
      method: 'GET',
      url: `/api/geocontent/gotomap?gcid=${geocontent.id}`,
      headers: { authorization: `Bearer ${app.signToken(owner)}` },
    });
    const { taskId } = goto.json() as { taskId: string };
    await page.goto(`/map?taskId=${taskId}`);
    const notice = page.getByTestId('map-status');
    await expect.poll(() => notice.innerText()).toBe('Preparing the map: 0 of 1 cell ready');

    await recordCellState(db, { gcId: geocontent.id, key: `${row.id}:${row.updatedAt.getTime()}`, status: 'ready', attempts: 1 });
    await expect.poll(() => notice.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
