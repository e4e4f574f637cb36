// geojson-vt ships no types; this declares the part of its API the tile module uses.
declare module 'geojson-vt' {
  export interface GeoJSONVTOptions {
    maxZoom?: number;
    indexMaxZoom?: number;
    indexMaxPoints?: number;
    tolerance?: number;
    extent?: number;
    buffer?: number;
  }
  /** type 1 point (geometry: points), 2 line (geometry: lines), 3 polygon (geometry: rings). */
  export interface VtFeature {
    type: 1 | 2 | 3;
    geometry: [number, number][] | [number, number][][];
    tags: Record<string, unknown>;
    id?: number | string;
  }
  export interface VtTile {
    features: VtFeature[];
    numPoints: number;
    numFeatures: number;
  }
  export interface GeoJSONVT {
    getTile(z: number, x: number, y: number): VtTile | null;
    tiles: Record<string, unknown>;
    tileCoords: unknown[];
    /**
     * Cuts features already in the index's internal form (see vt-convert.ts) from tile z/x/y down,
     * as the constructor does with what it converted (`splitTile(features, 0, 0, 0)`); with
     * cz/cx/cy, only down to that tile (as `getTile` drills).
     */
    splitTile(features: unknown[], z: number, x: number, y: number, cz?: number, cx?: number, cy?: number): void;
  }
  export default function geojsonvt(data: unknown, options?: GeoJSONVTOptions): GeoJSONVT;
}
