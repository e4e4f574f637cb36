import { buildDemoHarbourCell, DEMO_CELL_NAME, geoJSONFeatures, readS57 } from '@chartroom/s57';
import type { MapTaskView } from '@chartroom/contracts/map';
import { DEMO_S101_NAME } from '@chartroom/s101';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { palettes, type ColourToken } from '../web/src/features/chart-map/lib/s52-colours.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The provider opens the map of the seeded demo charts from the catalogue: the canvas shows the
// chart in S-52 colours, a click on a buoy shows its attributes, and the safety depth and the
// palette recolour the chart without a single new tile request. The pages are served under a strict
// Content-Security-Policy (no eval, workers and images from our origin or blob:), as in production.

const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
].join('; ');

type ColourCounts = Record<string, number>;

/** How many pixels of the map canvas have each of these palette colours (the chart as seen). */
async function countColours(page: Page, tokens: ColourToken[], palette: keyof typeof palettes = 'day'): Promise<ColourCounts> {
  const png = await page.getByTestId('chart-map').locator('canvas').screenshot();
  const colours = Object.fromEntries(tokens.map((t) => [t, palettes[palette][t]]));
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
        const hit = targets.find(({ rgb }) => rgb.every((c, k) => Math.abs(data[i + k]! - c) <= 3));
        if (hit) counts[hit.name]! += 1;
      }
      return { ...counts, total: data.length / 4 };
    },
    { b64: png.toString('base64'), colours },
  );
}

/** Where a position is on screen in a north-up Web Mercator view of 512-pixel tiles. */
function toScreen(
  lon: number,
  lat: number,
  view: { lon: number; lat: number; zoom: number },
  box: { x: number; y: number; width: number; height: number },
) {
  const size = 512 * 2 ** view.zoom;
  const project = (lo: number, la: number) => {
    const s = Math.sin((la * Math.PI) / 180);
    return { x: ((lo + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
  };
  const p = project(lon, lat);
  const c = project(view.lon, view.lat);
  return { x: box.x + box.width / 2 + (p.x - c.x), y: box.y + box.height / 2 + (p.y - c.y) };
}

const depthShades: ColourToken[] = ['DEPIT', 'DEPVS', 'DEPMS', 'DEPMD', 'DEPDW'];

describe.runIf(hasBrowser)('chart map', () => {
  const journey = setUpJourney();

  it('shows the demo charts in S-52 colours, identifies a buoy and recolours without fetching tiles', async () => {
    const { page, context, errors } = await openSession(journey.browser, journey.portal.url);
    await context.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      return route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
    });
    const tileRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/tiles/')) tileRequests.push(request.url());
    });

    await signIn(page, 'provider@demo.test');
    await page.goto('/provider?tab=catalog');
    const taskAnswer = page.waitForResponse((r) => r.url().includes('/api/geocontent/maptask'));
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await page.waitForURL(/\/map\?taskId=[0-9a-f]+/);
    const task = (await (await taskAnswer).json()) as MapTaskView;
    // The demo charts hold the S-57 demo cell and the S-101 demo dataset (drawn through its S-57 view).
    expect(task.cells.map((c) => c.name)).toEqual([DEMO_CELL_NAME, DEMO_S101_NAME]);
    expect(task.start?.zoom).toBe(15);

    // The layer panel lists the cell; the canvas shows depth areas, not only the background.
    await expect.poll(() => page.getByTestId('map-cell').first().textContent()).toContain(DEMO_CELL_NAME);
    await expect
      .poll(async () => {
        const counts = await countColours(page, depthShades);
        return depthShades.reduce((sum, t) => sum + counts[t]!, 0) / counts.total!;
      })
      .toBeGreaterThan(0.3);
    expect(tileRequests.length).toBeGreaterThan(0);

    // A click on the port buoy "Demo 1" of the cell shows it decoded in the feature panel.
    const ds = readS57(buildDemoHarbourCell(), { fileName: `${DEMO_CELL_NAME}.000` });
    const buoy = [...geoJSONFeatures(ds)].find((f) => f.properties.layer === 'BOYLAT' && f.properties.OBJNAM === 'Demo 1');
    if (buoy?.geometry?.type !== 'Point') throw new Error('the demo cell has no point buoy "Demo 1"');
    const [lon = 0, lat = 0] = buoy.geometry.coordinates;
    const box = (await page.getByTestId('chart-map').locator('canvas').boundingBox())!;
    const at = toScreen(lon, lat, task.start!, box);
    await page.mouse.click(at.x, at.y - 3);
    const panel = page.getByTestId('feature-panel');
    const buoyDetails = panel.getByTestId('feature-details').filter({ hasText: 'Buoy, lateral' });
    await buoyDetails.waitFor();
    for (const text of ['Demo 1', 'can (cylindrical)', 'port-hand lateral mark', 'red', `Cell ${DEMO_CELL_NAME}, edition 1, update 0`]) {
      await buoyDetails.getByText(text, { exact: false }).first().waitFor();
    }

    // Safety depth 10 m → 3 m: the 5–10 m area turns from "shallower than the safety contour"
    // (DEPMS) to safe water (DEPMD), from the tiles the map already holds.
    const before = await countColours(page, depthShades);
    expect(before.DEPMS).toBeGreaterThan(0);
    const requested = tileRequests.length;
    const safetyDepth = page.getByLabel('Safety depth');
    await safetyDepth.fill('3');
    await safetyDepth.blur();
    await expect
      .poll(async () => {
        const after = await countColours(page, depthShades);
        return after.DEPMD! - before.DEPMD!;
      })
      .toBeGreaterThan(before.DEPMS! / 2);

    // The night palette: the same chart in the night table's colours, again from the held tiles.
    await page.getByText('Night', { exact: true }).click();
    await expect
      .poll(async () => {
        const night = await countColours(page, depthShades, 'night');
        return depthShades.reduce((sum, t) => sum + night[t]!, 0) / night.total!;
      })
      .toBeGreaterThan(0.3);
    expect(tileRequests.length).toBe(requested);

    // The same screen in Russian, at the same place (the view is kept in the address).
    await page.goto(page.url().replace('/map?', '/ru/map?'));
    await page.getByLabel('Безопасная глубина').waitFor();
    await page.getByRole('button', { name: 'Вся коллекция' }).waitFor();
    await page.getByRole('button', { name: 'Приблизить' }).waitFor();

    // The keyboard: on the focused map, "+" zooms in one step.
    const zoomOf = () => Number(new URL(page.url()).hash.slice(1).split('/')[0]);
    await expect.poll(zoomOf).toBe(15);
    await page.getByTestId('chart-map').locator('canvas').focus();
    await page.keyboard.press('Equal');
    await expect.poll(zoomOf).toBe(16);
    expect(errors).toEqual([]);
  });
});
