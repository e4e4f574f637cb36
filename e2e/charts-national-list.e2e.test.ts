import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { upsertChart, upsertCollection } from '../server/src/modules/charts/charts.repository.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A national set of 1,000 cells in the catalogue: the list comes a page at a time, pages through,
// and finds a cell by a part of its name (rows written through the repository, as an apply leaves them).
describe.runIf(hasBrowser)('provider browses a national set of 1,000 cells', () => {
  const journey = setUpJourney();

  it('lists 50 cells a page, pages to the last, and filters by name', async () => {
    const db = journey.portal.database.db;
    const owner = await seedUser(db, { email: 'national@e2e.test', password: 'national-password', roles: ['user', 'provider'] });
    const { geocontent } = await seedProvider(db, { ownerUserId: owner.id, title: 'National Office', geocontentTitle: 'National Set' });
    const collection = await upsertCollection(db, { geocontentId: geocontent.id, kind: 'enc', type: 's57' });
    for (let i = 0; i < 1000; i++) {
      const x = (i % 40) - 20;
      const y = Math.floor(i / 40) - 12;
      await upsertChart(db, {
        collectionId: collection.id,
        name: `GB5N${String(i).padStart(4, '0')}`,
        sourceType: 's57',
        blobKeys: [`charts/${geocontent.id}/GB5N${i}.000`],
        meta: {
          edition: 4,
          update: i % 5,
          releaseDate: '2026-05-01',
          scale: 12000,
          band: 5,
          description: `Harbour ${i}`,
          bbox: [x, y, x + 0.5, y + 0.5],
          coverage: null,
        },
      });
    }

    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'national@e2e.test', 'national-password');
    await page.goto('/provider?tab=catalog&sub=enc');
    const table = page.getByTestId('chart-table');
    await table.getByRole('row').filter({ hasText: 'GB5N0000' }).waitFor();
    await expect.poll(() => table.getByRole('row').count()).toBe(51);
    await expect.poll(() => page.getByTestId('chart-count').innerText()).toBe('1–50 of 1000 charts');

    await page.getByRole('button', { name: 'Page 20' }).click();
    await table.getByRole('row').filter({ hasText: 'GB5N0999' }).waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'GB5N0000' }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('chart-count').innerText()).toBe('951–1000 of 1000 charts');

    await page.getByLabel('Filter by name').fill('n042');
    await expect.poll(() => page.getByTestId('chart-count').innerText()).toBe('10 charts match');
    expect(await table.getByRole('row').count()).toBe(11);
    const row = await table.getByRole('row').filter({ hasText: 'GB5N0423' }).innerText();
    expect(row).toContain('4.3');
    expect(row).toContain('5 — Harbour');
    expect(errors).toEqual([]);
  });
});
