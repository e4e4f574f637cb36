// Applying S-101 update datasets (.001 ... ) to a base dataset (S-101 clause 11.3 and Annex B-6;
// S-100 Part 10a): records are inserted, deleted or modified by RUIN, a delete or modify applying
// only to the record version it follows (RVER + 1); a modify carries its own instructions for
// attributes (ATIN), associations (IUIN, FAUI, SAUI, MUIN, RAUI), coordinates (COCC), segments
// (SECC) and curve components (CCOC). Instructions that cannot apply are skipped with a warning.
import { applyAttributeUpdates } from './attribute-update.js';
import { S101Error } from './errors.js';
import {
  RCNM_FEATURE,
  RCNM_INFORMATION,
  type CompositeCurveRecord,
  type ContentRecord,
  type CurveRecord,
  type CurveSegment,
  type FeatureAssociation,
  type FeatureRecord,
  type InformationAssociation,
  type InformationRecord,
  type MultiPointRecord,
  type PointRecord,
  type RecordRef,
  type SurfaceRecord,
  type UpdateControl,
} from './model.js';
import { editionOf, RECORD_KIND, type ScannedS101 } from './scan.js';

/** Applies insert/delete/modify `ctl` (index from 1) to `target`, taking new items from `source`. */
function applyControl<T>(target: T[], ctl: UpdateControl, source: T[]): T[] {
  const out = target.slice();
  const at = Math.max(0, Math.min(ctl.index - 1, out.length));
  const count = ctl.count || source.length;
  if (ctl.instruction === 1) out.splice(at, 0, ...source.slice(0, count));
  else if (ctl.instruction === 2) out.splice(at, count);
  else if (ctl.instruction === 3) for (let i = 0; i < count && i < source.length; i++) if (at + i < out.length) out[at + i] = source[i]!;
  return out;
}

function tuples(coords: Int32Array, dim: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + dim <= coords.length; i += dim) out.push(Array.from(coords.subarray(i, i + dim)));
  return out;
}

function packed(points: number[][], dim: number): Int32Array {
  const out = new Int32Array(points.length * dim);
  points.forEach((p, i) => {
    for (let d = 0; d < dim; d++) out[i * dim + d] = p[d] ?? 0;
  });
  return out;
}

/** COCC applied to coordinates: the update's tuples inserted, deleted or put in place. */
function applyCoordinates(t: { coords: Int32Array; dim: 2 | 3 }, ctl: UpdateControl, u: { coords: Int32Array; dim: 2 | 3 }): Int32Array {
  const dim = t.coords.length > 0 ? t.dim : u.dim;
  return packed(applyControl(tuples(t.coords, t.dim), ctl, tuples(u.coords, u.dim)), dim);
}

const sameRef = (a: RecordRef, b: RecordRef): boolean => a.rcnm === b.rcnm && a.rcid === b.rcid;

type Association = InformationAssociation | FeatureAssociation;

/** INAS (IUIN) or FASC (FAUI) instructions: insert, delete the same association, or change its attributes. */
function applyAssociations<T extends Association>(target: T[], update: T[], warn: (m: string) => void): T[] {
  if (update.length === 0) return target;
  const out = target.slice();
  for (const u of update) {
    if (u.instruction === 1) {
      out.push(u);
      continue;
    }
    const i = out.findIndex((a) => sameRef(a, u) && a.association === u.association && a.role === u.role);
    if (i < 0) {
      warn(`${u.association} association to record ${u.rcnm}/${u.rcid} not found`);
      continue;
    }
    if (u.instruction === 2) out.splice(i, 1);
    else out[i] = { ...out[i]!, attributes: applyAttributeUpdates(out[i]!.attributes, u.attributes, warn) };
  }
  return out;
}

/** SPAS (SAUI), MASK (MUIN), RIAS (RAUI) instructions: insert a reference, or delete the same one. */
function applyRefs<T extends RecordRef & { instruction: number }>(target: T[], update: T[], warn: (m: string) => void): T[] {
  if (update.length === 0) return target;
  const out = target.slice();
  for (const u of update) {
    if (u.instruction === 2) {
      const i = out.findIndex((r) => sameRef(r, u));
      if (i < 0) warn(`reference to record ${u.rcnm}/${u.rcid} to delete not found`);
      else out.splice(i, 1);
    } else out.push({ ...u, instruction: 1 });
  }
  return out;
}

/** The target record `t` modified by the update record `u` (of the same kind and RCID). */
export function modifyRecord(t: ContentRecord, u: ContentRecord, warn: (m: string) => void): ContentRecord {
  if (t.rcnm !== u.rcnm) return t;
  const base = { rcid: t.rcid, rver: u.rver, ruin: t.ruin };
  const inas = applyAssociations(t.informationAssociations, u.informationAssociations, warn);
  switch (t.rcnm) {
    case RCNM_FEATURE: {
      const v = u as FeatureRecord;
      return {
        ...t,
        ...base,
        foid: v.foid ?? t.foid,
        attributes: applyAttributeUpdates(t.attributes, v.attributes, warn),
        informationAssociations: inas,
        spatialAssociations: applyRefs(t.spatialAssociations, v.spatialAssociations, warn),
        featureAssociations: applyAssociations(t.featureAssociations, v.featureAssociations, warn),
        masks: applyRefs(t.masks, v.masks, warn),
      };
    }
    case RCNM_INFORMATION:
      return {
        ...t,
        ...base,
        attributes: applyAttributeUpdates(t.attributes, (u as InformationRecord).attributes, warn),
        informationAssociations: inas,
      };
    case 110: {
      const v = u as PointRecord;
      return { ...t, ...base, informationAssociations: inas, ...(v.coords.length > 0 ? { coords: v.coords, dim: v.dim } : {}) };
    }
    case 115: {
      const v = u as MultiPointRecord;
      const out: MultiPointRecord = { ...t, ...base, informationAssociations: inas };
      if (v.coordinateControl) {
        out.coords = applyCoordinates(t, v.coordinateControl, v);
        out.dim = t.coords.length > 0 ? t.dim : v.dim;
      } else if (v.coords.length > 0) {
        out.coords = v.coords;
        out.dim = v.dim;
      }
      delete out.coordinateControl;
      return out;
    }
    case 120:
      return modifyCurve(t, u as CurveRecord, base, inas);
    case 125: {
      const v = u as CompositeCurveRecord;
      const components = v.componentControl
        ? applyControl(t.components, v.componentControl, v.components)
        : v.components.length > 0
          ? v.components
          : t.components;
      const out: CompositeCurveRecord = { ...t, ...base, informationAssociations: inas, components };
      delete out.componentControl;
      return out;
    }
    case 130:
      return { ...t, ...base, informationAssociations: inas, rings: applyRefs(t.rings, (u as SurfaceRecord).rings, warn) };
  }
}

function modifyCurve(
  t: CurveRecord,
  v: CurveRecord,
  base: { rcid: number; rver: number; ruin: number },
  inas: InformationAssociation[],
): CurveRecord {
  let segments: CurveSegment[] = t.segments;
  if (v.segmentControl && v.segmentControl.instruction !== 3) {
    segments = applyControl(t.segments, v.segmentControl, v.segments);
  } else if (v.coordinateControl) {
    // Coordinates of one segment (SECC's, else the first) changed in place.
    const at = Math.max(0, (v.segmentControl?.index ?? 1) - 1);
    const target = t.segments[at];
    const source = v.segments[0];
    if (target && source) {
      segments = t.segments.slice();
      segments[at] = { ...target, coords: applyCoordinates(target, v.coordinateControl, source) };
    }
  } else if (v.segmentControl) {
    segments = applyControl(t.segments, v.segmentControl, v.segments);
  } else if (v.segments.length > 0) {
    segments = v.segments;
  }
  const out: CurveRecord = { ...t, ...base, informationAssociations: inas, points: v.points.length > 0 ? v.points : t.points, segments };
  delete out.segmentControl;
  delete out.coordinateControl;
  return out;
}

/** The records of a dataset as the record-level instructions of an update act on them. */
export interface UpdateTarget {
  /** The current version (RVER) of record RCNM/RCID, or undefined when the dataset has none. */
  versionOf(rcnm: number, rcid: number): number | undefined;
  /** Inserts (or replaces) RCNM/RCID with the update's record at `slot`. */
  insert(rcnm: number, rcid: number, slot: number): void;
  remove(rcnm: number, rcid: number): void;
  /** Modifies RCNM/RCID by the update's record at `slot`, now at version `rver`. */
  modify(rcnm: number, rcid: number, slot: number, rver: number): void;
}

/** The record-level rules of an update dataset, in its record order (see the file comment). */
export function applyInstructions(target: UpdateTarget, upd: ScannedS101, warnings: string[]): void {
  const label = upd.fileName ?? String(upd.dsid.DSNM ?? 'update');
  for (let i = 0; i < upd.n; i++) {
    const rcnm = upd.rcnm[i]!,
      rcid = upd.rcid[i]!,
      ruin = upd.ruin[i]!,
      rver = upd.rver[i]!;
    if (ruin === 1) {
      target.insert(rcnm, rcid, i);
      continue;
    }
    const what = `${RECORD_KIND[rcnm] ?? rcnm} record ${rcid}`;
    const current = target.versionOf(rcnm, rcid);
    if (current === undefined) warnings.push(`${label}: ${what} to ${ruin === 2 ? 'delete' : 'modify'} not found`);
    else if (current + 1 !== rver)
      warnings.push(`${label}: version mismatch on ${what} (record version ${current}, update version ${rver}); instruction skipped`);
    else if (ruin === 2) target.remove(rcnm, rcid);
    else if (ruin === 3) target.modify(rcnm, rcid, i, rver);
    else warnings.push(`${label}: ${what} has an unknown update instruction ${ruin}; skipped`);
  }
}

function stem(name: unknown): string {
  return String(name ?? '')
    .trim()
    .replace(/\.[^.]*$/, '')
    .toUpperCase();
}

/** The dataset name updates must name (DSNM without extension, else the file name's). */
export function datasetStem(h: { dsid: ScannedS101['dsid']; fileName?: string | undefined }): string {
  return stem(h.dsid.DSNM) || stem(h.fileName?.split(/[\\/]/).pop());
}

/** Throws unless update `upd` follows a dataset named `name` at DSED `dsid.DSED`; returns its update number. */
export function checkUpdate(name: string, dsid: ScannedS101['dsid'], upd: ScannedS101): number {
  const file = upd.fileName ?? String(upd.dsid.DSNM ?? 'update');
  const updName = datasetStem(upd);
  if (name && updName && updName !== name)
    throw new S101Error('update_target', `${file} updates dataset ${updName}, not ${name}`, { file });
  const current = editionOf(dsid);
  const next = editionOf(upd.dsid);
  if (next.edition !== current.edition) {
    throw new S101Error(
      'update_edition',
      next.edition === 0
        ? `${file} cancels dataset ${name} (edition 0); it cannot be applied`
        : `${file} is for edition ${next.edition} but the dataset is edition ${current.edition}`,
      { file },
    );
  }
  if (next.update !== current.update + 1) {
    throw new S101Error(
      'update_sequence',
      `${file} is update ${next.update} but the dataset is at update ${current.update}; expected update ${current.update + 1}`,
      { file },
    );
  }
  return next.update;
}
