// The in-memory S-57 dataset: metadata records, feature records and spatial (vector) records.

export const RCNM_DS = 10;
export const RCNM_DP = 20;
export const RCNM_FE = 100;
export const RCNM_VI = 110;
export const RCNM_VC = 120;
export const RCNM_VE = 130;
export const RCNM_VF = 140;

export type FieldValues = Record<string, string | number | null>;

/** An attribute as stored: code and raw text value (ATTF/ATTV at AALL, NATF at NALL). */
export interface RawAttribute {
  code: number;
  value: string;
}

/** A pointer from a feature to a spatial record (FSPT). */
export interface SpatialPointer {
  rcnm: number;
  rcid: number;
  /** 1 forward, 2 reverse, 255 null */
  ornt: number;
  /** 1 exterior, 2 interior, 3 exterior boundary truncated, 255 null */
  usag: number;
  mask: number;
}

/** A pointer from a feature to another feature (FFPT). */
export interface FeaturePointer {
  /** Long name of the target, AGEN+FIDN+FIDS as 16 hexadecimal digits. */
  lnam: string;
  /** 1 master, 2 slave, 3 peer */
  rind: number;
  comment: string;
}

/** A pointer from a vector record to another vector record (VRPT). */
export interface VectorPointer {
  rcnm: number;
  rcid: number;
  ornt: number;
  usag: number;
  /** Topology indicator: 1 beginning node, 2 end node, 3 left face, 4 right face, 5 containing face. */
  topi: number;
  mask: number;
}

/** Update instruction of a pointer or coordinate field: 1 insert, 2 delete, 3 modify. */
export interface UpdateControl {
  instruction: number;
  index: number;
  count: number;
}

export interface FeatureRecord {
  rcid: number;
  prim: number;
  grup: number;
  objl: number;
  rver: number;
  ruin: number;
  agen: number;
  fidn: number;
  fids: number;
  attributes: RawAttribute[];
  nationalAttributes: RawAttribute[];
  featurePointers: FeaturePointer[];
  spatialPointers: SpatialPointer[];
  ffpc?: UpdateControl;
  fspc?: UpdateControl;
}

export interface VectorRecord {
  /** 110 isolated node, 120 connected node, 130 edge, 140 face */
  rcnm: number;
  rcid: number;
  rver: number;
  ruin: number;
  /** Coordinates as stored (integers), interleaved x,y (dim 2) or x,y,z (dim 3). */
  coords: Int32Array;
  dim: 2 | 3;
  pointers: VectorPointer[];
  attributes: RawAttribute[];
  vrpc?: UpdateControl;
  sgcc?: UpdateControl;
}

/** Looks up vector records by RCID (a Map is one; so is `CellIndex.vectorLookup`). */
export interface VectorLookup {
  get(rcid: number): VectorRecord | undefined;
}

export interface S57Dataset {
  /** File name as given to readS57, if any. */
  fileName: string | undefined;
  /** DSID subfields by label (EXPP, INTU, DSNM, EDTN, UPDN, UADT, ISDT, STED, PRSP, PSDN, PRED, PROF, AGEN, COMT, ...). */
  dsid: FieldValues;
  /** DSSI subfields (DSTR, AALL, NALL, NOMR, NOCR, NOGR, NOLR, NOIN, NOCN, NOED, NOFA). */
  dssi: FieldValues;
  /** DSPM subfields (HDAT, VDAT, SDAT, CSCL, DUNI, HUNI, PUNI, COUN, COMF, SOMF, COMT); absent in update files. */
  dspm: FieldValues | null;
  /** Feature records by RCID, in file order. */
  features: Map<number, FeatureRecord>;
  /** Vector records by RCNM (110, 120, 130, 140), each by RCID. */
  vectors: Map<number, Map<number, VectorRecord>>;
  /** Record counts by record type (DS, DP, FE, VI, VC, VE, VF, other). */
  recordCounts: Record<string, number>;
  /** Update numbers applied by applyUpdates, in order. */
  appliedUpdates: number[];
  /** True for an update file (.001 ...): UPDN > 0 and no DSPM record. */
  isUpdateFile: boolean;
  /** Every feature and vector record in file order (an update file may hold several for one RCID). */
  records: (FeatureRecord | VectorRecord)[];
  /** Non-fatal problems met while applying updates (e.g. an RVER mismatch GDAL also skips). */
  warnings: string[];
}

/** LNAM of a feature: AGEN, FIDN, FIDS as 16 upper-case hexadecimal digits (as GDAL writes it). */
export function longName(agen: number, fidn: number, fids: number): string {
  return (
    (agen >>> 0).toString(16).toUpperCase().padStart(4, '0').slice(-4) +
    (fidn >>> 0).toString(16).toUpperCase().padStart(8, '0') +
    (fids >>> 0).toString(16).toUpperCase().padStart(4, '0').slice(-4)
  );
}

/**
 * The feature records to present: the current features of a cell, or for an update file read alone
 * every feature instruction in file order (as GDAL lists them, duplicates included).
 */
export function featureRecords(ds: S57Dataset): Iterable<FeatureRecord> {
  if (!ds.isUpdateFile) return ds.features.values();
  return ds.records.filter((r): r is FeatureRecord => 'objl' in r);
}
