// The dataset: a base file's record index (scan.ts) with its update datasets applied at record
// level; a record is decoded, and its modifications applied, only when asked for. Feature counts
// come from the index's columns without decoding. As `CellIndex` is for S-57.
import {
  CONTENT_RCNMS,
  RCNM_FEATURE,
  RCNM_INFORMATION,
  type ContentRecord,
  type CrsComponent,
  type DatasetHeader,
  type FeatureRecord,
  type InformationRecord,
  type SpatialRecord,
} from './model.js';
import { scanS101, editionOf, type ScanOptions, type ScannedS101 } from './scan.js';
import { applyInstructions, checkUpdate, datasetStem, modifyRecord, type UpdateTarget } from './update.js';

const SLOTS = 67_108_864;

/** Decoded spatial records kept at most (cleared when full): curves are shared by several features. */
const CACHE_LIMIT = 65_536;

interface Modified {
  rver: number;
  refs: number[];
}

/** An S-101 dataset (base with its updates applied, or an update dataset alone), decoded on demand. */
export class S101Dataset {
  readonly fileName: string | undefined;
  /** DSID of the base, with DSED, DSRD and DSNM... of the last update applied. */
  readonly dsid: DatasetHeader['dsid'];
  readonly dssi: Record<string, number>;
  readonly crs: CrsComponent[];
  readonly recordCounts: Record<string, number>;
  /** True for an update dataset read alone: its records are instructions, all listed. */
  readonly isUpdate: boolean;
  /** Update numbers applied, in order. */
  readonly appliedUpdates: number[] = [];
  /** Instructions of the updates that could not be applied (skipped, as S-57 readers do), each once. */
  readonly warnings: string[] = [];
  private readonly warned = new Set<string>();
  /** Current records by RCNM: RCID → reference (file number × 2^26 + slot). */
  private readonly current = new Map<number, Map<number, number>>(CONTENT_RCNMS.map((r) => [r, new Map()]));
  private readonly files: ScannedS101[] = [];
  private readonly modified = new Map<number, Modified>();
  private readonly cache = new Map<number, SpatialRecord | undefined>();

  constructor(base: ScannedS101) {
    this.fileName = base.fileName;
    this.dsid = { ...base.dsid };
    this.dssi = base.dssi;
    this.crs = base.crs;
    this.recordCounts = base.recordCounts;
    this.isUpdate = base.isUpdate;
    this.files.push(base);
    for (let i = 0; i < base.n; i++) {
      const index = this.current.get(base.rcnm[i]!);
      // A second record with the same name: look-ups see the first.
      if (index && !index.has(base.rcid[i]!)) index.set(base.rcid[i]!, i);
    }
  }

  /** Applies an update dataset (checks: same dataset, same edition, the next update number). */
  applyUpdate(upd: ScannedS101): void {
    const n = checkUpdate(datasetStem(this), this.dsid, upd);
    const fileNo = this.files.length;
    this.files.push(upd);
    applyInstructions(this.updateTarget(upd, fileNo), upd, this.warnings);
    for (const k of ['DSED', 'DSRD', 'DSTL', 'DSAB', 'ENED', 'PRSP', 'PRED'] as const) {
      const v = upd.dsid[k];
      if (v !== null && v !== undefined && String(v).trim() !== '') this.dsid[k] = v;
    }
    this.appliedUpdates.push(n);
    this.cache.clear();
  }

  private updateTarget(upd: ScannedS101, fileNo: number): UpdateTarget {
    const indexOf = (rcnm: number): Map<number, number> => this.current.get(rcnm)!;
    return {
      versionOf: (rcnm, rcid) => {
        const ref = indexOf(rcnm)?.get(rcid);
        if (ref === undefined) return undefined;
        return this.modified.get(key(rcnm, rcid))?.rver ?? this.file(ref).rver[ref % SLOTS]!;
      },
      insert: (rcnm, rcid, slot) => {
        indexOf(rcnm)?.set(rcid, fileNo * SLOTS + slot);
        this.modified.delete(key(rcnm, rcid));
      },
      remove: (rcnm, rcid) => {
        indexOf(rcnm)?.delete(rcid);
        this.modified.delete(key(rcnm, rcid));
      },
      modify: (rcnm, rcid, slot, rver) => {
        const m = this.modified.get(key(rcnm, rcid));
        if (m) {
          m.rver = rver;
          m.refs.push(fileNo * SLOTS + slot);
        } else this.modified.set(key(rcnm, rcid), { rver, refs: [fileNo * SLOTS + slot] });
      },
    };
  }

  private file(ref: number): ScannedS101 {
    return this.files[Math.floor(ref / SLOTS)]!;
  }

  /** Edition and update number (DSED), after the updates applied. */
  get edition(): { edition: number; update: number } {
    return editionOf(this.dsid);
  }

  /** CMFX, CMFY, CMFZ (10^7, 10^7, 10 in S-101), and the origin shifts DCOX, DCOY, DCOZ. */
  get scale(): { x: number; y: number; z: number; dx: number; dy: number; dz: number } {
    const d = this.dssi;
    return { x: d.CMFX || 10_000_000, y: d.CMFY || 10_000_000, z: d.CMFZ || 10, dx: d.DCOX || 0, dy: d.DCOY || 0, dz: d.DCOZ || 0 };
  }

  /** Number of current features per feature type, read from the index (nothing decoded). */
  featureTypeCounts(): Map<string, number> {
    return this.typeCounts(RCNM_FEATURE);
  }

  /** Number of current information records per information type. */
  informationTypeCounts(): Map<string, number> {
    return this.typeCounts(RCNM_INFORMATION);
  }

  private typeCounts(rcnm: number): Map<string, number> {
    // Counted per file and type code, named once per code.
    const byCode = this.files.map(() => new Map<number, { slot: number; n: number }>());
    const add = (fileNo: number, slot: number): void => {
      const code = this.files[fileNo]!.code[slot]!;
      const c = byCode[fileNo]!.get(code);
      if (c) c.n++;
      else byCode[fileNo]!.set(code, { slot, n: 1 });
    };
    if (this.isUpdate) {
      const f = this.files[0]!;
      for (let i = 0; i < f.n; i++) if (f.rcnm[i] === rcnm) add(0, i);
    } else this.current.get(rcnm)!.forEach((ref) => add(Math.floor(ref / SLOTS), ref % SLOTS));
    const out = new Map<string, number>();
    byCode.forEach((codes, fileNo) => {
      for (const { slot, n } of codes.values()) {
        const name = this.files[fileNo]!.typeName(slot);
        out.set(name, (out.get(name) ?? 0) + n);
      }
    });
    return out;
  }

  /** The type name of a current feature or information record, from the index (nothing decoded). */
  typeOf(rcnm: number, rcid: number): string | undefined {
    const ref = this.current.get(rcnm)?.get(rcid);
    return ref === undefined ? undefined : this.file(ref).typeName(ref % SLOTS);
  }

  /**
   * The feature records (an update dataset read alone: every feature instruction in file order),
   * decoded one by one; `keep` selects by feature type before decoding.
   */
  *features(keep?: (type: string) => boolean): Generator<FeatureRecord> {
    yield* this.records(RCNM_FEATURE, keep) as Generator<FeatureRecord>;
  }

  /** The information records, as `features`. */
  *informationRecords(keep?: (type: string) => boolean): Generator<InformationRecord> {
    yield* this.records(RCNM_INFORMATION, keep) as Generator<InformationRecord>;
  }

  private *records(rcnm: number, keep?: (type: string) => boolean): Generator<ContentRecord> {
    // `keep` asked once per type code of each file, not once per record.
    const kept = this.files.map(() => new Map<number, boolean>());
    const keeps = (fileNo: number, slot: number): boolean => {
      if (!keep) return true;
      const file = this.files[fileNo]!;
      const code = file.code[slot]!;
      let k = kept[fileNo]!.get(code);
      if (k === undefined) kept[fileNo]!.set(code, (k = keep(file.typeName(slot))));
      return k;
    };
    if (this.isUpdate) {
      const f = this.files[0]!;
      for (let i = 0; i < f.n; i++) if (f.rcnm[i] === rcnm && keeps(0, i)) yield f.record(i);
      return;
    }
    const refs: [number, number][] = [];
    this.current.get(rcnm)!.forEach((ref, rcid) => {
      if (keeps(Math.floor(ref / SLOTS), ref % SLOTS)) refs.push([rcid, ref]);
    });
    for (const [rcid, ref] of refs) yield this.decode(rcnm, rcid, ref);
  }

  /** The RCIDs of the current records of one kind (RCNM). */
  recordIds(rcnm: number): number[] {
    if (this.isUpdate) {
      const f = this.files[0]!;
      const out: number[] = [];
      for (let i = 0; i < f.n; i++) if (f.rcnm[i] === rcnm) out.push(f.rcid[i]!);
      return out;
    }
    return [...(this.current.get(rcnm)?.keys() ?? [])];
  }

  /** A current content record with its modifications applied, or undefined. */
  record(rcnm: number, rcid: number): ContentRecord | undefined {
    const ref = this.current.get(rcnm)?.get(rcid);
    return ref === undefined ? undefined : this.decode(rcnm, rcid, ref);
  }

  /** A current spatial record (point, multipoint, curve, composite curve, surface), cached. */
  spatial(rcnm: number, rcid: number): SpatialRecord | undefined {
    const k = key(rcnm, rcid);
    if (this.cache.has(k)) return this.cache.get(k);
    const r = rcnm === RCNM_FEATURE || rcnm === RCNM_INFORMATION ? undefined : (this.record(rcnm, rcid) as SpatialRecord | undefined);
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(k, r);
    return r;
  }

  private warn(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.warnings.push(message);
  }

  private decode(rcnm: number, rcid: number, ref: number): ContentRecord {
    let r = this.file(ref).record(ref % SLOTS);
    const m = this.modified.get(key(rcnm, rcid));
    if (m) {
      for (const u of m.refs) {
        const file = this.file(u);
        r = modifyRecord(r, file.record(u % SLOTS), (msg) => this.warn(`${file.fileName ?? 'update'}: ${msg}`));
      }
    }
    return r;
  }
}

function key(rcnm: number, rcid: number): number {
  return rcnm * 4_294_967_296 + rcid;
}

/** Indexes a scanned base dataset and applies scanned update datasets in order. */
export function indexS101(base: ScannedS101, updates: ScannedS101[] = []): S101Dataset {
  const ds = new S101Dataset(base);
  for (const u of updates) ds.applyUpdate(u);
  return ds;
}

/** Reads an S-101 dataset (and its update datasets, in order) from bytes; throws S101Error. */
export function readS101(base: Uint8Array, updates: { bytes: Uint8Array; fileName?: string }[] = [], opts: ScanOptions = {}): S101Dataset {
  return indexS101(
    scanS101(base, opts),
    updates.map((u) => scanS101(u.bytes, { fileName: u.fileName })),
  );
}
