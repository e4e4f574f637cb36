import { readFileSync } from 'node:fs';
import type { VectorTileFeature } from '@mapbox/vector-tile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnChartClasses } from '@chartroom/contracts/map';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { fileParts, loginProvider, postFiles } from '../charts/charts.test-helper.js';
import expected from './conformance/gdal-expected.json' with { type: 'json' };
import { tileRange } from './tile-geometry.js';
import { decodeTile, layerFeatures, pointOf, tileOf } from './tiles.test-helper.js';

const md81 = (ext: string) => testdataPath('s57/noaa-US4MD81M', `US4MD81M.${ext}`);
const s64 = (name: string) => testdataPath('s57/iho-s64-2.1.1', `${name}.000`);
/** S-57 group 1 ("skin of the earth"): every point of a cell's coverage lies in exactly one. */
const GROUP1 = ['DEPARE', 'DRGARE', 'FLODOC', 'HULKES', 'LNDARE', 'PONTON', 'UNSARE'];

describe.skipIf(!hasTestdata)('chart map tiles of the real corpus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  async function applyCells(p: { gcId: number; headers: Record<string, string> }, paths: string[]) {
    const up = await postFiles(t, '/api/geocontent/addenc', p.headers, [
      ...fileParts('files', paths),
      { name: 'gcid', value: String(p.gcId) },
    ]);
    expect(up.statusCode).toBe(200);
    const applied = await t.app.inject({ method: 'GET', url: `/api/geocontent/ApplyEnc?guid=${up.json().guid}`, headers: p.headers });
    expect(applied.statusCode).toBe(200);
  }
  async function taskOf(p: { gcId: number; headers: Record<string, string> }) {
    return (await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${p.gcId}`, headers: p.headers })).json()
      .taskId as string;
  }
  async function fetchTile(taskId: string, z: number, x: number, y: number) {
    const res = await t.app.inject({ method: 'GET', url: `/tiles/${z}/${x}/${y}.pbf?taskId=${taskId}` });
    expect([200, 204]).toContain(res.statusCode);
    return res.statusCode === 204 ? null : decodeTile(res.rawPayload);
  }

  it('US4MD81M with its updates: the layers GDAL writes that the style draws, every feature of the point classes once, lights where GDAL puts them', async () => {
    const p = await loginProvider(t, 'Chesapeake Office');
    await applyCells(p, [md81('000'), md81('001'), md81('002'), md81('003')]);
    const taskId = await taskOf(p);
    const view = (await t.app.inject({ method: 'GET', url: `/api/geocontent/maptask?taskId=${taskId}`, headers: p.headers })).json();
    expect(view.cells).toMatchObject([{ name: 'US4MD81M', band: 4, edition: 31, update: 3, scale: 80000 }]);

    // Zoom 10 over the whole cell.
    const truth: Record<string, number> = JSON.parse(readFileSync(testdataPath('ground-truth.json'), 'utf8')).s57[
      's57/noaa-US4MD81M/US4MD81M.000'
    ].gdal.APPLY.feature_count_per_layer;
    const r = tileRange(view.cells[0].bbox, 10);
    const layers = new Set<string>();
    const pointCounts: Record<string, number> = { LIGHTS: 0, BOYLAT: 0, BCNLAT: 0, BCNSPP: 0, BOYSPP: 0 };
    for (let x = r.x0; x <= r.x1; x++) {
      for (let y = r.y0; y <= r.y1; y++) {
        const tile = await fetchTile(taskId, 10, x, y);
        if (!tile) continue;
        for (const name of Object.keys(tile.layers)) layers.add(name);
        for (const name of Object.keys(pointCounts)) {
          // A point near a tile edge is also in the neighbour's buffer: count it where it lies.
          pointCounts[name]! += layerFeatures(tile, name).filter((f) => isWithinExtent(pointOf(f))).length;
        }
      }
    }
    // The tiles carry the classes the style draws, each feature from the zoom its SCAMIN allows
    // (`minzoom`): at zoom 11 over the cell, every layer of GDAL's that the style draws is there.
    const drawn = new Set<string>(drawnChartClasses);
    const r11 = tileRange(view.cells[0].bbox, 11);
    const layersTo11 = new Set(layers);
    for (let x = r11.x0; x <= r11.x1; x++) {
      for (let y = r11.y0; y <= r11.y1; y++) {
        const tile = await fetchTile(taskId, 11, x, y);
        for (const name of Object.keys(tile?.layers ?? {})) layersTo11.add(name);
      }
    }
    expect([...layersTo11].sort()).toEqual(expected.layersAtZ10.filter((l) => drawn.has(l)));
    expect([...layers].every((l) => drawn.has(l))).toBe(true);
    for (const [name, count] of Object.entries(pointCounts)) expect(count, name).toBe(truth[name]);

    // Every light GDAL placed at zoom 14 is within one tile unit of where GDAL put it.
    const tiles = new Map<string, ReturnType<typeof decodeTile> | null>();
    for (const light of expected.lightsAtZ14) {
      const key = `${light.x}/${light.y}`;
      if (!tiles.has(key)) tiles.set(key, await fetchTile(taskId, 14, light.x, light.y));
      const ours = layerFeatures(tiles.get(key)!, 'LIGHTS').map(pointOf);
      const nearest = Math.min(...ours.map(([x, y]) => Math.max(Math.abs(x - light.px), Math.abs(y - light.py))));
      expect(nearest, light.lnam).toBeLessThanOrEqual(1);
      const at = tileOf(light.lon, light.lat, 14);
      expect({ x: at.x, y: at.y }).toEqual({ x: light.x, y: light.y });
    }
    const soundings = layerFeatures((await fetchTile(taskId, ...xyOf(-76.45, 38.75, 12)))!, 'SOUNDG');
    expect(soundings.length).toBeGreaterThan(0);
    expect(soundings.every((f) => typeof f.properties.DEPTH === 'number' && f.type === 1)).toBe(true);
  });

  it('quilts the S-64 cells: band 5 wins its coverage from zoom 14, band 4 fills the rest, no holes and no double drawing', async () => {
    const p = await loginProvider(t, 'S-64 Office');
    await applyCells(p, ['GB4X0000', 'GB5X01NE', 'GB5X01NW', 'GB5X01SE', 'GB5X01SW'].map(s64));
    const taskId = await taskOf(p);

    // Inside GB5X01SW's coverage at zoom 15: only band-5 data (coverage outlines of both bands stay).
    const inner = (await fetchTile(taskId, ...xyOf(60.915, -32.535, 15)))!;
    const cellsIn = (tile: ReturnType<typeof decodeTile>) =>
      new Set(
        Object.keys(tile.layers)
          .filter((l) => l !== 'M_COVR')
          .flatMap((l) => layerFeatures(tile, l).map((f) => String(f.properties.cell))),
      );
    expect([...cellsIn(inner)]).toEqual(['GB5X01SW']);
    expect(new Set(layerFeatures(inner, 'M_COVR').map((f) => f.properties.cell))).toEqual(new Set(['GB4X0000', 'GB5X01SW']));

    // At zoom 12 band 5 has not begun: the approach cell draws the whole ground it covers.
    expect([...cellsIn((await fetchTile(taskId, ...xyOf(60.915, -32.535, 12)))!)]).toEqual(['GB4X0000']);

    // Across GB5X01SW's western edge at zoom 14: both cells draw, and each point of the ground lies
    // in exactly one skin-of-the-earth area.
    const edge = (await fetchTile(taskId, ...xyOf(60.8735, -32.53, 14)))!;
    expect(cellsIn(edge)).toEqual(new Set(['GB4X0000', 'GB5X01SW']));
    const areas = GROUP1.flatMap((l) => layerFeatures(edge, l)).map(ringsOf);
    let checked = 0;
    for (let sx = 64; sx < 4096; sx += 128) {
      for (let sy = 64; sy < 4096; sy += 128) {
        if (areas.some((rings) => isNearEdge([sx, sy], rings))) continue;
        const holders = areas.filter((rings) => isInside([sx, sy], rings)).length;
        expect(holders, `${sx},${sy}`).toBe(1);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('drops the tiles of the old collection when an apply changes it; the same band takes the newer cell', async () => {
    const p = await loginProvider(t, 'Apply Office');
    await applyCells(p, ['GB4X0000', 'GB5X01SE'].map(s64));
    const taskId = await taskOf(p);
    const [, x, y] = xyOf(60.99, -32.545, 15);
    const before = await t.app.inject({ method: 'GET', url: `/tiles/15/${x}/${y}.pbf?taskId=${taskId}` });
    const cellsOf = (body: Buffer) => new Set(layerFeatures(decodeTile(body), 'DEPARE').map((f) => f.properties.cell));
    expect(cellsOf(before.rawPayload).has('GB5X01SE')).toBe(true);
    expect(cellsOf(before.rawPayload).has('GB5X02SE')).toBe(false);

    await applyCells(p, [s64('GB5X02SE')]);
    expect(await t.app.jobs.drain()).toBeGreaterThan(0);
    const after = await t.app.inject({
      method: 'GET',
      url: `/tiles/15/${x}/${y}.pbf?taskId=${taskId}`,
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(cellsOf(after.rawPayload).has('GB5X02SE')).toBe(true);
  });
});

function xyOf(lon: number, lat: number, z: number): [number, number, number] {
  const { x, y } = tileOf(lon, lat, z);
  return [z, x, y];
}

function isWithinExtent([x, y]: [number, number]): boolean {
  return x >= 0 && y >= 0 && x < 4096 && y < 4096;
}

function ringsOf(f: VectorTileFeature): [number, number][][] {
  return f.loadGeometry().map((ring) => ring.map((pt) => [pt.x, pt.y] as [number, number]));
}

function isInside(p: [number, number], rings: [number, number][][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function isNearEdge(p: [number, number], rings: [number, number][][]): boolean {
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [ax, ay] = ring[j]!;
      const [bx, by] = ring[i]!;
      const dx = bx - ax;
      const dy = by - ay;
      const len = dx * dx + dy * dy;
      const u = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - ax) * dx + (p[1] - ay) * dy) / len));
      if (Math.hypot(ax + u * dx - p[0], ay + u * dy - p[1]) < 3) return true;
    }
  }
  return false;
}
