import { createExpression, latest, validateStyleMin, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { drawnChartClasses } from '@chartroom/contracts/map';
import {
  buildChartStyle,
  coverageGeoJSON,
  coverageSourceId,
  depthAreaColour,
  depthStateValues,
  hiddenCellsState,
  listPickableLayerIds,
  paletteState,
  soundingText,
} from './chart-style';
import { colourTokens, paletteNames, palettes, type PaletteName } from './s52-colours';

const options = {
  tilesUrl: 'http://127.0.0.1/tiles/{z}/{x}/{y}.pbf?taskId=t',
  s102Url: 'http://127.0.0.1/tiles/s102/{z}/{x}/{y}.png?taskId=t',
  palette: 'day',
  safetyDepth: 10,
  hiddenCells: [],
  locale: 'en',
} as const;

function globalState(palette: PaletteName, safetyDepth: number, hiddenCells: string[] = []) {
  return { ...paletteState(palette), ...depthStateValues(safetyDepth), hiddenCells: hiddenCellsState(hiddenCells) };
}

/** Evaluates a style expression for one feature, with the map's global state, as MapLibre does. */
function evaluate(
  expression: unknown,
  spec: StylePropertySpecification,
  properties: Record<string, unknown>,
  state: Record<string, unknown>,
) {
  const parsed = createExpression(expression, 'test', spec, state);
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return parsed.value.evaluate({ zoom: 12, globalState: state }, { type: 3, properties } as never);
}

function hexOf(colour: { r: number; g: number; b: number }) {
  return `#${[colour.r, colour.g, colour.b]
    .map((c) =>
      Math.round(c * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const fillColour = latest.paint_fill['fill-color'] as unknown as StylePropertySpecification;
const shadeOf = (drval1: number | undefined, drval2: number | undefined, safety: number, palette: PaletteName = 'day') =>
  hexOf(evaluate(depthAreaColour, fillColour, { DRVAL1: drval1, DRVAL2: drval2 }, globalState(palette, safety)));

describe('the chart style', () => {
  it('is a valid MapLibre style with no glyph server and only our own sources', () => {
    for (const palette of paletteNames) {
      const style = buildChartStyle({ ...options, palette });
      expect(validateStyleMin(style)).toEqual([]);
      expect(style.glyphs).toBeUndefined();
      expect(style.sprite).toBeUndefined();
      for (const source of Object.values(style.sources)) {
        for (const url of 'tiles' in source ? (source.tiles ?? []) : []) expect(url.startsWith('http://127.0.0.1/tiles/')).toBe(true);
      }
    }
  });

  it('names colours only by S-52 token, each with a value in every palette', () => {
    const style = JSON.stringify(buildChartStyle(options).layers);
    expect(style).not.toMatch(/#[0-9a-f]{6}|rgb\(/i);
    const used = new Set([...style.matchAll(/\["global-state","([A-Z0-9_]+)"\]/g)].map((m) => m[1]));
    for (const token of ['DEPDW', 'DEPMD', 'DEPMS', 'DEPVS', 'DEPIT', 'LANDA', 'CSTLN', 'SNDG1', 'SNDG2', 'DEPCN', 'DEPSC', 'NODTA'])
      expect(used).toContain(token);
    for (const palette of paletteNames) {
      for (const token of colourTokens) expect(palettes[palette][token], `${palette} ${token}`).toMatch(/^#[0-9a-f]{6}$/);
    }
    // The night palette is darker than the day one, as a bridge at night needs.
    const lightness = (hex: string) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(lightness(palettes.night.DEPDW)).toBeLessThan(lightness(palettes.day.DEPDW));
    expect(lightness(palettes.night.LANDA)).toBeLessThan(lightness(palettes.dusk.LANDA));
  });

  it('shades depth areas by the safety contour (SEABED01) read from the global state', () => {
    expect(shadeOf(-2, 0, 10)).toBe(palettes.day.DEPIT);
    expect(shadeOf(0, 2, 10)).toBe(palettes.day.DEPVS);
    expect(shadeOf(5, 10, 10)).toBe(palettes.day.DEPMS);
    expect(shadeOf(10, 20, 10)).toBe(palettes.day.DEPMD);
    expect(shadeOf(30, 50, 10)).toBe(palettes.day.DEPDW);
    // A lower safety depth turns the same area from shallow to safe water, with no other change.
    expect(shadeOf(5, 10, 5)).toBe(palettes.day.DEPMD);
    expect(shadeOf(10, 20, 15)).toBe(palettes.day.DEPMS);
    // Missing depths are drying ground.
    expect(shadeOf(undefined, undefined, 10)).toBe(palettes.day.DEPIT);
    expect(shadeOf(30, 50, 10, 'night')).toBe(palettes.night.DEPDW);
  });

  it('writes soundings in metres with one decimal below 31 m, truncated as charts do', () => {
    const textField = latest.layout_symbol['text-field'] as unknown as StylePropertySpecification;
    const text = (depth: number) => String(evaluate(soundingText('en'), textField, { DEPTH: depth }, globalState('day', 10)));
    expect(text(4.57)).toBe('4.5');
    expect(text(12)).toBe('12');
    expect(text(30.99)).toBe('30.9');
    expect(text(35.7)).toBe('35');
  });

  it('colours soundings darker when shallower than the safety depth', () => {
    const style = buildChartStyle(options);
    const layer = style.layers.find((l) => l.id === 'SOUNDG:text');
    const paint = layer && 'paint' in layer ? (layer.paint as Record<string, unknown>) : {};
    const textColour = latest.paint_symbol['text-color'] as unknown as StylePropertySpecification;
    const colourOf = (depth: number, safety: number) =>
      hexOf(evaluate(paint['text-color'], textColour, { DEPTH: depth }, globalState('day', safety)));
    expect(colourOf(4, 10)).toBe(palettes.day.SNDG2);
    expect(colourOf(14, 10)).toBe(palettes.day.SNDG1);
    expect(colourOf(4, 3)).toBe(palettes.day.SNDG1);
  });

  it('hides a cell by filter, keeping the tiles', () => {
    const style = buildChartStyle(options);
    const depare = style.layers.find((l) => l.id === 'DEPARE:area');
    const filter = depare && 'filter' in depare ? depare.filter : undefined;
    const shown = (hidden: string[]) =>
      evaluate(filter, { type: 'boolean' } as StylePropertySpecification, { cell: 'US4MD81M', DRVAL1: 5 }, globalState('day', 10, hidden));
    expect(shown([])).toBe(true);
    expect(shown(['US5MD11M'])).toBe(true);
    expect(shown(['US4MD81M'])).toBe(false);
  });

  it('draws every class the tiles carry, and no other (the tiles leave out what it never draws)', () => {
    const style = buildChartStyle(options);
    const sourceLayers = new Set(style.layers.flatMap((l) => ('source-layer' in l && l['source-layer'] ? [l['source-layer']] : [])));
    // M_COVR stays in the tiles as their record of which cell and version draws each part (one
    // feature per cell; GDAL and the tile tests read it), while the style draws the coverage from the
    // map task's GeoJSON, before any tile has come.
    expect([...sourceLayers].sort()).toEqual(drawnChartClasses.filter((c) => c !== 'M_COVR').sort());
  });

  it('identifies chart features, symbols before areas, and draws land when there are no charts', () => {
    const ids = listPickableLayerIds(buildChartStyle(options));
    expect(ids.indexOf('BOYLAT:symbol')).toBeLessThan(ids.indexOf('DEPARE:area'));
    expect(ids).not.toContain('world-land');
    const bare = buildChartStyle({ ...options, tilesUrl: null, s102Url: null });
    expect(bare.layers.map((l) => l.id)).toEqual(['background', 'world-land', 'world-coast']);
  });

  it("draws the cells' coverage from the map task, before any tile: M_COVR polygons, else the cell's box", () => {
    const cells = [
      { name: 'A', band: 4, edition: 1, update: 0, bbox: [10, 54, 11, 55] as [number, number, number, number], coverage: null },
      {
        name: 'B',
        band: 5,
        edition: 2,
        update: 1,
        bbox: [10, 54, 10.5, 54.5] as [number, number, number, number],
        coverage: [
          [
            [
              [10, 54],
              [10.5, 54],
              [10.2, 54.5],
              [10, 54],
            ],
          ],
        ],
      },
    ];
    const style = buildChartStyle({ ...options, coverage: cells });
    const source = style.sources[coverageSourceId];
    expect(source).toMatchObject({ type: 'geojson' });
    const data = coverageGeoJSON(cells);
    expect(data.features.map((f) => f.geometry.type)).toEqual(['Polygon', 'MultiPolygon']);
    expect(data.features[0]!.properties).toMatchObject({ cell: 'A', band: 4 });
    const coverageLayers = style.layers.filter((l) => 'source' in l && l.source === coverageSourceId).map((l) => l.id);
    expect(coverageLayers).toEqual(['M_COVR:band', 'M_COVR:outline', 'M_COVR:name']);
    // The outline is identified by a click; the band fill and the name are not.
    expect(listPickableLayerIds(style)).toContain('M_COVR:outline');
    expect(listPickableLayerIds(style)).not.toContain('M_COVR:band');
    expect(validateStyleMin(style)).toEqual([]);
  });
});
