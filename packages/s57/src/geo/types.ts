// GeoJSON geometry types (RFC 7946), kept local so the package has no dependencies.
export type Position = number[];
export type Geometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: Position[] }
  | { type: 'MultiLineString'; coordinates: Position[][] }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

/** A line or ring as lon, lat pairs one after another: [lon0, lat0, lon1, lat1, ...]. */
export type FlatLine = number[];

/**
 * A geometry as the reader assembles it: points as GeoJSON positions, lines and rings flat
 * (`FlatLine`), which is how the map's tile index takes them; `geoJSONGeometry` makes GeoJSON of it.
 */
export type FlatGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: Position[] }
  | { type: 'LineString'; coordinates: FlatLine }
  | { type: 'MultiLineString'; coordinates: FlatLine[] }
  | { type: 'Polygon'; coordinates: FlatLine[] }
  | { type: 'MultiPolygon'; coordinates: FlatLine[][] };

/** A feature with its geometry flat (see FlatGeometry). */
export interface FlatFeature {
  geometry: FlatGeometry | null;
  properties: Record<string, unknown>;
}

export interface Feature {
  type: 'Feature';
  id?: string | number;
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

/** [west, south, east, north] */
export type BBox = [number, number, number, number];
