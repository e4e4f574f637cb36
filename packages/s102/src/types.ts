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

/** The S-100 coverage products read from HDF5 (S-100 Part 10c) besides S-102. */
export type S100CoverageProduct = 'S-104' | 'S-111';

/** One time series station of an S-104 or S-111 dataset (data coding formats 1 and 8). */
export interface S100Station {
  /** stationIdentification, else the group's name. */
  id: string;
  name: string | null;
  lon: number;
  lat: number;
}

/**
 * The metadata of an S-104 (water level) or S-111 (surface currents) dataset: product, edition,
 * issue date, extent, time range, grid or stations, CRS.
 */
export interface S100CoverageInfo {
  product: S100CoverageProduct;
  /** e.g. 'INT.IHO.S-104.2.0'; null when absent. */
  productSpecification: string | null;
  /** e.g. '2.0' (from productSpecification); null when not recognisable. */
  edition: string | null;
  /** 'YYYYMMDD' and 'HHMMSS[Z]' as stored; null when absent. */
  issueDate: string | null;
  issueTime: string | null;
  /** geographicIdentifier, e.g. 'Chesapeake Bay'. */
  geographicIdentifier: string | null;
  /** EPSG code of the horizontal CRS (horizontalCRS); null when absent or -1 (defined by parameters). */
  horizontalCRS: number | null;
  /** S-104: the vertical datum code (verticalDatum); null otherwise. */
  verticalDatum: number | null;
  /** [w, s, e, n] in degrees: the root bounding box, else the instances', else the grid's. */
  bbox: BBox | null;
  /** The feature container: 'WaterLevel' or 'SurfaceCurrent'. */
  feature: string;
  /** 1 time series at fixed stations, 2 regular grid, 3 ungeorectified grid, 4 moving platform, 7 TIN, 8 stationwise time series. */
  dataCodingFormat: number | null;
  /** Its name, e.g. 'regular grid'. */
  dataCodingFormatName: string | null;
  /** Number of feature instances (WaterLevel.01 …). */
  instances: number;
  /** dateTimeOfFirstRecord and dateTimeOfLastRecord over the instances, as ISO 8601 ('2024-01-01T00:00:00Z'); null when absent. */
  timeRange: { first: string; last: string } | null;
  /** timeRecordInterval of the first instance, in seconds. */
  timeRecordInterval: number | null;
  /** numberOfTimes of the first instance (time steps per series). */
  numberOfTimes: number | null;
  /** The first instance's regular grid (data coding format 2), in CRS units. */
  grid: S102Grid | null;
  /** Number of stations (data coding formats 1 and 8) over the instances, with their positions. */
  stations: S100Station[] | null;
  /** Number of nodes of an ungeorectified grid or TIN (formats 3, 7). */
  nodes: number | null;
  /** The range of the main value over the dataset: water level height (m), current speed (knots). */
  valueRange: Range | null;
  /** Validation findings; empty for a conforming file. */
  issues: string[];
}
