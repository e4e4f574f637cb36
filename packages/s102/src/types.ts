// The shapes the reader returns.

/** [west, south, east, north] in degrees (WGS84). */
export type BBox = [west: number, south: number, east: number, north: number];

export interface S102Grid {
  /** Points along latitude / northing (numPointsLatitudinal). */
  rows: number;
  /** Points along longitude / easting (numPointsLongitudinal). */
  cols: number;
  /** gridOriginLongitude: x of the south-west grid point, in the horizontal CRS. */
  originX: number;
  /** gridOriginLatitude: y of the south-west grid point, in the horizontal CRS. */
  originY: number;
  /** gridSpacingLongitudinal (CRS units). */
  spacingX: number;
  /** gridSpacingLatitudinal (CRS units). */
  spacingY: number;
}

export interface Range {
  min: number;
  max: number;
}

export interface S102Metadata {
  /** e.g. 'INT.IHO.S-102.3.0.0'; null when absent. */
  productSpecification: string | null;
  /** e.g. '3.0.0' or '2.1' (from productSpecification); null when not recognisable. */
  edition: string | null;
  /** 'YYYYMMDD' as stored; null when absent. */
  issueDate: string | null;
  /** 'HHMMSS' with an optional zone as stored; null when absent. */
  issueTime: string | null;
  /** EPSG code of the horizontal CRS (3.0 horizontalCRS, 2.x horizontalDatumValue); null if unknown. */
  horizontalCRS: number | null;
  /** Geographic bounding box in degrees; null when neither stored nor computable. */
  bbox: BBox | null;
  /** verticalDatum code as stored; null when absent. */
  verticalDatum: number | null;
  grid: S102Grid;
  /** Depth range in metres over the non-fill cells; null when every cell is fill. */
  depth: Range | null;
  /** Uncertainty range over the non-fill cells; null when the file has no uncertainty values. */
  uncertainty: Range | null;
  /** The depth fill value (Group_F), 1000000 by default. */
  fillValue: number;
  /** Number of non-fill depth cells. */
  validCells: number;
  /** Validation findings; empty for a conforming file. */
  issues: string[];
}

export interface S102Dataset extends S102Metadata {
  /** The file this was read from (or the name given to readS102Bytes). */
  source: string;
  /**
   * Depth grid, rows × cols, row-major as stored: row 0 is the SOUTHERN edge (gridOriginLatitude),
   * rows go north, columns go east. NaN where the file holds the fill value.
   */
  depthGrid(): Float32Array;
  /** Uncertainty grid in the same layout, or null when the file has none. */
  uncertaintyGrid(): Float32Array | null;
}

/** Exactly what `s102 info --json` prints. */
export interface S102Info {
  productSpecification: string | null;
  issueDate: string | null;
  horizontalCRS: number | null;
  bbox: BBox | null;
  grid: S102Grid;
  depth: Range | null;
  issues: string[];
}
