// The cell: a base file's record index (scan.ts) with its update files applied at record level by
// the package's one update implementation (`applyInstructions`, update.ts); a record is decoded,
// and its modifications applied, only when asked for. `getCellInfo`, `geoJSONFeatures` and friends
// accept a `CellIndex` as they accept an `S57Dataset` (readS57: the same index, every record
// decoded), with identical results. As GDAL's S57Reader keeps one DDFRecordIndex per file.
import {
  RCNM_FE,
  RCNM_VC,
  RCNM_VE,
  RCNM_VF,
  RCNM_VI,
  type FeatureRecord,
  type FieldValues,
  type S57Dataset,
  type VectorLookup,
  type VectorRecord,
} from './model.js';
import type { ReadOptions } from './records.js';
import { afterUpdate, applyInstructions, checkUpdate, modifyFeature, modifyVector, updateTargetName, type UpdateTarget } from './update.js';
import { scanS57, VECTOR_RCNMS, type ScannedS57 } from './scan.js';

const SLOTS = 67_108_864;

/** See `CellIndex.featureRecords`: a test of a feature's box (west, south, east, north), and the cell's COMF. */
export interface FeatureNear {
  test: (box: [number, number, number, number]) => boolean;
  comf: number;
}

interface Modified {
  rver: number;
  refs: number[];
}

/**
 * Caches at most this many decoded vector records (cleared when full). Edges and nodes are shared by
 * several features, in no useful order: a cache smaller than the cell's vector count decodes each
 * several times (US4MD81M: 14 663 vector records, 68 890 decodes with 2 048, 14 696 with this).
 */
const CACHE_LIMIT = 65_536;

/** A cell (scanned base file with its updates applied at record level), decoded on demand. */
export class CellIndex {
  readonly fileName: string | undefined;
  readonly dsid: FieldValues;
  readonly dssi: FieldValues;
  readonly dspm: FieldValues | null;
  readonly recordCounts: Record<string, number>;
  readonly isUpdateFile: boolean;
  readonly appliedUpdates: number[] = [];
  readonly warnings: string[] = [];
  /** Current feature records: RCID -> reference, in the order `applyUpdates` leaves them. */
  readonly features = new Map<number, number>();
  /** Current vector records by RCNM, each RCID -> reference. */
  readonly vectors = new Map<number, Map<number, number>>(VECTOR_RCNMS.map((r) => [r, new Map()]));
  private readonly files: ScannedS57[] = [];
  private readonly modified = new Map<number, Modified>();
  private readonly cache = new Map<number, VectorRecord | undefined>();
  /**
   * Current features per object class code (0..65535), kept up to date as updates insert and delete
   * features; `exact` false when some feature's class is not such a code (then counted by iterating).
   */
  private readonly classes = { counts: new Float64Array(65_537), exact: true };

  constructor(base: ScannedS57) {
    this.fileName = base.fileName;
    this.dsid = { ...base.dsid };
    this.dssi = base.dssi;
    this.dspm = base.dspm;
    this.recordCounts = base.recordCounts;
    this.isUpdateFile = base.isUpdateFile;
    this.files.push(base);
    // One Map.set per record (this runs before V8 optimises anything); a record whose RCID was
    // already there is noted and the first one put back afterwards: look-ups see the first (as readS57).
    // Features are counted per class in the same pass (slot 65 536 takes the vector records), without
    // branches that only feature records would take: V8 optimises this loop while it reads the
    // vector records, which come first in most cells.
    const { rcnm, rcid, objl, n } = base;
    const fe = this.features,
      vi = this.vectors.get(RCNM_VI)!,
      vc = this.vectors.get(RCNM_VC)!;
    const ve = this.vectors.get(RCNM_VE)!,
      vf = this.vectors.get(RCNM_VF)!;
    const counts = this.classes.counts;
    let odd = 0;
    let repeated: number[] | null = null;
    for (let i = 0; i < n; i++) {
      const r = rcnm[i]!;
      const index = r === RCNM_FE ? fe : r === RCNM_VE ? ve : r === RCNM_VC ? vc : r === RCNM_VI ? vi : vf;
      const size = index.size;
      if (index.set(rcid[i]!, i).size === size) (repeated ??= []).push(i);
      const isFeature = r === RCNM_FE ? 1 : 0;
      const o = objl[i]!,
        code = o & 0xffff;
      counts[isFeature * code + (1 - isFeature) * 65_536]!++;
      odd += isFeature * (code === o ? 0 : 1);
    }
    if (odd > 0) this.classes.exact = false;
    if (repeated) {
      for (const i of repeated) {
        const r = rcnm[i]!;
        if (r === RCNM_FE) this.countClass(objl[i]!, -1);
        const index = r === RCNM_FE ? fe : this.vectors.get(r)!;
        for (let j = 0; j < i; j++) {
          if (rcnm[j] === r && rcid[j] === rcid[i]) {
            index.set(rcid[i]!, j);
            break;
          }
        }
      }
    }
  }

  /** Applies a scanned update file (checks and rules as `applyUpdates`; problems it skips go to `warnings`). */
  applyUpdate(upd: ScannedS57): void {
    const updn = checkUpdate(updateTargetName(this), this.dsid, upd);
    const fileNo = this.files.length;
    this.files.push(upd);
    applyInstructions(this.updateTarget(upd, fileNo), upd, this.warnings);
    afterUpdate(this, upd, updn);
    this.cache.clear();
  }

  /** This index as the target of update file number `fileNo` (record references, class counts kept). */
  private updateTarget(upd: ScannedS57, fileNo: number): UpdateTarget {
    const indexOf = (rcnm: number): Map<number, number> => (rcnm === RCNM_FE ? this.features : this.vectors.get(rcnm)!);
    return {
      versionOf: (rcnm, rcid) => {
        const t = indexOf(rcnm).get(rcid);
        if (t === undefined) return undefined;
        return this.modified.get(this.key(rcnm, rcid))?.rver ?? this.file(t).rver[t % SLOTS]!;
      },
      insert: (rcnm, rcid, slot) => {
        const index = indexOf(rcnm);
        if (rcnm === RCNM_FE) {
          const t = index.get(rcid);
          if (t !== undefined) this.countClass(this.objlOf(t), -1);
          this.countClass(upd.objl[slot]!, 1);
        }
        index.set(rcid, fileNo * SLOTS + slot);
        this.modified.delete(this.key(rcnm, rcid));
      },
      remove: (rcnm, rcid) => {
        const index = indexOf(rcnm);
        if (rcnm === RCNM_FE) this.countClass(this.objlOf(index.get(rcid)!), -1);
        index.delete(rcid);
        this.modified.delete(this.key(rcnm, rcid));
      },
      modify: (rcnm, rcid, slot, rver) => {
        const key = this.key(rcnm, rcid);
        const m = this.modified.get(key);
        if (m) {
          m.rver = rver;
          m.refs.push(fileNo * SLOTS + slot);
        } else this.modified.set(key, { rver, refs: [fileNo * SLOTS + slot] });
      },
    };
  }

  /** Object class of the feature record at `ref`. */
  private objlOf(ref: number): number {
    return this.file(ref).objl[ref % SLOTS]!;
  }

  /** Counts one more (or less) current feature of class `objl`. */
  private countClass(objl: number, delta: number): void {
    if (objl >= 0 && objl < 65_536 && objl === Math.floor(objl)) this.classes.counts[objl]! += delta;
    else this.classes.exact = false;
  }

  private key(rcnm: number, rcid: number): number {
    return rcnm * 4_294_967_296 + rcid;
  }

  private file(ref: number): ScannedS57 {
    return this.files[Math.floor(ref / SLOTS)]!;
  }

  /** Number of features per object class code, over the features `featureRecords` gives. */
  classCounts(): Map<number, number> {
    if (!this.isUpdateFile && this.classes.exact) {
      const counts = this.classes.counts;
      const out = new Map<number, number>();
      for (let objl = 0; objl < 65_536; objl++) if (counts[objl]! > 0) out.set(objl, counts[objl]!);
      return out;
    }
    // Counted in a typed array (OBJL is a 16-bit code; anything else goes to a Map).
    const counts = new Float64Array(65_536);
    const other = new Map<number, number>();
    const order: number[] = [];
    const add = (objl: number): void => {
      if (objl >= 0 && objl < 65_536 && objl === Math.floor(objl)) {
        if (counts[objl]!++ === 0) order.push(objl);
      } else other.set(objl, (other.get(objl) ?? 0) + 1);
    };
    if (this.isUpdateFile) {
      const f = this.files[0]!;
      for (let i = 0; i < f.n; i++) if (f.rcnm[i] === RCNM_FE) add(f.objl[i]!);
    } else if (this.files.length === 1) {
      const objl = this.files[0]!.objl;
      this.features.forEach((slot) => add(objl[slot]!));
    } else {
      const files = this.files;
      this.features.forEach((ref) => add(files[Math.floor(ref / SLOTS)]!.objl[ref % SLOTS]!));
    }
    const out = new Map<number, number>();
    for (const objl of order) out.set(objl, counts[objl]!);
    for (const [objl, n] of other) out.set(objl, n);
    return out;
  }

  /**
   * The feature records to present (as `featureRecords(ds)` of the fully read dataset), decoded one
   * by one; `keep` filters by object class code before decoding. With `near`, a line or area whose
   * edges the records show to lie where `near.test` refuses their box is skipped undecoded (see
   * `isFar`); every other feature is given, near or not.
   */
  *featureRecords(keep?: (objl: number) => boolean, near?: FeatureNear): Generator<FeatureRecord> {
    if (this.isUpdateFile) {
      const f = this.files[0]!;
      for (let i = 0; i < f.n; i++) if (f.rcnm[i] === RCNM_FE && (!keep || keep(f.objl[i]!))) yield f.feature(i);
      return;
    }
    if (keep) {
      // Selected first (Map.forEach: no iterator or entry arrays per feature), then decoded.
      const rcids: number[] = [];
      const refs: number[] = [];
      this.features.forEach((ref, rcid) => {
        if (keep(this.file(ref).objl[ref % SLOTS]!)) {
          rcids.push(rcid);
          refs.push(ref);
        }
      });
      for (let i = 0; i < rcids.length; i++) if (!near || !this.isFar(rcids[i]!, refs[i]!, near)) yield this.current(rcids[i]!, refs[i]!);
      return;
    }
    for (const [rcid, ref] of this.features) if (!near || !this.isFar(rcid, ref, near)) yield this.current(rcid, ref);
  }

  /** [min X, min Y, max X, max Y] of a feature's edges, as stored (see isFar). */
  private readonly farBox = new Float64Array(4);

  /**
   * True when feature `rcid` (at `ref`) is a line or area and the box of its edges with their nodes
   * (every point its geometry can have) is refused by `near.test`, read straight from the records
   * as `edgeExtent` reads edges. False whenever that takes decoding: a feature an update modified,
   * a record `featureParts` does not read, a pointer to anything but an edge.
   */
  private isFar(rcid: number, ref: number, near: FeatureNear): boolean {
    if (this.modified.has(this.key(RCNM_FE, rcid))) return false;
    const file = this.file(ref);
    const parts = file.featureParts(ref % SLOTS);
    if (!parts || (parts.prim !== 2 && parts.prim !== 3)) return false;
    const { pointerStart, pointerCount } = parts;
    const b = file.mod.bytes;
    const box = this.farBox;
    const raw = this.raw;
    box[0] = Infinity;
    box[1] = Infinity;
    box[2] = -Infinity;
    box[3] = -Infinity;
    for (let i = 0, p = pointerStart; i < pointerCount; i++, p += 8) {
      if (b[p] !== RCNM_VE || !this.rawEdge(int32(b, p + 1) >>> 0)) return false;
      if (raw[0] === 0) continue;
      if (raw[1]! < box[0]!) box[0] = raw[1]!;
      if (raw[2]! < box[1]!) box[1] = raw[2]!;
      if (raw[3]! > box[2]!) box[2] = raw[3]!;
      if (raw[4]! > box[3]!) box[3] = raw[4]!;
    }
    if (box[0] === Infinity) return false;
    const c = near.comf;
    return !near.test([box[0]! / c, box[1]! / c, box[2]! / c, box[3]! / c]);
  }

  /**
   * The current features of class `objl`, decoded, in file order (the base cell's, then each
   * update's) rather than `featureRecords`' order: found by a pass over the class column, not a
   * call per feature.
   */
  *featuresOfClass(objl: number): Generator<FeatureRecord> {
    if (this.isUpdateFile) {
      yield* this.featureRecords((o) => o === objl);
      return;
    }
    const refs: number[] = [];
    for (let f = 0; f < this.files.length; f++) {
      const file = this.files[f]!;
      const column = file.objl,
        n = file.n;
      // Matching slots written without a branch (the loop is optimised before the first match).
      const hits = new Int32Array(n + 1);
      let k = 0;
      for (let i = 0; i < n; i++) {
        hits[k] = i;
        k += column[i] === objl ? 1 : 0;
      }
      for (let j = 0; j < k; j++) {
        const slot = hits[j]!;
        if (file.rcnm[slot] === RCNM_FE && this.features.get(file.rcid[slot]!) === f * SLOTS + slot) refs.push(f * SLOTS + slot);
      }
    }
    for (const ref of refs) yield this.current(this.file(ref).rcid[ref % SLOTS]!, ref);
  }

  /** The feature RCID at `ref` with its modifications applied. */
  private current(rcid: number, ref: number): FeatureRecord {
    let f = this.file(ref).feature(ref % SLOTS);
    const m = this.modified.get(this.key(RCNM_FE, rcid));
    if (m) for (const r of m.refs) f = modifyFeature(f, this.file(r).feature(r % SLOTS));
    return f;
  }

  /** The current vector record RCNM/RCID with its modifications applied. */
  vector(rcnm: number, rcid: number): VectorRecord | undefined {
    const key = this.key(rcnm, rcid);
    if (this.cache.has(key)) return this.cache.get(key);
    const ref = this.vectors.get(rcnm)?.get(rcid);
    let v: VectorRecord | undefined;
    if (ref !== undefined) {
      v = this.file(ref).vector(ref % SLOTS);
      const m = this.modified.get(key);
      if (m) for (const r of m.refs) v = modifyVector(v, this.file(r).vector(r % SLOTS));
    }
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, v);
    return v;
  }

  /** [count, min X, min Y, max X, max Y] of the points `rawEdge` read, as stored (before COMF). */
  private readonly raw = new Float64Array(5);

  /**
   * @internal The points an area's geometry takes from edge `rcid` (its start node, stored vertices
   * and end node, as `featureGeometry` chains them), scaled by `comf`, summarised in `out` as
   * [count, west, south, east, north]; read straight from the records, without decoding them. False
   * when that takes a full decode (a record an update modified, or one `vectorParts` does not read):
   * use `vector` then.
   */
  edgeExtent(rcid: number, comf: number, out: Float64Array): boolean {
    if (!this.rawEdge(rcid)) return false;
    // Division by a positive COMF keeps the order: the extremes scaled are those of the scaled points.
    const raw = this.raw;
    const some = raw[0]! > 0;
    out[0] = raw[0]!;
    out[1] = some ? raw[1]! / comf : Infinity;
    out[2] = some ? raw[2]! / comf : Infinity;
    out[3] = some ? raw[3]! / comf : -Infinity;
    out[4] = some ? raw[4]! / comf : -Infinity;
    return true;
  }

  /**
   * Edge `rcid`'s points (see edgeExtent) into `raw` as stored integers, which the interpreter
   * handles without allocating (this runs for every edge of a cell before V8 optimises it).
   */
  private rawEdge(rcid: number): boolean {
    const raw = this.raw;
    raw[0] = 0;
    raw[1] = Infinity;
    raw[2] = Infinity;
    raw[3] = -Infinity;
    raw[4] = -Infinity;
    const ref = this.vectors.get(RCNM_VE)!.get(rcid);
    if (ref === undefined) return true;
    if (this.modified.has(this.key(RCNM_VE, rcid))) return false;
    const file = this.file(ref);
    const parts = file.vectorParts(ref % SLOTS);
    if (!parts) return false;
    const b = file.mod.bytes;
    const { coordStart, coordCount, pointerStart, pointerCount } = parts;
    const begin = pointerCount > 0 ? int32(b, pointerStart + 1) >>> 0 : -1;
    const finish = pointerCount > 1 ? int32(b, pointerStart + 10) >>> 0 : -1;
    if (begin >= 0 && !this.rawNode(begin)) return false;
    for (let i = 0, p = coordStart; i < coordCount; i++, p += 8) extend(raw, int32(b, p + 4), int32(b, p));
    if (finish >= 0 && !this.rawNode(finish)) return false;
    return true;
  }

  /** Adds connected node `rcid`'s point to `raw` (see rawEdge); false when it takes a full decode. */
  private rawNode(rcid: number): boolean {
    const ref = this.vectors.get(RCNM_VC)!.get(rcid);
    if (ref === undefined) return true;
    if (this.modified.has(this.key(RCNM_VC, rcid))) return false;
    const file = this.file(ref);
    const parts = file.vectorParts(ref % SLOTS);
    if (!parts) return false;
    if (parts.coordCount > 0) {
      const b = file.mod.bytes;
      extend(this.raw, int32(b, parts.coordStart + 4), int32(b, parts.coordStart));
    }
    return true;
  }

  /** Look-up of the current vector records of one RCNM. */
  vectorLookup(rcnm: number): VectorLookup {
    return { get: (rcid) => this.vector(rcnm, rcid) };
  }

  /** Every current vector record (VI, VC, VE, VF), decoded one by one. */
  *allVectors(): Generator<VectorRecord> {
    for (const [rcnm, index] of this.vectors) {
      for (const rcid of index.keys()) {
        const v = this.vector(rcnm, rcid);
        if (v) yield v;
      }
    }
  }
}

/** A little-endian signed 32-bit number at p. */
function int32(b: Uint8Array, p: number): number {
  return b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24);
}

/** @internal Counts a point into [count, min X, min Y, max X, max Y] (see edgeExtent, rawEdge). */
export function extend(out: Float64Array, x: number, y: number): void {
  out[0]!++;
  if (x < out[1]!) out[1] = x;
  if (y < out[2]!) out[2] = y;
  if (x > out[3]!) out[3] = x;
  if (y > out[4]!) out[4] = y;
}

/** Scans base cell bytes and applies scanned updates in order (throws as `applyUpdates`). */
export function indexCell(base: ScannedS57, updates: ScannedS57[] = []): CellIndex {
  const index = new CellIndex(base);
  for (const u of updates) index.applyUpdate(u);
  return index;
}

/** The lazy counterpart of `applyUpdates(readS57(base), updates.map(readS57))`. */
export function readCellIndex(
  base: Uint8Array,
  updates: { bytes: Uint8Array; fileName?: string }[] = [],
  opts: ReadOptions = {},
): CellIndex {
  return indexCell(
    scanS57(base, opts),
    updates.map((u) => scanS57(u.bytes, { fileName: u.fileName })),
  );
}

/** True for a lazily read cell. */
export function isCellIndex(ds: S57Dataset | CellIndex): ds is CellIndex {
  return ds instanceof CellIndex;
}
