// The S-101 records as this package decodes them (S-100 Part 10a, S-101 Annex B), names already
// looked up in the dataset's own code tables (ATCS, ITCS, FTCS, IACS, FACS, ARCS).

/** Record names (RCNM). */
export const RCNM_DATASET = 10;
export const RCNM_CRS = 15;
export const RCNM_FEATURE = 100;
export const RCNM_POINT = 110;
export const RCNM_MULTIPOINT = 115;
export const RCNM_CURVE = 120;
export const RCNM_COMPOSITE_CURVE = 125;
export const RCNM_SURFACE = 130;
export const RCNM_INFORMATION = 150;

/** Record names of the records an update can insert, delete or modify, in file order. */
export const CONTENT_RCNMS = [RCNM_INFORMATION, RCNM_POINT, RCNM_MULTIPOINT, RCNM_CURVE, RCNM_COMPOSITE_CURVE, RCNM_SURFACE, RCNM_FEATURE];

/** Update instructions (RUIN, ATIN, IUIN, SAUI, COUI ...): 1 insert, 2 delete, 3 modify. */
export const INSERT = 1;
export const DELETE = 2;
export const MODIFY = 3;

/** One ATTR entry: a simple attribute with its value, or a complex attribute (value '') that others name as parent. */
export interface RawAttribute {
  /** Attribute code from the dataset's ATCS, e.g. 'depthRangeMinimumValue'. */
  code: string;
  /** ATIX: position among the attributes with this code and this parent, from 1. */
  index: number;
  /** PAIX: position of the parent complex attribute in the same field, from 1; 0 for a top-level attribute. */
  parent: number;
  /** ATIN: 1 insert, 2 delete, 3 modify (always 1 in a base dataset). */
  instruction: number;
  /** ATVL as written ('' for a complex attribute or an unknown value). */
  value: string;
}

/** A reference to another record (RRNM, RRID). */
export interface RecordRef {
  rcnm: number;
  rcid: number;
}

/** INAS: an information association with its own attributes. */
export interface InformationAssociation extends RecordRef {
  /** Association code (IACS), e.g. 'AdditionalInformation'. */
  association: string;
  /** Role code (ARCS), e.g. 'providesInformation'. */
  role: string;
  /** IUIN */
  instruction: number;
  attributes: RawAttribute[];
}

/** FASC: a feature association with its own attributes. */
export interface FeatureAssociation extends RecordRef {
  association: string;
  role: string;
  /** FAUI */
  instruction: number;
  attributes: RawAttribute[];
}

/** SPAS: the geometry of a feature. */
export interface SpatialAssociation extends RecordRef {
  /** 1 forward, 2 reverse, 255 not applicable. */
  orientation: number;
  /** Scale minimum (denominator), null when not applicable. */
  scaleMinimum: number | null;
  /** Scale maximum (denominator), null when not applicable. */
  scaleMaximum: number | null;
  /** SAUI: 1 insert, 2 delete. */
  instruction: number;
}

/** MASK: a curve whose portrayal the feature suppresses (1 truncated by the coverage limit, 2 suppressed). */
export interface MaskedSpatial extends RecordRef {
  indicator: number;
  /** MUIN: 1 insert, 2 delete. */
  instruction: number;
}

/** COCC, SECC, CCOC: insert/delete/modify `count` items from position `index` (from 1) of the target. */
export interface UpdateControl {
  instruction: number;
  index: number;
  count: number;
}

interface Identity {
  rcid: number;
  /** RVER: the record's version. */
  rver: number;
  /** RUIN: 1 insert, 2 delete, 3 modify. */
  ruin: number;
}

export interface FeatureRecord extends Identity {
  rcnm: typeof RCNM_FEATURE;
  /** Feature type code (FTCS), e.g. 'DepthArea'. */
  type: string;
  /** FOID: producing agency, feature identification number and subdivision; null when absent. */
  foid: { agen: number; fidn: number; fids: number } | null;
  attributes: RawAttribute[];
  informationAssociations: InformationAssociation[];
  spatialAssociations: SpatialAssociation[];
  featureAssociations: FeatureAssociation[];
  masks: MaskedSpatial[];
}

export interface InformationRecord extends Identity {
  rcnm: typeof RCNM_INFORMATION;
  /** Information type code (ITCS), e.g. 'SpatialQuality'. */
  type: string;
  attributes: RawAttribute[];
  informationAssociations: InformationAssociation[];
}

/** Coordinates as stored (integers before CMFX/CMFY/CMFZ), interleaved x, y (dim 2) or x, y, z (dim 3). */
export interface Coordinates {
  coords: Int32Array;
  dim: 2 | 3;
}

export interface PointRecord extends Identity, Coordinates {
  rcnm: typeof RCNM_POINT;
  informationAssociations: InformationAssociation[];
}

export interface MultiPointRecord extends Identity, Coordinates {
  rcnm: typeof RCNM_MULTIPOINT;
  informationAssociations: InformationAssociation[];
  /** COCC (update records). */
  coordinateControl?: UpdateControl;
}

/** PTAS: the curve's boundary points (TOPI 1 beginning, 2 end, 3 both). */
export interface PointAssociation extends RecordRef {
  topology: number;
}

/** A curve segment: SEGH with its coordinates (interpolation 4: loxodromic). */
export interface CurveSegment extends Coordinates {
  interpolation: number;
}

export interface CurveRecord extends Identity {
  rcnm: typeof RCNM_CURVE;
  informationAssociations: InformationAssociation[];
  points: PointAssociation[];
  segments: CurveSegment[];
  /** SECC (update records). */
  segmentControl?: UpdateControl;
  /** COCC (update records): applies to the coordinates of the segment SECC names (the first when none). */
  coordinateControl?: UpdateControl;
}

/** CUCO: one component of a composite curve. */
export interface CurveComponent extends RecordRef {
  /** 1 forward, 2 reverse. */
  orientation: number;
}

export interface CompositeCurveRecord extends Identity {
  rcnm: typeof RCNM_COMPOSITE_CURVE;
  informationAssociations: InformationAssociation[];
  components: CurveComponent[];
  /** CCOC (update records). */
  componentControl?: UpdateControl;
}

/** RIAS: one ring of a surface. */
export interface RingAssociation extends RecordRef {
  /** 1 forward, 2 reverse. */
  orientation: number;
  /** 1 exterior, 2 interior. */
  usage: number;
  /** RAUI: 1 insert, 2 delete. */
  instruction: number;
}

export interface SurfaceRecord extends Identity {
  rcnm: typeof RCNM_SURFACE;
  informationAssociations: InformationAssociation[];
  rings: RingAssociation[];
}

export type SpatialRecord = PointRecord | MultiPointRecord | CurveRecord | CompositeCurveRecord | SurfaceRecord;
export type ContentRecord = FeatureRecord | InformationRecord | SpatialRecord;

/** The dataset's code tables: numeric code in this file → code from the feature catalogue. */
export interface CodeTables {
  attributes: Map<number, string>;
  informationTypes: Map<number, string>;
  featureTypes: Map<number, string>;
  informationAssociations: Map<number, string>;
  featureAssociations: Map<number, string>;
  roles: Map<number, string>;
}

/** One CRSH header of the Coordinate Reference System record, with its axes and vertical datum. */
export interface CrsComponent {
  /** CRIX: 1 for the horizontal CRS, others vertical. */
  index: number;
  /** CRST: 1 geographic 2D, 5 vertical ... */
  type: number;
  /** CSTY: 1 ellipsoidal, 3 vertical ... */
  coordinateSystem: number;
  /** CRNM, e.g. 'WGS84' or 'approximateLowestAstronomicalTide'. */
  name: string;
  /** CRSI, e.g. '4326' (an EPSG code), '' when none. */
  identifier: string;
  /** CRSS: 2 EPSG, 255 not applicable. */
  source: number;
  /** CSAX: axis types and units of measure. */
  axes: { type: number; unit: number }[];
  /** VDAT: the vertical datum of a vertical CRS (DTNM, DTID), null otherwise. */
  verticalDatum: { name: string; identifier: string } | null;
}

/** The fixed part of an S-101 dataset: DSID, DSSI, code tables and CRS. */
export interface DatasetHeader {
  /** DSID subfields by label (ENSP, ENED, PRSP, PRED, PROF, DSNM, DSTL, DSRD, DSLG, DSAB, DSED) and DSTC (topic categories). */
  dsid: Record<string, string | number | null> & { DSTC?: number[] };
  /** DSSI subfields (DCOX, DCOY, DCOZ, CMFX, CMFY, CMFZ, NOIR, NOPN, NOMN, NOCN, NOXN, NOSN, NOFR). */
  dssi: Record<string, number>;
  codes: CodeTables;
  /** The CRS record's components (empty in an update dataset, which has none). */
  crs: CrsComponent[];
}
