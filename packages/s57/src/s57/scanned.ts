// One S-57 file as the scan (scan.ts) leaves it: the metadata records decoded, the feature and
// vector records as columns of numbers and byte offsets, each record decoded on demand.
import { parseRecordAt, type FieldRef, type Iso8211Module, type ReusedDirectory } from '@chartroom/iso8211';
import { RCNM_FE, type FeatureRecord, type FieldValues, type VectorRecord } from './model.js';
import {
  featureParts,
  vectorParts,
  type DirectoryCursor,
  type FeatureParts,
  type VectorLayouts,
  type VectorParts,
} from './vector-parts.js';
import { readFeature, readVector } from './records.js';
import { asS57Error } from '../errors.js';

/** One S-57 file scanned: metadata decoded, feature and vector records as columns of numbers. */
export class ScannedS57 {
  dsid: FieldValues = {};
  dssi: FieldValues = {};
  dspm: FieldValues | null = null;
  recordCounts: Record<string, number> = {};
  isUpdateFile = false;
  nall = 0;
  /** @internal Which walk read the file: the quick one for well-formed files, else the general one. */
  scannedBy: 'quick' | 'general' = 'quick';
  /** Number of feature and vector records. */
  n = 0;
  /** Per record, in file order: RCNM (100 for features), RCID, RVER, RUIN, OBJL (features). */
  rcnm = new Uint8Array(1024);
  rcid = new Float64Array(1024);
  rver = new Float64Array(1024);
  ruin = new Float64Array(1024);
  objl = new Float64Array(1024);
  /** Record offset, offset of the record holding its directory, 1-based record number. */
  offset = new Float64Array(1024);
  dirOffset = new Float64Array(1024);
  recIndex = new Float64Array(1024);
  private reuse: ReusedDirectory | null = null;

  constructor(
    readonly mod: Iso8211Module,
    readonly fileName: string | undefined,
  ) {}

  /** Appends a record; `dirOffset` is the record whose directory it uses (itself unless after an 'R' leader). */
  add(rcnm: number, rcid: number, rver: number, ruin: number, objl: number, offset: number, index: number, dirOffset = offset): void {
    if (this.n === this.rcnm.length) this.reserve(this.n * 2);
    const i = this.n++;
    this.rcnm[i] = rcnm;
    this.rcid[i] = rcid;
    this.rver[i] = rver;
    this.ruin[i] = ruin;
    this.objl[i] = objl;
    this.offset[i] = offset;
    this.dirOffset[i] = dirOffset;
    this.recIndex[i] = index;
  }

  /** Makes room for `size` records. */
  reserve(size: number): void {
    if (size <= this.rcnm.length) return;
    const g = <T extends Uint8Array | Float64Array>(a: T): T => {
      const b = new (a.constructor as new (n: number) => T)(size);
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.rcnm = g(this.rcnm);
    this.rcid = g(this.rcid);
    this.rver = g(this.rver);
    this.ruin = g(this.ruin);
    this.objl = g(this.objl);
    this.offset = g(this.offset);
    this.dirOffset = g(this.dirOffset);
    this.recIndex = g(this.recIndex);
  }

  /** @internal See `vectorParts` (vector-parts.ts). */
  vectorLayouts: VectorLayouts | null | undefined;
  /** @internal The result `vectorParts` reuses. */
  parts: VectorParts | undefined;

  /** @internal Where a vector record's SG2D and VRPT are: see `vectorParts` (vector-parts.ts). */
  vectorParts(slot: number): VectorParts | null {
    return vectorParts(this, slot);
  }

  /** @internal See `featureParts` (vector-parts.ts). */
  featureLayouts: VectorLayouts | null | undefined;
  /** @internal The result `featureParts` reuses. */
  fparts: FeatureParts | undefined;
  /** @internal The directory cursors `vectorParts` and `featureParts` reuse. */
  vectorCursor: DirectoryCursor | undefined;
  featureCursor: DirectoryCursor | undefined;

  /** @internal A feature record's PRIM and where its FSPT is: see `featureParts` (vector-parts.ts). */
  featureParts(slot: number): FeatureParts | null {
    return featureParts(this, slot);
  }

  /** Fields of the record at `offset`. */
  fieldsAt(offset: number, dirOffset: number, index: number): FieldRef[] {
    try {
      let reuse: ReusedDirectory | null = null;
      if (dirOffset !== offset) reuse = this.reuse ??= parseRecordAt(this.mod, dirOffset, index, null).reuse;
      return parseRecordAt(this.mod, offset, index, reuse).rec.fields;
    } catch (e) {
      throw asS57Error(e);
    }
  }

  /** The feature record at `slot`, decoded. */
  feature(slot: number): FeatureRecord {
    const r = this.recIndex[slot]!;
    return readFeature(this.mod, this.fieldsAt(this.offset[slot]!, this.dirOffset[slot]!, r), r, this.nall);
  }

  /** The vector record at `slot` (its pointers, attributes and coordinates decode on first use). */
  vector(slot: number): VectorRecord {
    const r = this.recIndex[slot]!;
    return readVector(this.mod, this.fieldsAt(this.offset[slot]!, this.dirOffset[slot]!, r), r);
  }

  /**
   * Decodes every record once, in file order, as `readS57` does, and keeps none of them: throws the
   * S57Error `readS57` would throw for this file. With `indexCell`, a cell is then checked as fully as
   * by `readS57` while only its record index stays in memory.
   */
  checkRecords(): this {
    for (let slot = 0; slot < this.n; slot++) {
      if (this.rcnm[slot] === RCNM_FE) this.feature(slot);
      else this.vector(slot);
    }
    return this;
  }
}
