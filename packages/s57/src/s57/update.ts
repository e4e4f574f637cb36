// Applying update files (.001 ... .n) to a base cell: record insert/delete/modify by RUIN and RVER,
// attribute, pointer and coordinate update instructions (S-57 3.1 part 3, clause 8.4).
import { S57Error } from '../errors.js';
import { RCNM_FE, type FeatureRecord, type RawAttribute, type S57Dataset, type UpdateControl, type VectorRecord } from './model.js';

function num(v: unknown): number {
  const n = typeof v === 'number' ? v : Number(String(v ?? '').trim());
  return Number.isFinite(n) ? n : 0;
}

function stem(name: unknown): string {
  return String(name ?? '')
    .trim()
    .replace(/\.[^.]*$/, '')
    .toUpperCase();
}

/** Applies pointer/coordinate instruction `ctl` (1 insert, 2 delete, 3 modify, 1-based index) to `target`. */
function applyControl<T>(target: T[], ctl: UpdateControl, source: T[]): T[] {
  const out = target.slice();
  const at = Math.max(0, Math.min(ctl.index - 1, out.length));
  if (ctl.instruction === 1) out.splice(at, 0, ...source.slice(0, ctl.count || source.length));
  else if (ctl.instruction === 2) out.splice(at, ctl.count);
  else if (ctl.instruction === 3)
    for (let i = 0; i < ctl.count && i < source.length; i++) if (at + i < out.length) out[at + i] = source[i]!;
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
    rcid: t.rcid,
    prim: t.prim,
    grup: t.grup,
    objl: t.objl,
    rver: u.rver,
    ruin: t.ruin,
    agen: t.agen,
    fidn: t.fidn,
    fids: t.fids,
    attributes: t.attributes,
    nationalAttributes: t.nationalAttributes,
    featurePointers: t.featurePointers,
    spatialPointers: t.spatialPointers,
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
  const v: VectorRecord = {
    rcnm: t.rcnm,
    rcid: t.rcid,
    rver: u.rver,
    ruin: t.ruin,
    coords: t.coords,
    dim: t.dim,
    pointers: t.pointers,
    attributes: t.attributes,
  };
  if (u.vrpc) v.pointers = applyControl(t.pointers, u.vrpc, u.pointers);
  if (u.sgcc) {
    const dim = t.coords.length > 0 ? t.dim : u.dim;
    const merged = applyControl(points(t), u.sgcc, points(u));
    v.dim = dim;
    v.coords = new Int32Array(merged.length * dim);
    merged.forEach((p, i) => {
      for (let d = 0; d < dim; d++) v.coords[i * dim + d] = p[d] ?? 0;
    });
  }
  if (u.attributes.length > 0) v.attributes = applyAttributes(t.attributes, u.attributes);
  return v;
}

/** The identity columns of one update file's records, in file order (a scanned file has them). */
export interface UpdateInstructions {
  readonly fileName?: string;
  readonly dsid: S57Dataset['dsid'];
  readonly n: number;
  readonly rcnm: ArrayLike<number>;
  readonly rcid: ArrayLike<number>;
  readonly rver: ArrayLike<number>;
  readonly ruin: ArrayLike<number>;
}

/** The cell's current records, as the record-level instructions of an update act on them. */
export interface UpdateTarget {
  /** The current version (RVER) of record RCNM/RCID, or undefined when the cell has none. */
  versionOf(rcnm: number, rcid: number): number | undefined;
  /** Inserts (or replaces) RCNM/RCID with the update's record at `slot`. */
  insert(rcnm: number, rcid: number, slot: number): void;
  /** Deletes RCNM/RCID. */
  remove(rcnm: number, rcid: number): void;
  /** Modifies RCNM/RCID by the update's record at `slot` (pointer, coordinate and attribute instructions), now at version `rver`. */
  modify(rcnm: number, rcid: number, slot: number, rver: number): void;
}

/**
 * The record-level rules of an update file, in its record order (S-57 3.1 part 3, 8.4.2): RUIN 1
 * inserts, 2 deletes, 3 modifies, and a delete or modify applies only to the record version it
 * follows (RVER + 1). Instructions that cannot apply are skipped with a warning, as GDAL does.
 * The one implementation behind `applyUpdates` (decoded datasets) and `CellIndex.applyUpdate`.
 */
export function applyInstructions(target: UpdateTarget, upd: UpdateInstructions, warnings: string[]): void {
  const label = upd.fileName ?? `update ${String(upd.dsid.UPDN ?? '?')}`;
  for (let i = 0; i < upd.n; i++) {
    const rcnm = upd.rcnm[i]!,
      rcid = upd.rcid[i]!,
      ruin = upd.ruin[i]!,
      rver = upd.rver[i]!;
    if (ruin === 1) {
      target.insert(rcnm, rcid, i);
      continue;
    }
    const what = rcnm === RCNM_FE ? `feature RCID ${rcid}` : `vector RCNM ${rcnm} RCID ${rcid}`;
    const current = target.versionOf(rcnm, rcid);
    if (current === undefined) {
      warnings.push(`${label}: ${what} to ${ruin === 2 ? 'delete' : 'modify'} not found`);
    } else if (current + 1 !== rver) {
      warnings.push(`${label}: RVER mismatch on ${what} (record version ${current}, update version ${rver}); instruction skipped`);
    } else if (ruin === 2) {
      target.remove(rcnm, rcid);
    } else if (ruin === 3) {
      target.modify(rcnm, rcid, i, rver);
    }
  }
}

/** A decoded update file's records as update instructions. */
function instructionsOf(upd: S57Dataset): UpdateInstructions {
  const n = upd.records.length;
  const rcnm = new Float64Array(n),
    rcid = new Float64Array(n),
    rver = new Float64Array(n),
    ruin = new Float64Array(n);
  upd.records.forEach((r, i) => {
    rcnm[i] = 'objl' in r ? RCNM_FE : r.rcnm;
    rcid[i] = r.rcid;
    rver[i] = r.rver;
    ruin[i] = r.ruin;
  });
  return { fileName: upd.fileName, dsid: upd.dsid, n, rcnm, rcid, rver, ruin };
}

/** The current records of a decoded dataset, changed in place by `applyInstructions`. */
function datasetTarget(ds: S57Dataset, upd: S57Dataset): UpdateTarget {
  const indexOf = (rcnm: number): Map<number, FeatureRecord | VectorRecord> => {
    if (rcnm === RCNM_FE) return ds.features as Map<number, FeatureRecord | VectorRecord>;
    let index = ds.vectors.get(rcnm);
    if (!index) ds.vectors.set(rcnm, (index = new Map()));
    return index as Map<number, FeatureRecord | VectorRecord>;
  };
  return {
    versionOf: (rcnm, rcid) => indexOf(rcnm).get(rcid)?.rver,
    insert: (rcnm, rcid, slot) => void indexOf(rcnm).set(rcid, upd.records[slot]!),
    remove: (rcnm, rcid) => void indexOf(rcnm).delete(rcid),
    modify: (rcnm, rcid, slot) => {
      const index = indexOf(rcnm);
      const t = index.get(rcid)!;
      const u = upd.records[slot]!;
      index.set(
        rcid,
        rcnm === RCNM_FE ? modifyFeature(t as FeatureRecord, u as FeatureRecord) : modifyVector(t as VectorRecord, u as VectorRecord),
      );
    },
  };
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
    applyInstructions(datasetTarget(ds, upd), instructionsOf(upd), ds.warnings);
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
    throw new S57Error(
      'update_edition',
      updEdition === 0
        ? `${name} cancels cell ${cell} (EDTN 0); it cannot be applied`
        : `${name} is for edition ${updEdition} but the cell is edition ${edition}`,
      { file: name },
    );
  }
  const current = num(dsid.UPDN);
  const updn = num(upd.dsid.UPDN);
  if (updn !== current + 1) {
    throw new S57Error(
      'update_sequence',
      `${name} is update ${updn} but the cell is at update ${current}; expected update ${current + 1}`,
      { file: name },
    );
  }
  return updn;
}

/** @internal DSID after update `upd` (number `updn`) has been applied: UPDN and ISDT become the update's. */
export function afterUpdate(ds: Pick<S57Dataset, 'dsid' | 'appliedUpdates'>, upd: Pick<S57Dataset, 'dsid'>, updn: number): void {
  ds.dsid.UPDN = upd.dsid.UPDN ?? String(updn);
  if (upd.dsid.ISDT !== null && String(upd.dsid.ISDT ?? '').trim() !== '') ds.dsid.ISDT = upd.dsid.ISDT ?? null;
  ds.appliedUpdates.push(updn);
}
