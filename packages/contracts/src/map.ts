import { z } from 'zod';
import { text } from './common.js';

// The chart map (issue 12): the map task a `gotomap` id stands for, the vector and S-102 tiles
// served under `/tiles`, and the S-57 object catalogue the feature panel decodes attributes with.

/** `[west, south, east, north]` in degrees (WGS 84). */
export const lonLatBbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type LonLatBbox = z.infer<typeof lonLatBbox>;

/** Zoom limits of the map screen (spec §9: initial zoom 15, min 3, max 18). */
export const mapZoom = { initial: 15, min: 3, max: 18 } as const;
/** A `gotomap` task id opens the map for this long. */
export const mapTaskTtlHours = 12;
/** Below this zoom (smaller than ~1:5,000,000) tiles carry only `M_COVR`. */
export const coverageOnlyBelowZoom = 7;

/**
 * Zoom range each navigational band is drawn in (1 Overview … 6 Berthing). The finest band a tile
 * has is drawn past its own range (overzoom); a coarser one fills only what finer ones do not cover.
 */
export const bandZoomRanges: Record<number, { minzoom: number; maxzoom: number }> = {
  1: { minzoom: 0, maxzoom: 8 },
  2: { minzoom: 8, maxzoom: 10 },
  3: { minzoom: 10, maxzoom: 12 },
  4: { minzoom: 12, maxzoom: 14 },
  5: { minzoom: 14, maxzoom: 16 },
  6: { minzoom: 16, maxzoom: 18 },
};

/**
 * The S-57 classes the chart style draws (one tile layer each): the tiles carry these and no
 * others. The style (web `chart-style.ts`) may only name classes of this list, and its test holds
 * that it draws every one of them, so the tiles and the style cannot drift apart. A click
 * identifies drawn features only, so the feature panel needs nothing else either.
 */
export const drawnChartClasses = [
  'M_COVR',
  // Areas
  'DEPARE',
  'DRGARE',
  'UNSARE',
  'LNDARE',
  'BUAARE',
  'SLCONS',
  'PONTON',
  'HULKES',
  'DRYDOC',
  'FLODOC',
  'OBSTRN',
  'WRECKS',
  'UWTROC',
  'RESARE',
  'CTNARE',
  'MIPARE',
  'ACHARE',
  'MARCUL',
  'CBLARE',
  'PIPARE',
  'HRBARE',
  'FAIRWY',
  'SEAARE',
  // Lines
  'DEPCNT',
  'COALNE',
  'NAVLNE',
  'RECTRC',
  'CBLSUB',
  'PIPSOL',
  // Points
  'SOUNDG',
  'HRBFAC',
  'SMCFAC',
  'MORFAC',
  'LNDMRK',
  'LIGHTS',
  'BCNLAT',
  'BCNCAR',
  'BCNISD',
  'BCNSAW',
  'BCNSPP',
  'BOYLAT',
  'BOYCAR',
  'BOYISD',
  'BOYSAW',
  'BOYSPP',
  'BOYINB',
] as const;
export type DrawnChartClass = (typeof drawnChartClasses)[number];

export const mapTaskCell = z.object({
  name: z.string(),
  /** Navigational band 1 (Overview) … 6 (Berthing), from the cell name's third character. */
  band: z.number().int(),
  edition: z.number().int(),
  update: z.number().int(),
  issueDate: z.string().nullable(),
  /** Compilation scale denominator (DSPM CSCL), null when the cell does not say. */
  scale: z.number().int().nullable(),
  bbox: lonLatBbox,
  /**
   * The cell's data coverage (M_COVR CATCOV=1) as GeoJSON MultiPolygon coordinates, null when the
   * cell did not say (its bbox stands for it): the map draws it at once, before any tile. Each ring
   * is simplified within 1e-6° (0.11 m; points on the straight lines between others are left out).
   */
  coverage: z.array(z.array(z.array(z.array(z.number())))).nullable(),
});
export type MapTaskCell = z.infer<typeof mapTaskCell>;

export const mapTaskS102 = z.object({ name: z.string(), bbox: lonLatBbox });
export type MapTaskS102 = z.infer<typeof mapTaskS102>;

/**
 * `GET /api/geocontent/maptask?taskId=`: what the map screen opens.
 * Tile features carry S-57 attributes by acronym: I and F attributes as numbers, E, L, A and S as
 * text (lists as the cell writes them, comma-separated), plus `cell`, `band`, `edition`, `update`,
 * `DEPTH` on soundings and `minzoom` (from SCAMIN, MapLibre zoom at the cell's latitude).
 */
export const mapTaskView = z.object({
  taskId: z.string(),
  gcid: z.number().int(),
  title: z.string(),
  /** Changes whenever the geocontent's collection of charts changes (tiles' ETag). */
  version: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The whole collection (cells and S-102 grids), null when it is empty. */
  bbox: lonLatBbox.nullable(),
  /** The centre of the finest chart at zoom 15, null when there are no charts. */
  start: z.object({ lon: z.number(), lat: z.number(), zoom: z.number() }).nullable(),
  cells: z.array(mapTaskCell),
  s102: z.array(mapTaskS102),
});
export type MapTaskView = z.infer<typeof mapTaskView>;

export const tileParams = z.object({
  z: z.coerce.number().int().min(0).max(22),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});
export type TileParams = z.infer<typeof tileParams>;
/**
 * `v` (optional): the task's `version`; when it is the current one the answer may be kept for a
 * long time (the URL changes with the charts). Without it tiles are revalidated by ETag.
 */
export const tileQuery = z.object({ taskId: text(64, { min: 1 }), v: text(64).optional() });
export type TileQuery = z.infer<typeof tileQuery>;

/**
 * `GET /api/map/text?taskId=&file=`: a text file a chart feature refers to (TXTDSC, NTXTDS), from
 * the companion files stored with the task's charts. `file` is the name as the feature gives it.
 */
export const chartTextQuery = z.object({
  taskId: text(64, { min: 1 }),
  file: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,8}\.[Tt][Xx][Tt]$/, 'A chart text file name: up to 8 letters, digits or _, then .TXT'),
});
export type ChartTextQuery = z.infer<typeof chartTextQuery>;
export const chartText = z.object({ file: z.string(), text: z.string() });
export type ChartText = z.infer<typeof chartText>;

/** Content type of `GET /tiles/{z}/{x}/{y}.pbf` (gzip-encoded). */
export const vectorTileMime = 'application/vnd.mapbox-vector-tile';

export const objectCatalogueAttribute = z.object({
  name: z.string(),
  /** S-57 attribute type: E enumerated, L list, F float, I integer, A/S text. */
  type: z.string(),
  unit: z.string().optional(),
  /** Enumerated and list attributes: value → words. */
  values: z.record(z.string(), z.string()).optional(),
});
export type ObjectCatalogueAttribute = z.infer<typeof objectCatalogueAttribute>;

/** `GET /api/map/object-catalogue`: class and attribute names, enumeration values as words. */
export const objectCatalogue = z.object({
  classes: z.record(z.string(), z.string()),
  attributes: z.record(z.string(), objectCatalogueAttribute),
});
export type ObjectCatalogue = z.infer<typeof objectCatalogue>;

/**
 * `GET /api/geocontent/map-status?gcid=` (owner only): how far the map's preparation of the
 * geocontent's current charts has come (issue 39), so the map screen can say "preparing 37 of 60
 * cells" instead of showing an empty map. Tiles of a cell not yet prepared are still answered
 * (made on demand); `ready` is true when every cell is prepared.
 */
export const mapStatusView = z.object({
  /** Cells (S-57 and S-101) and S-102 grids of the current collection. */
  cells: z.number().int().min(0),
  ready: z.boolean(),
  /** Not yet prepared (queued or being prepared). */
  pending: z.number().int().min(0),
  /** Preparation gave up (the cell's tiles are still made on demand). */
  failed: z.number().int().min(0),
});
export type MapStatusView = z.infer<typeof mapStatusView>;
