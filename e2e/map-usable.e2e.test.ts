import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { geoJSONFeatures, readS57 } from '@chartroom/s57';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasTestdata, testdataPath } from '../test/testdata.js';
import { palettes, type ColourToken } from '../web/src/features/chart-map/lib/s52-colours.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The map is usable before its tiles have come: with every tile held back, the cell list, the
// legend and "Whole collection" work at once and a click says the chart is still loading; once the
// tiles come, the same click shows the features. A caution area shows the text its TXTDSC file
// holds (not the file's name), the panel shows no internals, the Russian map says "Подходная" and
// writes the scale with a decimal comma and the right plural, and the POI editor opens over the
// geocontent's charts (the demo's points lie across the Atlantic from them).

const md81 = (name: string) => testdataPath('s57/noaa-US4MD81M', name);
const texts = ['A', 'B', 'C', 'D', 'E', 'F'].map((l) => md81(`US4MD81${l}.TXT`));

/** The share of the map canvas painted in these palette colours. */
async function shareOfColours(page: Page, tokens: ColourToken[]): Promise<number> {
  const png = await page.getByTestId('chart-map').locator('canvas').screenshot();
  const colours = tokens.map((t) => palettes.day[t]);
  return page.evaluate(
    async ({ b64, colours }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      const rgbs = colours.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (rgbs.some((rgb) => rgb.every((c, k) => Math.abs(data[i + k]! - c) <= 3))) n += 1;
      return n / (data.length / 4);
    },
    { b64: png.toString('base64'), colours },
  );
}

const zoomOf = (page: Page) => Number(new URL(page.url()).hash.slice(1).split('/')[0]);

describe.runIf(hasBrowser && hasTestdata)('the map is usable at once', () => {
  const journey = setUpJourney();

  it('lists the cells, explains the colours, fits the collection and answers a click before any tile has come', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 'chesapeake@e2e.test',
      password: 'chesapeake-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, {
      ownerUserId: owner.id,
      title: 'Chesapeake Survey',
      geocontentTitle: 'Chesapeake Bay',
    });
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'chesapeake@e2e.test', 'chesapeake-password');
    await page.goto('/provider?tab=catalog&sub=enc');
    await page
      .getByTestId('enc-tab')
      .locator('input[type=file]')
      .setInputFiles([...['000', '001', '002', '003'].map((e) => md81(`US4MD81M.${e}`)), ...texts]);
    await page.getByRole('button', { name: 'Upload and compare' }).click();
    await page.getByTestId('enc-confirm').getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('chart-table').getByRole('row').filter({ hasText: 'US4MD81M' }).waitFor();

    // Every vector tile is held back until released.
    const held: Route[] = [];
    let isHolding = true;
    await page.route('**/tiles/**', (route) => (isHolding ? held.push(route) : route.fallback()));
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.waitForURL(/\/map\?taskId=[0-9a-f]+/);

    // The cell list and the legend, with no tile yet.
    await expect.poll(() => page.getByTestId('map-cell').first().textContent()).toContain('US4MD81M');
    expect(await page.getByTestId('map-cell').first().textContent()).toContain('Approach');
    const legend = page.getByRole('region', { name: 'Legend' });
    await legend.waitFor();
    for (const text of [
      'Approach charts',
      'Harbour charts',
      'Cell boundary, with the cell name',
      'Safety contour',
      'Port-hand lateral buoy',
    ]) {
      await legend.getByText(text, { exact: true }).waitFor();
    }
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const legendAxe = await new AxeBuilder({ page })
      .include('[data-testid=map-legend]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(legendAxe.violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);

    // A click while the tiles are coming says so, not "No chart feature here".
    const canvas = page.getByTestId('chart-map').locator('canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const panel = page.getByTestId('feature-panel');
    await panel.getByTestId('feature-loading').waitFor();
    expect(await panel.getByText('No chart feature here', { exact: false }).count()).toBe(0);

    // "Whole collection" moves the map with the tiles still held.
    await expect.poll(() => zoomOf(page)).toBe(15);
    await page.getByRole('button', { name: 'Whole collection' }).click();
    await expect.poll(() => zoomOf(page)).toBeLessThan(12);

    // The tiles come: the pending click is answered from them.
    isHolding = false;
    for (const route of held.splice(0)) await route.fallback();
    await expect.poll(async () => (await panel.getByTestId('feature-loading').count()) === 0).toBe(true);

    // A caution area refers to US4MD81D.TXT: the panel shows that text, and no internals.
    const ds = readS57(new Uint8Array(readFileSync(md81('US4MD81M.000'))), { fileName: 'US4MD81M.000' });
    const caution = [...geoJSONFeatures(ds)].find(
      (f) =>
        f.properties.layer === 'CTNARE' &&
        f.properties.TXTDSC === 'US4MD81D.TXT' &&
        f.geometry?.type === 'Polygon' &&
        f.geometry.coordinates[0]!.every(([, lat]) => lat! > 38.45),
    );
    if (caution?.geometry?.type !== 'Polygon') throw new Error('US4MD81M has no caution area referring to US4MD81D.TXT');
    const [first, second] = caution.geometry.coordinates[0] as [number, number][];
    const at = { lon: (first![0] + second![0]) / 2, lat: (first![1] + second![1]) / 2 };
    await page.goto(`${page.url().replace(/#.*/, '')}#15/${at.lat.toFixed(6)}/${at.lon.toFixed(6)}`);
    await expect.poll(() => zoomOf(page)).toBe(15);
    const caution1 = panel.getByTestId('feature-details').filter({ hasText: 'Caution area' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'What is at the centre' }).click();
        return caution1.count();
      })
      .toBeGreaterThan(0);
    await caution1.first().getByTestId('feature-text').filter({ hasText: 'CAUTION - FISH TRAP AREAS AND STRUCTURES' }).waitFor();
    const shown = await panel.innerText();
    expect(shown).not.toContain('US4MD81D.TXT');
    expect(shown).not.toMatch(/minzoom|CTNARE|SCAMIN/);

    // In Russian: the band as the catalogue names it, the scale with a decimal comma and the right plural.
    await page.goto(`${page.url().replace('/map?', '/ru/map?').replace(/#.*/, '')}#13/${at.lat.toFixed(6)}/${at.lon.toFixed(6)}`);
    await expect.poll(() => page.getByTestId('map-cell').first().textContent()).toContain('Подходная');
    await page.getByRole('region', { name: 'Легенда' }).getByText('Подходная карта', { exact: true }).waitFor();
    const scale = page.getByTestId('map-scale');
    await expect.poll(() => scale.textContent()).toMatch(/^\d+(,\d+)? (миля|мили|миль)$/);
    const [value = '', unit] = (await scale.textContent())!.split(' ');
    const plural = new Intl.PluralRules('ru').select(Number(value.replace(',', '.')));
    const words: Partial<Record<Intl.LDMLPluralRule, string>> = { one: 'миля', few: 'мили', many: 'миль', other: 'мили' };
    expect(unit).toBe(words[plural]);
    expect(errors).toEqual([]);
  });

  it('opens the POI editor over the geocontent charts, not the ocean between them and its points', async () => {
    const { page, context, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'provider@demo.test');
    await page.goto('/provider?tab=catalog&sub=poi');
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'POI Editor' }).click();
    const editor = await opened;
    await editor.getByTestId('poi-count').filter({ hasText: '6 items' }).waitFor();
    // The demo harbour's depth areas fill the view (at world zoom they would be a speck).
    await expect
      .poll(() => shareOfColours(editor, ['DEPIT', 'DEPVS', 'DEPMS', 'DEPMD', 'DEPDW']), { timeout: 30_000 })
      .toBeGreaterThan(0.2);
    expect(errors).toEqual([]);
  });
});
