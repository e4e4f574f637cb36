import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { seedLicense, seedProduct } from '../server/src/db/seed/licensing-demo.js';
import { multipart, type Part } from '../server/src/modules/charts/charts.test-helper.js';
import { userPermitFor } from '../server/src/modules/device-api/device-api.test-helper.js';
import { hasTestdata, testdataPath } from '../test/testdata.js';
import { downloadColours, routeColours, statusColours } from '../web/src/features/my-charts/lib/coverage-colours.js';
import { hasBrowser, openSession, seriousA11yViolations, setUpJourney, signIn, type Portal } from './harness.js';

// The mariner's own charts (issue 37): the cabinet's map shows the coverage of their licences in
// the colour of each cell's status on the device (download colours when zoomed out past
// 1:5,000,000), a route checked against the S-64 harbour cells shows what it lacks and its price,
// and the ENC update status report downloads.

const s64 = (name: string): Part => ({
  name: 'files',
  filename: `${name}.000`,
  data: new Uint8Array(readFileSync(testdataPath('s57/iho-s64-2.1.1', `${name}.000`))),
});

/** A provider office whose geocontent holds these S-64 cells (uploaded and applied as a provider does), with a product at a price. */
async function seedChartOffice(portal: Portal, title: string, cells: string[], price: number) {
  const { app, database } = portal;
  const owner = await seedUser(database.db, {
    email: `${title.toLowerCase().replace(/\W+/g, '-')}@e2e.test`,
    password: 'office-password',
    roles: ['user', 'provider'],
  });
  const { geocontent } = await seedProvider(database.db, { ownerUserId: owner.id, title, geocontentTitle: `${title} charts` });
  const headers = { authorization: `Bearer ${app.signToken(owner)}` };
  const body = multipart([...cells.map(s64), { name: 'gcid', value: String(geocontent.id) }]);
  const staged = await app.inject({
    method: 'POST',
    url: '/api/geocontent/addenc',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(staged.statusCode).toBe(200);
  const applied = await app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${staged.json().guid}`, headers });
  expect(applied.statusCode).toBe(200);
  return seedProduct(database.db, { geocontentId: geocontent.id, licType: 'com', price });
}

type Charts = { devices: { installationId: number }[]; cells: { name: string; status: Record<string, string> }[] };

/** A route from open water (no chart) east through the approach (band 4) and the harbour cells (band 5). */
const harbourRoute = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="chartroom-e2e" xmlns="http://www.topografix.com/GPX/1/1">
  <rte><name>Harbour approach</name>
    <rtept lat="-32.48" lon="60.55"/>
    <rtept lat="-32.48" lon="60.92"/>
    <rtept lat="-32.48" lon="60.99"/>
    <rtept lat="-32.48" lon="61.10"/>
  </rte>
</gpx>
`;

/** How many pixels of the map canvas are (within a few levels) each of these colours. */
async function countColours(page: Page, colours: Record<string, string>): Promise<Record<string, number>> {
  const png = await page.getByTestId('chart-map').locator('canvas').screenshot();
  return page.evaluate(
    async ({ b64, colours }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const targets = Object.entries(colours).map(([name, hex]) => ({
        name,
        rgb: [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)),
      }));
      const counts: Record<string, number> = Object.fromEntries(targets.map(({ name }) => [name, 0]));
      for (let i = 0; i < data.length; i += 4) {
        const hit = targets.find(({ rgb }) => rgb.every((c, k) => Math.abs(data[i + k]! - c) <= 6));
        if (hit) counts[hit.name]! += 1;
      }
      return counts;
    },
    { b64: png.toString('base64'), colours },
  );
}

describe.runIf(hasBrowser && hasTestdata)('my charts', () => {
  const journey = setUpJourney();

  it('shows the coverage coloured by status with its legend, checks a route for its missing cells, downloads the report', async () => {
    const { portal } = journey;
    const { app, database } = portal;
    const approach = await seedChartOffice(portal, 'Approach Office', ['GB4X0000'], 120);
    const harbour = await seedChartOffice(portal, 'Harbour Office', ['GB5X01NW'], 80);
    await seedChartOffice(portal, 'Berth Office', ['GB5X01NE', 'GB5X01SW', 'GB5X01SE'], 95);

    // The mariner holds the approach licence; their ship downloads it whole, then they also license
    // the harbour cell, which is not on board yet. The berth cells they do not hold.
    const mariner = await seedUser(database.db, { email: 'mariner@e2e.test', password: 'mariner-password' });
    const headers = { authorization: `Bearer ${app.signToken(mariner)}` };
    await seedLicense(database.db, { productId: approach.id, userId: mariner.id, deviceCount: 2 });
    const deviceId = 'SHIP-E2E01';
    const activation = await app.inject({
      method: 'POST',
      url: '/api/installation/activate',
      headers,
      payload: { deviceId, applicationTypeId: 101, platformId: 1, durationMonths: 12 },
    });
    expect(activation.statusCode).toBeLessThan(300);
    const redeemed = await app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${activation.json().id}/redeem`,
      payload: { deviceId, platformId: 1, applicationTypeId: 101, userPermit: userPermitFor('E2E01') },
    });
    expect(redeemed.statusCode).toBe(200);
    const deviceHeaders = { authorization: `Bearer ${redeemed.json().token}` };
    const set = await app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: deviceHeaders,
      payload: { productVersions: [] },
    });
    expect(set.statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: set.json().url, headers: deviceHeaders })).statusCode).toBe(200);
    const statusOf = async (name: string) => {
      const charts = (await app.inject({ method: 'GET', url: '/api/user/charts', headers })).json() as Charts;
      return charts.cells.find((c) => c.name === name)?.status[String(charts.devices[0]?.installationId)];
    };
    await expect.poll(() => statusOf('GB4X0000')).toBe('current');
    await seedLicense(database.db, { productId: harbour.id, userId: mariner.id, deviceCount: 2 });
    expect(await statusOf('GB5X01NW')).toBe('not-on-board');

    const { page, errors } = await openSession(journey.browser, portal.url);
    await signIn(page, 'mariner@e2e.test', 'mariner-password');
    await page.goto('/user');
    const section = page.getByRole('region', { name: 'My charts' });
    await section.getByRole('heading', { name: 'My charts', level: 3 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);

    // The cells beside the map: held against latest, and the status on the ship.
    const cells = section.getByRole('table', { name: 'My charts' });
    const approachRow = cells.getByRole('row').filter({ hasText: 'GB4X0000' });
    await approachRow.waitFor();
    expect(await approachRow.innerText()).toMatch(/Edition 1, update 0\s+Edition 1, update 0[\s\S]*Up to date/i);
    expect(await cells.getByRole('row').filter({ hasText: 'GB5X01NW' }).innerText()).toMatch(/–[\s\S]*Not on board/i);
    expect(await section.getByRole('link', { name: 'Activate a device' }).getAttribute('href')).toBe('/activ8license');

    // The legend says in words what each colour is.
    const legend = page.getByTestId('my-charts-legend');
    for (const text of ['Up to date', 'Update available', 'Not on board', 'Licence expired', 'Not licensed', 'On board'])
      expect(await legend.getByText(text, { exact: true }).count()).toBeGreaterThan(0);

    // The map opens on the coverage: the approach in the up-to-date colour, the harbour cell in not-on-board.
    const map = page.getByRole('region', { name: "Map of my charts' coverage" });
    await map.locator('canvas').waitFor();
    await expect.poll(async () => (await countColours(page, { c: statusColours.current })).c, { timeout: 30_000 }).toBeGreaterThan(50);
    expect((await countColours(page, { n: statusColours['not-on-board'] })).n).toBeGreaterThan(20);

    // Zoomed out past 1:5,000,000 the same coverage is drawn in the download colours.
    for (let i = 0; i < 5; i += 1) {
      await map.getByRole('button', { name: 'Zoom out' }).click();
      await page.waitForTimeout(400);
    }
    await expect.poll(async () => (await countColours(page, { d: downloadColours.onBoard })).d, { timeout: 30_000 }).toBeGreaterThan(0);
    expect((await countColours(page, { c: statusColours.current })).c).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The status report of the ship, as a spreadsheet and as a PDF.
    const [csv] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Status report (CSV)' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const csvText = readFileSync((await csv.path())!, 'utf8');
    expect(csvText).toContain('GB4X0000');
    expect(csvText).toContain(deviceId);
    const [pdf] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Status report (PDF)' }).click()]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // A route through the harbour: drawn with its corridor, the berth cell it lacks with its price,
    // and the open water before the approach as a stretch no chart covers.
    await section.locator('input[type=file]').setInputFiles({
      name: 'harbour-approach.gpx',
      mimeType: 'application/gpx+xml',
      buffer: Buffer.from(harbourRoute),
    });
    await section.getByLabel('Corridor (NM)').fill('1');
    await section.getByRole('button', { name: 'Check the route' }).click();
    const result = page.getByTestId('route-check-result');
    await result.waitFor({ timeout: 30_000 });
    const routeCells = result.getByRole('table', { name: 'Cells along the route' });
    expect(await routeCells.getByRole('row').filter({ hasText: 'GB5X01NE' }).innerText()).toMatch(/Missing[\s\S]*Not licensed/i);
    expect(await routeCells.getByRole('row').filter({ hasText: 'GB5X01NW' }).innerText()).toMatch(/Licensed[\s\S]*Not on board/i);
    expect(await routeCells.getByRole('row').filter({ hasText: 'GB4X0000' }).innerText()).toMatch(/Licensed[\s\S]*Up to date/i);
    const offers = result.getByRole('table', { name: 'Products that cover the missing cells' });
    expect(await offers.getByRole('row').filter({ hasText: 'GB5X01NE' }).innerText()).toMatch(/Berth Office[\s\S]*95/);
    expect(await result.getByTestId('route-gaps').innerText()).toMatch(/No chart from 0 NM to \d/);
    expect(await legend.getByText('No chart coverage').count()).toBe(1);
    await expect.poll(async () => (await countColours(page, { gap: routeColours.gap })).gap, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(errors).toEqual([]);
  });

  it("shows the server's reason for a file that is no route in the reader's words, never the server's text", async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 4\d\d/] });
    await signIn(page, 'mariner@e2e.test', 'mariner-password');
    await page.goto('/user');
    const section = page.getByRole('region', { name: 'My charts' });
    await section
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.gpx', mimeType: 'text/plain', buffer: Buffer.from('not a route') });
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/user/route-check')),
      section.getByRole('button', { name: 'Check the route' }).click(),
    ]);
    expect(answer.status()).toBeGreaterThanOrEqual(400);
    expect(answer.status()).toBeLessThan(500);
    const { message } = (await answer.json()) as { message: string };
    const alert = section.getByRole('alert').filter({ hasText: 'The route could not be checked' });
    await alert.waitFor();
    expect(await alert.innerText()).not.toContain(message);
    expect(errors).toEqual([]);
  });
});
