import type { FeatureCollection, Geometry } from 'geojson';
import type { DrawnChartClass, MapTaskCell } from '@chartroom/contracts/map';
import type { ExpressionSpecification, FilterSpecification, LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { unwrapLand } from './antimeridian';
import { colourTokens, palettes, type ColourToken, type PaletteName } from './s52-colours';
import { computeDepthState, type DepthState } from './depth-settings';
import { iconExpression } from './symbol-names';

// The chart's MapLibre style, built in code: an S-52-like day/dusk/night presentation of the
// vector tiles (one source layer per S-57 class). Every colour is a token read from the style's
// global state, and so are the mariner's depth settings and the hidden cells: changing any of them
// changes paint and filter expressions' inputs, never the sources, so no tile is fetched again.

export const chartSourceId = 'chart';
export const s102SourceId = 's102';
export const landSourceId = 'world-land';
/** The cells' coverage (M_COVR) from the map task, as GeoJSON: drawn at once, before any tile. */
export const coverageSourceId = 'coverage';
/** Layers of the raster S-102 depth grid (toggled in the layer panel). */
export const s102LayerId = 's102-depth';
/** Below this zoom the tiles carry only the cells' coverage (M_COVR). */
export const coverageMaxZoom = 7;

export type ChartStyleOptions = {
  /** Absolute URL template of the vector tiles (`…/{z}/{x}/{y}.pbf?taskId=…`), null for no charts. */
  tilesUrl: string | null;
  /** Absolute URL template of the S-102 raster tiles, null when the geocontent has no grids. */
  s102Url: string | null;
  palette: PaletteName;
  safetyDepth: number;
  hiddenCells: readonly string[];
  /** The locale soundings are formatted in. */
  locale: string;
  /** The cells' coverage (the map task's cells), drawn from the start. */
  coverage?: readonly CoverageCell[];
};

/** What the coverage layers need of a map task's cell. */
export type CoverageCell = Pick<MapTaskCell, 'name' | 'band' | 'edition' | 'update' | 'bbox' | 'coverage'>;

/** The cells' coverage as GeoJSON: each cell's M_COVR polygons, or its box when it has none. */
export function coverageGeoJSON(cells: readonly CoverageCell[]): FeatureCollection {
  // A cell across the antimeridian is drawn whole, as the world's land is.
  return unwrapLand({
    type: 'FeatureCollection',
    features: cells.map((c) => {
      const [w, s, e, n] = c.bbox;
      const geometry: Geometry = c.coverage
        ? { type: 'MultiPolygon', coordinates: c.coverage }
        : {
            type: 'Polygon',
            coordinates: [
              [
                [w, s],
                [e, s],
                [e, n],
                [w, n],
                [w, s],
              ],
            ],
          };
      return { type: 'Feature', geometry, properties: { cell: c.name, band: c.band, edition: c.edition, update: c.update, CATCOV: 1 } };
    }),
  });
}

const colour = (token: ColourToken): ExpressionSpecification => ['to-color', ['global-state', token]];
const depthSetting = (name: keyof DepthState): ExpressionSpecification => ['to-number', ['global-state', name]];
const num = (attribute: string, fallback: number): ExpressionSpecification => ['to-number', ['get', attribute], fallback];

/** The global state that stands for a palette: each token's value. */
export function paletteState(palette: PaletteName): Record<ColourToken, string> {
  return { ...palettes[palette] };
}

/** The global state for the hidden cells: names between bars, so a filter can test `|NAME|`. */
export function hiddenCellsState(hiddenCells: readonly string[]): string {
  return hiddenCells.length ? `|${hiddenCells.join('|')}|` : '';
}

export function depthStateValues(safetyDepth: number): DepthState {
  return computeDepthState(safetyDepth);
}

/**
 * The S-52 four-shade depth area colour (SEABED01): the deepest band whose contour lies at or above
 * both of the area's depths. A missing DRVAL1 is taken as drying, a missing DRVAL2 as just below it.
 */
export const depthAreaColour: ExpressionSpecification = (() => {
  const d1 = num('DRVAL1', -1);
  const d2: ExpressionSpecification = ['to-number', ['get', 'DRVAL2'], ['+', d1, 0.01]];
  const deeperThan = (limit: ExpressionSpecification | number): ExpressionSpecification => ['all', ['>=', d1, limit], ['>', d2, limit]];
  return [
    'case',
    deeperThan(depthSetting('deepContour')),
    colour('DEPDW'),
    deeperThan(depthSetting('safetyContour')),
    colour('DEPMD'),
    deeperThan(depthSetting('shallowContour')),
    colour('DEPMS'),
    deeperThan(0),
    colour('DEPVS'),
    colour('DEPIT'),
  ];
})();

/** Soundings in metres: tenths (truncated, as charts do) below 31 m, whole metres deeper. */
export function soundingText(locale: string): ExpressionSpecification {
  const depth = num('DEPTH', 0);
  return [
    'case',
    ['<', depth, 31],
    ['number-format', ['/', ['floor', ['*', depth, 10]], 10], { locale, 'max-fraction-digits': 1 }],
    ['number-format', ['floor', depth], { locale, 'max-fraction-digits': 0 }],
  ];
}

const shownCell: FilterSpecification = [
  '!',
  ['in', ['concat', '|', ['to-string', ['get', 'cell']], '|'], ['to-string', ['global-state', 'hiddenCells']]],
];
// SCAMIN, as the zoom the tiles computed for it: a feature appears from that zoom on.
const inScale: FilterSpecification = ['>=', ['zoom'], ['to-number', ['get', 'minzoom'], 0]];
const isPolygon: FilterSpecification = ['==', ['geometry-type'], 'Polygon'];
const isLine: FilterSpecification = ['==', ['geometry-type'], 'LineString'];
const isPoint: FilterSpecification = ['==', ['geometry-type'], 'Point'];
const all = (...filters: FilterSpecification[]): FilterSpecification => ['all', shownCell, inScale, ...filters] as FilterSpecification;

// Paint and layout are checked against the style specification by the style's unit test.
type LayerInput = {
  id: string;
  /** The tiles carry only these classes: a class new to the style is added to `drawnChartClasses` first. */
  classes: DrawnChartClass[];
  type: 'fill' | 'line' | 'symbol';
  filter: FilterSpecification;
  minzoom?: number;
  maxzoom?: number;
  layout?: object | ((cls: string) => object);
  paint: object;
};

/** One style layer per S-57 class it draws (a source layer is one class); ids `class:purpose`. */
function classLayers({ id, classes, layout, ...rest }: LayerInput): LayerSpecification[] {
  return classes.map(
    (cls) =>
      ({
        ...rest,
        ...(layout ? { layout: typeof layout === 'function' ? layout(cls) : layout } : {}),
        id: `${cls}:${id}`,
        source: chartSourceId,
        'source-layer': cls,
      }) as LayerSpecification,
  );
}

/** The cells' coverage layers (`M_COVR:<purpose>`), from the GeoJSON of the map task's cells. */
function coverageLayers({ id, ...rest }: Omit<LayerInput, 'classes' | 'filter' | 'layout'> & { layout?: object }): LayerSpecification[] {
  return [{ ...rest, id: `M_COVR:${id}`, source: coverageSourceId, filter: ['all', shownCell] } as LayerSpecification];
}

const textFont = ['sans-serif'];
// Dangers and aids to navigation are never hidden by others (as on a chart display); they shrink
// at small scales instead, where a whole approach cell is on the screen.
const navaidIcon = {
  'icon-allow-overlap': true,
  'icon-ignore-placement': true,
  'icon-size': ['interpolate', ['linear'], ['zoom'], 9, 0.55, 13, 1],
} as const;

function chartLayers(locale: string): LayerSpecification[] {
  return [
    // Coverage by band at small scales, so the collection reads at a glance: from the map task's
    // cells (coverageSourceId), drawn before any tile has come.
    ...coverageLayers({
      id: 'band',
      type: 'fill',
      maxzoom: coverageMaxZoom,
      paint: {
        'fill-color': [
          'match',
          num('band', 0),
          1,
          colour('BAND1'),
          2,
          colour('BAND2'),
          3,
          colour('BAND3'),
          4,
          colour('BAND4'),
          5,
          colour('BAND5'),
          colour('BAND6'),
        ],
        'fill-opacity': 0.6,
      },
    }),
    ...classLayers({
      id: 'area',
      classes: ['DEPARE', 'DRGARE'],
      type: 'fill',
      filter: all(isPolygon),
      paint: { 'fill-color': depthAreaColour },
    }),
    ...classLayers({ id: 'area', classes: ['UNSARE'], type: 'fill', filter: all(isPolygon), paint: { 'fill-color': colour('NODTA') } }),
    ...classLayers({ id: 'area', classes: ['LNDARE'], type: 'fill', filter: all(isPolygon), paint: { 'fill-color': colour('LANDA') } }),
    ...classLayers({
      id: 'area',
      classes: ['BUAARE'],
      type: 'fill',
      filter: all(isPolygon),
      paint: { 'fill-color': colour('CHBRN'), 'fill-opacity': 0.45 },
    }),
    ...classLayers({
      id: 'area',
      classes: ['SLCONS', 'PONTON', 'HULKES', 'DRYDOC', 'FLODOC'],
      type: 'fill',
      filter: all(isPolygon),
      paint: { 'fill-color': colour('LANDF'), 'fill-opacity': 0.6 },
    }),
    ...classLayers({
      id: 'area',
      classes: ['OBSTRN', 'WRECKS', 'UWTROC'],
      type: 'fill',
      filter: all(isPolygon),
      paint: { 'fill-color': colour('DEPVS'), 'fill-opacity': 0.6 },
    }),
    // Under the coastline: area boundaries that follow the coast must not hide it.
    ...classLayers({
      id: 'outline',
      classes: ['RESARE', 'CTNARE', 'MIPARE', 'ACHARE', 'MARCUL', 'CBLARE', 'PIPARE'],
      type: 'line',
      filter: all(['!=', ['geometry-type'], 'Point']),
      paint: { 'line-color': colour('TRFCD'), 'line-width': 1.2, 'line-dasharray': [4, 2] },
    }),
    ...classLayers({
      id: 'contour',
      classes: ['DEPCNT'],
      type: 'line',
      filter: all(),
      paint: { 'line-color': colour('DEPCN'), 'line-width': 0.8 },
    }),
    ...classLayers({
      id: 'safety',
      classes: ['DEPCNT'],
      type: 'line',
      filter: all(['==', num('VALDCO', -1), depthSetting('safetyContourLine')]),
      paint: { 'line-color': colour('DEPSC'), 'line-width': 2 },
    }),
    ...classLayers({
      id: 'line',
      classes: ['COALNE', 'SLCONS', 'PONTON', 'HULKES'],
      type: 'line',
      filter: all(['!=', ['geometry-type'], 'Point']),
      paint: { 'line-color': colour('CSTLN'), 'line-width': 1.6 },
    }),
    ...classLayers({
      id: 'line',
      classes: ['LNDARE'],
      type: 'line',
      filter: all(isLine),
      paint: { 'line-color': colour('CSTLN'), 'line-width': 1 },
    }),
    ...classLayers({
      id: 'outline',
      classes: ['OBSTRN', 'WRECKS', 'UWTROC'],
      type: 'line',
      filter: all(['!=', ['geometry-type'], 'Point']),
      paint: { 'line-color': colour('CHBLK'), 'line-width': 1.2, 'line-dasharray': [1, 2] },
    }),
    ...classLayers({
      id: 'outline',
      classes: ['HRBARE', 'FAIRWY'],
      type: 'line',
      filter: all(['!=', ['geometry-type'], 'Point']),
      paint: { 'line-color': colour('CHGRD'), 'line-width': 1, 'line-dasharray': [6, 3] },
    }),
    ...classLayers({
      id: 'line',
      classes: ['NAVLNE', 'RECTRC'],
      type: 'line',
      filter: all(isLine),
      paint: { 'line-color': colour('CHBLK'), 'line-width': 1, 'line-dasharray': [6, 3] },
    }),
    ...classLayers({
      id: 'line',
      classes: ['CBLSUB', 'PIPSOL'],
      type: 'line',
      filter: all(isLine),
      paint: { 'line-color': colour('CHMGD'), 'line-width': 1, 'line-dasharray': [2, 2] },
    }),
    ...coverageLayers({
      id: 'outline',
      type: 'line',
      paint: { 'line-color': colour('RESBL'), 'line-width': 1.5 },
    }),
    ...coverageLayers({
      id: 'name',
      type: 'symbol',
      layout: {
        'symbol-placement': 'line',
        'symbol-spacing': 400,
        'text-field': ['to-string', ['get', 'cell']],
        'text-font': textFont,
        'text-size': 12,
        'text-offset': [0, -0.8],
      },
      paint: { 'text-color': colour('RESBL'), 'text-halo-color': colour('CHWHT'), 'text-halo-width': 1 },
    }),
    ...classLayers({
      id: 'name',
      classes: ['SEAARE'],
      type: 'symbol',
      filter: all(['has', 'OBJNAM']),
      layout: { 'text-field': ['get', 'OBJNAM'], 'text-font': textFont, 'text-size': 12, 'text-max-width': 8 },
      paint: { 'text-color': colour('CHGRD') },
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['ACHARE'],
      type: 'symbol',
      filter: all(),
      layout: { 'icon-image': 'ach', 'symbol-placement': 'point' },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['RESARE'],
      type: 'symbol',
      filter: all(isPolygon),
      layout: { 'icon-image': 'res' },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['WRECKS'],
      type: 'symbol',
      filter: all(isPoint),
      layout: { 'icon-image': iconExpression('wrk', ['CATWRK', 'WATLEV']), ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['UWTROC'],
      type: 'symbol',
      filter: all(isPoint),
      layout: { 'icon-image': iconExpression('rok', ['WATLEV']), ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['OBSTRN'],
      type: 'symbol',
      filter: all(isPoint),
      layout: { 'icon-image': iconExpression('obs', ['WATLEV']), ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'text',
      classes: ['SOUNDG'],
      type: 'symbol',
      filter: all(),
      layout: { 'text-field': soundingText(locale), 'text-font': textFont, 'text-size': 11, 'text-padding': 1 },
      paint: { 'text-color': ['case', ['<', num('DEPTH', 0), depthSetting('safetyDepth')], colour('SNDG2'), colour('SNDG1')] },
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['HRBFAC', 'SMCFAC'],
      type: 'symbol',
      filter: all(),
      layout: { 'icon-image': 'hrb', ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['MORFAC'],
      type: 'symbol',
      filter: all(isPoint),
      layout: { 'icon-image': 'mor', ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['LNDMRK'],
      type: 'symbol',
      filter: all(isPoint),
      layout: { 'icon-image': 'lmk', ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['LIGHTS'],
      type: 'symbol',
      filter: all(isPoint),
      layout: { 'icon-image': iconExpression('lit', ['COLOUR']), 'icon-anchor': 'center', ...navaidIcon },
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['BCNLAT', 'BCNCAR', 'BCNISD', 'BCNSAW', 'BCNSPP'],
      type: 'symbol',
      filter: all(isPoint),
      layout: (cls) => ({
        'icon-image': iconExpression(`bcn|${cls}`, ['BCNSHP', 'COLOUR', 'COLPAT', 'CATCAM', 'CATLAM']),
        'icon-anchor': 'bottom',
        ...navaidIcon,
      }),
      paint: {},
    }),
    ...classLayers({
      id: 'symbol',
      classes: ['BOYLAT', 'BOYCAR', 'BOYISD', 'BOYSAW', 'BOYSPP', 'BOYINB'],
      type: 'symbol',
      filter: all(isPoint),
      layout: (cls) => ({
        'icon-image': iconExpression(`boy|${cls}`, ['BOYSHP', 'COLOUR', 'COLPAT', 'CATCAM', 'CATLAM']),
        'icon-anchor': 'bottom',
        ...navaidIcon,
      }),
      paint: {},
    }),
    ...classLayers({
      id: 'name',
      classes: ['BOYLAT', 'BOYCAR', 'BOYISD', 'BOYSAW', 'BOYSPP', 'BCNLAT', 'BCNCAR', 'BCNISD', 'BCNSAW', 'BCNSPP', 'LNDMRK'],
      type: 'symbol',
      minzoom: 13,
      filter: all(isPoint, ['has', 'OBJNAM']),
      layout: {
        'text-field': ['get', 'OBJNAM'],
        'text-font': textFont,
        'text-size': 10,
        'text-anchor': 'left',
        'text-offset': [1.2, 0.4],
        'text-optional': true,
      },
      paint: { 'text-color': colour('CHBLK'), 'text-halo-color': colour('CHWHT'), 'text-halo-width': 1 },
    }),
  ];
}

/** The layers a click identifies, top first (the chart's own, not the land or the S-102 grid). */
export function listPickableLayerIds(style: StyleSpecification): string[] {
  return style.layers
    .filter(
      (l) =>
        'source' in l &&
        (l.source === chartSourceId || l.source === coverageSourceId) &&
        !l.id.endsWith(':name') &&
        !l.id.endsWith(':band'),
    )
    .map((l) => l.id)
    .reverse();
}

export function buildChartStyle(opts: ChartStyleOptions): StyleSpecification {
  const depth = depthStateValues(opts.safetyDepth);
  const state: StyleSpecification['state'] = {};
  for (const token of colourTokens) state[token] = { default: palettes[opts.palette][token] };
  for (const [name, value] of Object.entries(depth)) state[name] = { default: value };
  state.hiddenCells = { default: hiddenCellsState(opts.hiddenCells) };

  const sources: StyleSpecification['sources'] = {
    [landSourceId]: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
  };
  if (opts.tilesUrl) {
    sources[chartSourceId] = { type: 'vector', tiles: [opts.tilesUrl], minzoom: 0, maxzoom: 18 };
    sources[coverageSourceId] = { type: 'geojson', data: coverageGeoJSON(opts.coverage ?? []) };
  }
  if (opts.s102Url) sources[s102SourceId] = { type: 'raster', tiles: [opts.s102Url], tileSize: 256, minzoom: 0, maxzoom: 18 };

  const layers: LayerSpecification[] = [
    { id: 'background', type: 'background', paint: { 'background-color': colour('NODTA') } },
    { id: 'world-land', type: 'fill', source: landSourceId, paint: { 'fill-color': colour('LANDA') } },
    { id: 'world-coast', type: 'line', source: landSourceId, paint: { 'line-color': colour('CSTLN'), 'line-width': 0.6 } },
  ];
  if (opts.tilesUrl) layers.push(...chartLayers(opts.locale));
  if (opts.s102Url) {
    // Above the depth areas, under the lines and symbols: inserted after the last area fill.
    const at = layers.findLastIndex((l) => l.type === 'fill') + 1;
    layers.splice(at, 0, {
      id: s102LayerId,
      type: 'raster',
      source: s102SourceId,
      layout: { visibility: 'none' },
      paint: { 'raster-opacity': 0.85 },
    });
  }
  // No `glyphs`: MapLibre draws every glyph locally from the browser's fonts (decision 0013).
  return { version: 8, state, sources, layers };
}
