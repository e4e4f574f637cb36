// Applying update files (.001 ... .n) to a base cell: record insert/delete/modify by RUIN and RVER,
// attribute, pointer and coordinate update instructions (S-57 3.1 part 3, clause 8.4).
import { S57Error } from '../errors.js';
import type { FeatureRecord, RawAttribute, S57Dataset, UpdateControl, VectorRecord } from './model.js';

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return Number.isFinite(n) ? n : 0;
}

function stem(name: unknown): string {
  return String(name ?? '').trim().replace(/\.[^.]*$/, '').toUpperCase();
}

/** Applies pointer/coordinate instruction `ctl` (1 insert, 2 delete, 3 modify, 1-based index) to `target`. */
function applyControl<T>(target: T[], ctl: UpdateControl, source: T[]): T[] {
  const out = target.slice();
  const at = Math.max(0, Math.min(ctl.index - 1, out.length));
  if (ctl.instruction === 1) out.splice(at, 0, ...source.slice(0, ctl.count || source.length));
  else if (ctl.instruction === 2) out.splice(at, ctl.count);
  else if (ctl.instruction === 3) for (let i = 0; i < ctl.count && i < source.length; i++) if (at + i < out.length) out[at + i] = source[i]!;
  return out;
}

function applyAttributes(target: RawAttribute[], source: RawAttribute[]): RawAttribute[] {
  const out = target.slice();
  for (const a of source) {
    let i = out.length - 1;
    while (i >= 0 && out[i]!.code !== a.code) i--;
    if (i >= 0) out[i] = a;
    else out.push(a);
  }
  return out;
}

function points(v: VectorRecord): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + v.dim <= v.coords.length; i += v.dim) out.push(Array.from(v.coords.subarray(i, i + v.dim)));
  return out;
}

/** @internal */
export function modifyFeature(t: FeatureRecord, u: FeatureRecord): FeatureRecord {
  const f: FeatureRecord = {
    rcid: t.rcid, prim: t.prim, grup: t.grup, objl: t.objl, rver: u.rver, ruin: t.ruin, agen: t.agen, fidn: t.fidn, fids: t.fids,
    attributes: t.attributes, nationalAttributes: t.nationalAttributes, featurePointers: t.featurePointers, spatialPointers: t.spatialPointers,
  };
  if (u.fspc) f.spatialPointers = applyControl(t.spatialPointers, u.fspc, u.spatialPointers);
  if (u.ffpc) f.featurePointers = applyControl(t.featurePointers, u.ffpc, u.featurePointers);
  if (u.attributes.length > 0) f.attributes = applyAttributes(t.attributes, u.attributes);
  if (u.nationalAttributes.length > 0) f.nationalAttributes = applyAttributes(t.nationalAttributes, u.nationalAttributes);
  return f;
}

/** @internal */
export function modifyVector(t: VectorRecord, u: VectorRecord): VectorRecord {
  // Explicit copy: records read from a file decode their fields lazily through accessors.
  const v: VectorRecord = { rcnm: t.rcnm, rcid: t.rcid, rver: u.rver, ruin: t.ruin, coords: t.coords, dim: t.dim, pointers: t.pointers, attributes: t.attributes };
  if (u.vrpc) v.pointers = applyControl(t.pointers, u.vrpc, u.pointers);
  if (u.sgcc) {
    const dim = t.coords.length > 0 ? t.dim : u.dim;
    const merged = applyControl(points(t), u.sgcc, points(u));
    v.dim = dim;
    v.coords = new Int32Array(merged.length * dim);
    merged.forEach((p, i) => { for (let d = 0; d < dim; d++) v.coords[i * dim + d] = p[d] ?? 0; });
  }
  if (u.attributes.length > 0) v.attributes = applyAttributes(t.attributes, u.attributes);
  return v;
}

function isFeature(r: FeatureRecord | VectorRecord): r is FeatureRecord {
  return 'objl' in r;
}

function applyOne(ds: S57Dataset, upd: S57Dataset): void {
  const label = upd.fileName ?? `update ${String(upd.dsid.UPDN ?? '?')}`;
  for (const u of upd.records) {
    let index: Map<number, FeatureRecord | VectorRecord> | undefined;
    let what: string;
    if (isFeature(u)) {
      index = ds.features as Map<number, FeatureRecord | VectorRecord>;
      what = `feature RCID ${u.rcid}`;
    } else {
      index = ds.vectors.get(u.rcnm) as Map<number, FeatureRecord | VectorRecord> | undefined;
      if (!index) ds.vectors.set(u.rcnm, (index = new Map()) as Map<number, VectorRecord>);
      what = `vector RCNM ${u.rcnm} RCID ${u.rcid}`;
    }
    const t = index.get(u.rcid);
    if (u.ruin === 1) {
      index.set(u.rcid, u);
    } else if (!t) {
      ds.warnings.push(`${label}: ${what} to ${u.ruin === 2 ? 'delete' : 'modify'} not found`);
    } else if (t.rver + 1 !== u.rver) {
      ds.warnings.push(`${label}: RVER mismatch on ${what} (record version ${t.rver}, update version ${u.rver}); instruction skipped`);
    } else if (u.ruin === 2) {
      index.delete(u.rcid);
    } else if (u.ruin === 3) {
      index.set(u.rcid, isFeature(u) ? modifyFeature(t as FeatureRecord, u) : modifyVector(t as VectorRecord, u));
    }
  }
}

/**
 * Applies update datasets in order to a base cell and returns the updated dataset (the base is left
 * unchanged). Throws S57Error ('update_edition', 'update_sequence', 'update_target') when an update
 * does not follow the cell. Afterwards DSID UPDN and ISDT are the last update's; UADT stays the base's.
 */
export function applyUpdates(base: S57Dataset, updates: S57Dataset[]): S57Dataset {
  const ds: S57Dataset = {
    ...base,
    dsid: { ...base.dsid },
    features: new Map(base.features),
    vectors: new Map([...base.vectors].map(([k, v]) => [k, new Map(v)])),
    appliedUpdates: base.appliedUpdates.slice(),
    records: base.records,
    warnings: base.warnings.slice(),
  };
  const cell = updateTargetName(base);
  for (const upd of updates) {
    const updn = checkUpdate(cell, ds.dsid, upd);
    applyOne(ds, upd);
    afterUpdate(ds, upd, updn);
  }
  return ds;
}

/** @internal The cell name updates must name (DSNM stem, else the file name's). */
export function updateTargetName(base: Pick<S57Dataset, 'dsid' | 'fileName'>): string {
  return stem(base.dsid.DSNM) || stem(base.fileName?.split(/[\\/]/).pop());
}

/** @internal Throws when update `upd` does not follow a cell at `dsid`; returns its UPDN. */
export function checkUpdate(cell: string, dsid: S57Dataset['dsid'], upd: Pick<S57Dataset, 'dsid' | 'fileName'>): number {
  const name = upd.fileName ?? String(upd.dsid.DSNM ?? 'update');
  const updCell = stem(upd.dsid.DSNM);
  if (cell && updCell && updCell !== cell) {
    throw new S57Error('update_target', `${name} updates cell ${updCell}, not ${cell}`, { file: name });
  }
  const edition = num(dsid.EDTN);
  const updEdition = num(upd.dsid.EDTN);
  if (updEdition !== edition) {
    throw new S57Error('update_edition', updEdition === 0
      ? `${name} cancels cell ${cell} (EDTN 0); it cannot be applied`
      : `${name} is for edition ${updEdition} but the cell is edition ${edition}`, { file: name });
  }
  const current = num(dsid.UPDN);
  const updn = num(upd.dsid.UPDN);
  if (updn !== current + 1) {
    throw new S57Error('update_sequence', `${name} is update ${updn} but the cell is at update ${current}; expected update ${current + 1}`, { file: name });
  }
  return updn;
}

/** @internal DSID after update `upd` (number `updn`) has been applied: UPDN and ISDT become the update's. */
export function afterUpdate(ds: Pick<S57Dataset, 'dsid' | 'appliedUpdates'>, upd: Pick<S57Dataset, 'dsid'>, updn: number): void {
  ds.dsid.UPDN = upd.dsid.UPDN ?? String(updn);
  if (upd.dsid.ISDT !== null && String(upd.dsid.ISDT ?? '').trim() !== '') ds.dsid.ISDT = upd.dsid.ISDT ?? null;
  ds.appliedUpdates.push(updn);
}
