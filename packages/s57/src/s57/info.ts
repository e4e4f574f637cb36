// Cell metadata: the `s57 info --json` object and richer accessors for DSID/DSSI/DSPM.
import { featureGeometry, geometryContext, type GeometryContext } from '../geo/assemble.js';
import type { BBox, Geometry } from '../geo/types.js';
import { classAcronym } from './object-classes.js';
import { CellIndex, extend } from './lazy.js';
import { featureRecords, type FeatureRecord, type FieldValues, type S57Dataset } from './model.js';

/** What the metadata accessors read: a dataset (`readS57`) or a lazily read cell (`CellIndex`). */
export type CellMeta = Pick<S57Dataset, 'fileName' | 'dsid' | 'dssi' | 'dspm' | 'recordCounts'>;

/** Object class M_COVR and attribute CATCOV (S-57 3.1 codes). */
const OBJL_M_COVR = 302;
const ATTL_CATCOV = 18;

export const USAGE_NAMES: Record<number, string> = {
  1: 'Overview',
  2: 'General',
  3: 'Coastal',
  4: 'Approach',
  5: 'Harbour',
  6: 'Berthing',
};

export const EXCHANGE_PURPOSE_NAMES: Record<number, string> = { 1: 'New', 2: 'Revision' };

export interface CellInfo {
  name: string;
  edition: number | null;
  update: number | null;
  issueDate: string | null;
  updateApplicationDate: string | null;
  intendedUsage: { number: number | null; name: string | null };
  compilationScale: number | null;
  agency: number | null;
  comment: string;
  featureCounts: Record<string, number>;
  bbox: BBox | null;
}

function numberOrNull(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function textOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const t = String(v).trim();
  return t === '' ? null : t;
}

/** Cell name without extension: DSNM, else the file name. */
export function cellName(ds: CellMeta): string {
  const dsnm = textOrNull(ds.dsid.DSNM) ?? ds.fileName?.split(/[\\/]/).pop() ?? '';
  return dsnm.replace(/\.[^.]*$/, '');
}

/** Number of features per object class acronym (DSID not counted), sorted by acronym. */
export function featureCounts(ds: S57Dataset | CellIndex): Record<string, number> {
  let byCode: Map<number, number>;
  if (ds instanceof CellIndex) byCode = ds.classCounts();
  else {
    byCode = new Map();
    for (const f of featureRecords(ds)) byCode.set(f.objl, (byCode.get(f.objl) ?? 0) + 1);
  }
  const counts = new Map<string, number>();
  for (const [objl, n] of byCode) {
    const a = classAcronym(objl);
    counts.set(a, (counts.get(a) ?? 0) + n);
  }
  return Object.fromEntries([...counts.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

function extendBBox(b: BBox | null, x: number, y: number): BBox {
  if (!b) return [x, y, x, y];
  if (x < b[0]) b[0] = x;
  if (y < b[1]) b[1] = y;
  if (x > b[2]) b[2] = x;
  if (y > b[3]) b[3] = y;
  return b;
}

function geometryBBox(g: Geometry, b: BBox | null): BBox | null {
  const visit = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') b = extendBBox(b, c[0], c[1] as number);
    else if (Array.isArray(c)) for (const x of c) visit(x);
  };
  visit(g.coordinates);
  return b;
}

/** [count, west, south, east, north] of the points areaGeometry takes from edge `rcid`, decoded. */
function decodedEdgeExtent(ctx: GeometryContext, rcid: number, out: Float64Array): void {
  out[0] = 0;
  out[1] = Infinity;
  out[2] = Infinity;
  out[3] = -Infinity;
  out[4] = -Infinity;
  const edge = ctx.ve.get(rcid);
  if (!edge) return;
  const node = (k: number): void => {
    const id = edge.pointers[k]?.rcid;
    const v = id === undefined ? undefined : ctx.vc.get(id);
    if (v && v.coords.length >= v.dim) extend(out, v.coords[0]! / ctx.comf, v.coords[1]! / ctx.comf);
  };
  // Start node, stored vertices, end node: the points areaGeometry chains into rings.
  node(0);
  const c = edge.coords,
    d = edge.dim;
  for (let i = 0, m = Math.floor(c.length / d); i < m; i++) extend(out, c[i * d]! / ctx.comf, c[i * d + 1]! / ctx.comf);
  node(1);
}

/**
 * The box of an area feature's geometry (`featureGeometry`) from its edges, without assembling
 * rings: the rings hold every point of every edge of two points or more. Undefined when only the
 * assembled geometry can tell, i.e. when no edge spans an area (the geometry may then be dropped as
 * degenerate). A lazily read cell reads the edges and nodes without decoding them.
 */
function areaBBox(ds: S57Dataset | CellIndex, ctx: GeometryContext, f: FeatureRecord, b: BBox | null): BBox | null | undefined {
  const quick = ds instanceof CellIndex ? ds : null;
  const ext = new Float64Array(5);
  let spans = false;
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const ptr of f.spatialPointers) {
    if (!quick?.edgeExtent(ptr.rcid, ctx.comf, ext)) decodedEdgeExtent(ctx, ptr.rcid, ext);
    if (ext[0]! < 2) continue;
    const [, ew, es, ee, en] = ext as unknown as [number, number, number, number, number];
    if (ee > ew && en > es) spans = true;
    if (ew < w) w = ew;
    if (es < s) s = es;
    if (ee > e) e = ee;
    if (en > n) n = en;
  }
  if (w === Infinity) return b;
  if (!spans) return undefined;
  b = extendBBox(b, w, s);
  return extendBBox(b, e, n);
}

/** [west, south, east, north] of the M_COVR features with CATCOV=1, else of every spatial record. */
export function cellBBox(ds: S57Dataset | CellIndex): BBox | null {
  const ctx = geometryContext(ds);
  let b: BBox | null = null;
  const covers = ds instanceof CellIndex ? ds.featuresOfClass(OBJL_M_COVR) : featureRecords(ds);
  for (const f of covers) {
    if (f.objl !== OBJL_M_COVR) continue;
    if (!f.attributes.some((a) => a.code === ATTL_CATCOV && a.value.trim() === '1')) continue;
    const fromEdges: BBox | null | undefined = f.prim === 3 ? areaBBox(ds, ctx, f, b) : undefined;
    if (fromEdges !== undefined) {
      b = fromEdges;
      continue;
    }
    const g = featureGeometry(ctx, f);
    if (g) b = geometryBBox(g, b);
  }
  if (b) return b;
  const vectors =
    ds instanceof CellIndex
      ? ds.allVectors()
      : (function* () {
          for (const index of ds.vectors.values()) yield* index.values();
        })();
  for (const v of vectors) {
    for (let i = 0; i + 1 < v.coords.length; i += v.dim) b = extendBBox(b, v.coords[i]! / ctx.comf, v.coords[i + 1]! / ctx.comf);
  }
  return b;
}

/**
 * The object `s57 info --json` prints for a cell. Given a `CellIndex` (`readCellIndex`, or
 * `openCellIndex` in '@chartroom/s57/node') it decodes only the records it needs.
 */
export function getCellInfo(ds: S57Dataset | CellIndex): CellInfo {
  const intu = numberOrNull(ds.dsid.INTU);
  return {
    name: cellName(ds),
    edition: numberOrNull(ds.dsid.EDTN),
    update: numberOrNull(ds.dsid.UPDN),
    issueDate: textOrNull(ds.dsid.ISDT),
    updateApplicationDate: textOrNull(ds.dsid.UADT),
    intendedUsage: { number: intu, name: intu === null ? null : (USAGE_NAMES[intu] ?? null) },
    compilationScale: numberOrNull(ds.dspm?.CSCL) || null,
    agency: numberOrNull(ds.dsid.AGEN),
    comment: textOrNull(ds.dsid.COMT) ?? '',
    featureCounts: featureCounts(ds),
    bbox: cellBBox(ds),
  };
}

export interface CellMetadata {
  s57Edition: number | null;
  exchangePurpose: { number: number | null; name: string | null };
  productSpecification: number | null;
  productSpecificationEdition: string | null;
  applicationProfile: number | null;
  dataStructure: number | null;
  attributeLexicalLevel: number | null;
  nationalLexicalLevel: number | null;
  horizontalDatum: number | null;
  verticalDatum: number | null;
  soundingDatum: number | null;
  coordinateMultiplier: number;
  soundingMultiplier: number;
  /** Counts DSSI declares (NOMR meta, NOCR cartographic, NOGR geo, NOLR collection, NOIN isolated nodes, NOCN connected nodes, NOED edges, NOFA faces). */
  declaredCounts: Record<string, number | null>;
  /** Counts of records actually read, by type (DS, DP, FE, VI, VC, VE, VF). */
  recordCounts: Record<string, number>;
}

/** DSID/DSSI/DSPM details beyond getCellInfo. */
export function getCellMetadata(ds: CellMeta): CellMetadata {
  const expp = numberOrNull(ds.dsid.EXPP);
  const declared: Record<string, number | null> = {};
  for (const k of ['NOMR', 'NOCR', 'NOGR', 'NOLR', 'NOIN', 'NOCN', 'NOED', 'NOFA']) declared[k] = numberOrNull(ds.dssi[k]);
  return {
    s57Edition: numberOrNull(ds.dsid.STED),
    exchangePurpose: { number: expp, name: expp === null ? null : (EXCHANGE_PURPOSE_NAMES[expp] ?? null) },
    productSpecification: numberOrNull(ds.dsid.PRSP),
    productSpecificationEdition: textOrNull(ds.dsid.PRED),
    applicationProfile: numberOrNull(ds.dsid.PROF),
    dataStructure: numberOrNull(ds.dssi.DSTR),
    attributeLexicalLevel: numberOrNull(ds.dssi.AALL),
    nationalLexicalLevel: numberOrNull(ds.dssi.NALL),
    horizontalDatum: numberOrNull(ds.dspm?.HDAT),
    verticalDatum: numberOrNull(ds.dspm?.VDAT),
    soundingDatum: numberOrNull(ds.dspm?.SDAT),
    coordinateMultiplier: numberOrNull(ds.dspm?.COMF) ?? 1_000_000,
    soundingMultiplier: numberOrNull(ds.dspm?.SOMF) ?? 10,
    declaredCounts: declared,
    recordCounts: { ...ds.recordCounts },
  };
}

/** DSID, DSSI and DSPM subfields named as GDAL's DSID layer names them (DSID_EDTN, DSSI_NALL, DSPM_CSCL, ...). */
export function getGdalDsidFields(ds: CellMeta): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  const add = (prefix: string, values: FieldValues | null): void => {
    if (!values) return;
    for (const [k, v] of Object.entries(values)) if (k !== 'RCNM' && k !== 'RCID') out[`${prefix}_${k}`] = v;
  };
  add('DSID', ds.dsid);
  add('DSSI', ds.dssi);
  add('DSPM', ds.dspm);
  return out;
}
