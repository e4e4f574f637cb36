import { buildDemoHarbourCell } from '@chartroom/s57';
import { buildDemoS101Dataset, buildDemoS101Update } from '@chartroom/s101';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A provider uploads an S-101 dataset and its update (written by packages/s101) on the catalogue's
// S-100 tab and sees it listed and on the chart map; an S-57 cell sent as S-100 is refused with its name.
describe.runIf(hasBrowser)('provider uploads S-100 datasets', () => {
  const journey = setUpJourney();

  it('uploads an S-101 dataset with its update, lists it, refuses an S-57 cell by name, and sees the dataset on the map', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 's100@e2e.test',
      password: 's100-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, { ownerUserId: owner.id, title: 'S-100 Survey', geocontentTitle: 'S-100 Approaches' });

    // The refused upload's 400 is logged by the browser as a failed resource.
    const { page, errors } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 400/] });
    await signIn(page, 's100@e2e.test', 's100-password');
    await page.goto('/provider?tab=catalog&sub=s100');
    const tab = page.getByTestId('s100-tab');
    await tab.getByText('No S-100 datasets yet.').waitFor();
    await tab.locator('input[type=file]').setInputFiles([
      { name: '101XX00DEMO01.000', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoS101Dataset()) },
      { name: '101XX00DEMO01.001', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoS101Update(1)) },
    ]);
    await page.getByText('2 files chosen').waitFor();
    await tab.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('upload-progress').getByText('Done').waitFor();

    const row = page.getByTestId('s100-table').getByRole('row').filter({ hasText: '101XX00DEMO01' });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('S-101');
    expect(text).toContain('1.1');
    expect(text).toContain('2024-04-01');
    expect(text).toMatch(/\d+ features of \d+ types/);

    await tab
      .locator('input[type=file]')
      .setInputFiles([{ name: 'XX5DEMO1.000', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourCell()) }]);
    await tab.getByRole('button', { name: 'Upload' }).click();
    await tab
      .getByRole('alert')
      .getByText(/XX5DEMO1\.000/)
      .waitFor();
    expect(await page.getByTestId('s100-table').getByRole('row').count()).toBe(2);

    // Drawn on the chart map, through the same tiles as S-57 cells.
    const tiles: number[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/tiles/')) tiles.push(r.status());
    });
    await page.goto('/provider?tab=catalog&sub=s100');
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.waitForURL(/\/map\?taskId=[0-9a-f]+/);
    await expect.poll(() => page.getByTestId('map-cell').first().textContent()).toContain('101XX00DEMO01');
    await expect.poll(() => tiles.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
