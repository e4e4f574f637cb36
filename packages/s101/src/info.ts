// Dataset metadata: what `s101 info --json` prints, and what a portal lists for an S-101 dataset.
import type { BBox, FlatGeometry } from '@chartroom/s57';
import type { S101Dataset } from './dataset.js';
import { featureFlatGeometry, scalerOf } from './geometry.js';
import { RCNM_CURVE, RCNM_MULTIPOINT, RCNM_POINT } from './model.js';

export interface S101Info {
  /** Always 'S-101'. */
  product: 'S-101';
  /** Dataset name: DSNM without its extension (else the file name's), e.g. '101FR0067126A'. */
  name: string;
  /** DSNM as written, e.g. '101FR0067126A.000'. */
  fileName: string | null;
  /** DSTL, e.g. 'Tréguier'. */
  title: string | null;
  /** Edition and update number (DSED 'edition.update'); after updates applied, the last one's. */
  edition: number | null;
  update: number | null;
  /** DSRD, YYYYMMDD. */
  issueDate: string | null;
  /** PRSP and PRED, e.g. 'INT.IHO.S-101.1.1' and '1.1'. */
  productSpecification: string | null;
  productEdition: string | null;
  /** ENSP and ENED, e.g. 'S-100 Part 10a', '5.0'. */
  encoding: string | null;
  encodingEdition: string | null;
  /** PROF: 1 base dataset, 2 update dataset. */
  profile: number | null;
  /** DSLG, e.g. 'EN'. */
  language: string | null;
  /** DSAB */
  abstract: string | null;
  /** DSTC, ISO 19115 topic category codes (14 oceans, 18 transportation). */
  topicCategories: number[];
  /** The horizontal CRS (EPSG code when given) and the vertical datums of the dataset's CRS record. */
  crs: { horizontal: { name: string; epsg: number | null } | null; vertical: { name: string; datum: string | null }[] };
  /** CMFX, CMFY, CMFZ. */
  coordinateMultipliers: { x: number; y: number; z: number };
  /** Update numbers applied to the base, in order. */
  appliedUpdates: number[];
  /** Number of features per feature type (from the dataset's FTCS), sorted by type. */
  featureCounts: Record<string, number>;
  /** Number of information records per information type. */
  informationCounts: Record<string, number>;
  /** [w, s, e, n] of the DataCoverage features, else of every point and curve; null when empty. */
  bbox: BBox | null;
  /** Update instructions that could not be applied. */
  warnings: string[];
}

function textOrNull(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const t = String(v).trim();
  return t === '' ? null : t;
}

function sorted(m: Map<string, number>): Record<string, number> {
  return Object.fromEntries([...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
}

/** Dataset name: DSNM without extension, else the file name's. */
export function datasetName(ds: Pick<S101Dataset, 'dsid' | 'fileName'>): string {
  const n = textOrNull(ds.dsid.DSNM) ?? ds.fileName?.split(/[\\/]/).pop() ?? '';
  return n.replace(/\.[^.]*$/, '');
}

function extend(b: BBox | null, x: number, y: number): BBox {
  if (!b) return [x, y, x, y];
  if (x < b[0]) b[0] = x;
  if (y < b[1]) b[1] = y;
  if (x > b[2]) b[2] = x;
  if (y > b[3]) b[3] = y;
  return b;
}

function geometryBox(g: FlatGeometry, b: BBox | null): BBox | null {
  const line = (l: number[]): void => {
    for (let i = 0; i + 1 < l.length; i += 2) b = extend(b, l[i]!, l[i + 1]!);
  };
  switch (g.type) {
    case 'Point':
      return extend(b, g.coordinates[0]!, g.coordinates[1]!);
    case 'MultiPoint':
      for (const p of g.coordinates) b = extend(b, p[0]!, p[1]!);
      return b;
    case 'LineString':
      line(g.coordinates);
      return b;
    case 'MultiLineString':
    case 'Polygon':
      g.coordinates.forEach(line);
      return b;
    case 'MultiPolygon':
      for (const p of g.coordinates) p.forEach(line);
      return b;
  }
}

/** The box of the DataCoverage features; without any, of every point, multipoint and curve record. */
export function datasetBBox(ds: S101Dataset): BBox | null {
  const sc = scalerOf(ds);
  let b: BBox | null = null;
  for (const f of ds.features((t) => t === 'DataCoverage')) {
    const g = featureFlatGeometry(ds, f, sc);
    if (g) b = geometryBox(g, b);
  }
  if (b) return b;
  for (const rcnm of [RCNM_POINT, RCNM_MULTIPOINT, RCNM_CURVE]) {
    for (const rcid of ds.recordIds(rcnm)) {
      const r = ds.spatial(rcnm, rcid);
      if (!r) continue;
      const parts = r.rcnm === RCNM_CURVE ? r.segments : r.rcnm === RCNM_POINT || r.rcnm === RCNM_MULTIPOINT ? [r] : [];
      for (const p of parts)
        for (let i = 0; i + p.dim <= p.coords.length; i += p.dim) b = extend(b, sc.lon(p.coords[i]!), sc.lat(p.coords[i + 1]!));
    }
  }
  return b;
}

/** The metadata of a dataset (see S101Info). */
export function getS101Info(ds: S101Dataset): S101Info {
  const d = ds.dsid;
  const ed = /^\s*\d/.test(String(d.DSED ?? '')) ? ds.edition : null;
  const horizontal = ds.crs.find((c) => c.index === 1) ?? ds.crs[0] ?? null;
  const epsg = horizontal && /^\d+$/.test(horizontal.identifier) ? Number(horizontal.identifier) : null;
  const profile = Number(textOrNull(d.PROF));
  const s = ds.scale;
  return {
    product: 'S-101',
    name: datasetName(ds),
    fileName: textOrNull(d.DSNM),
    title: textOrNull(d.DSTL),
    edition: ed ? ed.edition : null,
    update: ed ? ed.update : null,
    issueDate: textOrNull(d.DSRD),
    productSpecification: textOrNull(d.PRSP),
    productEdition: textOrNull(d.PRED),
    encoding: textOrNull(d.ENSP),
    encodingEdition: textOrNull(d.ENED),
    profile: Number.isInteger(profile) && profile > 0 ? profile : null,
    language: textOrNull(d.DSLG),
    abstract: textOrNull(d.DSAB),
    topicCategories: d.DSTC ?? [],
    crs: {
      horizontal: horizontal ? { name: horizontal.name, epsg } : null,
      vertical: ds.crs.filter((c) => c !== horizontal).map((c) => ({ name: c.name, datum: c.verticalDatum?.name ?? null })),
    },
    coordinateMultipliers: { x: s.x, y: s.y, z: s.z },
    appliedUpdates: ds.appliedUpdates.slice(),
    featureCounts: sorted(ds.featureTypeCounts()),
    informationCounts: sorted(ds.informationTypeCounts()),
    bbox: datasetBBox(ds),
    warnings: ds.warnings.slice(),
  };
}
