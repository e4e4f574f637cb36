import { describe, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { testdataPath } from '../test/testdata.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// Temporary: the map's time to usable over US4MD81M, printed (before/after figures for the report).
describe.runIf(hasBrowser)('map timing', () => {
  const journey = setUpJourney();
  it('measures', async () => {
    const owner = await seedUser(journey.portal.database.db, { email: 'charts@e2e.test', password: 'charts-password', roles: ['user', 'provider'] });
    await seedProvider(journey.portal.database.db, { ownerUserId: owner.id, title: 'Survey', geocontentTitle: 'Chesapeake' });
    const { page } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'charts@e2e.test', 'charts-password');
    await page.goto('/provider?tab=catalog&sub=enc');
    await page
      .getByTestId('enc-tab')
      .locator('input[type=file]')
      .setInputFiles(['000', '001', '002', '003'].map((e) => testdataPath('s57/noaa-US4MD81M', `US4MD81M.${e}`)));
    await page.getByRole('button', { name: 'Upload and compare' }).click();
    const review = page.getByTestId('enc-confirm');
    await review.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('chart-table').waitFor();
    const applied = Date.now();
    const tiles: { t: number; url: string; ms: number }[] = [];
    let t0 = 0;
    page.on('requestfinished', async (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) console.log('API', url.pathname, Date.now() - t0, Math.round(req.timing().responseEnd));
      if (!url.pathname.startsWith('/tiles/')) return;
      tiles.push({ t: Date.now() - t0, url: url.pathname, ms: Math.round(req.timing().responseEnd) });
    });
    t0 = Date.now();
    console.log('TIMING since apply', t0 - applied);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.getByTestId('map-cell').first().waitFor();
    const panel = Date.now() - t0;
    const zoomOf = () => Number(new URL(page.url()).hash.slice(1).split('/')[0]);
    for (let i = 0; i < 100 && !zoomOf(); i++) await page.waitForTimeout(50);
    const start = new URL(page.url()).hash.slice(1).split('/');
    let fit = -1;
    for (let i = 0; i < 60 && fit < 0; i++) {
      const clickedAt = Date.now() - t0;
      await page.getByRole('button', { name: 'Whole collection' }).click();
      for (let k = 0; k < 30; k++) {
        await page.waitForTimeout(100);
        if (zoomOf() && zoomOf() < 15) {
          fit = clickedAt;
          break;
        }
      }
    }
    console.log('TIMING fit seen at', Date.now() - t0);
    console.log('TIMING panel', panel, 'fit', fit, 'first tiles', JSON.stringify(tiles.slice(0, 3)));
    await page.waitForTimeout(2000);
    const before = tiles.length;
    const t16 = Date.now();
    await page.goto(page.url().replace(/#.*/, '') + `#16/${start[1]}/${start[2]}`);
    for (let i = 0; i < 600; i++) {
      if (tiles.slice(before).some((x) => x.url.startsWith('/tiles/16/'))) break;
      await page.waitForTimeout(50);
    }
    console.log('TIMING first z16 tile', Date.now() - t16, JSON.stringify(tiles.slice(before).filter((x) => x.url.startsWith('/tiles/16/')).slice(0, 3)));
  });
});
