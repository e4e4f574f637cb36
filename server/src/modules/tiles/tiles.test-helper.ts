import { gunzipSync } from 'node:zlib';
import { VectorTile, type VectorTileFeature } from '@mapbox/vector-tile';
import Pbf from 'pbf';

// Shared by the tile tests: decoding answers and placing lon/lat on tiles as GDAL's MVT writer does.

/** The tile containing lon/lat at zoom z, and the position inside it in tile units (0..4096). */
export function tileOf(lon: number, lat: number, z: number): { x: number; y: number; px: number; py: number } {
  const n = 2 ** z;
  const mx = (lon / 360 + 0.5) * n;
  const sin = Math.sin((lat * Math.PI) / 180);
  const my = (0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI) * n;
  const x = Math.floor(mx);
  const y = Math.floor(my);
  return { x, y, px: (mx - x) * 4096, py: (my - y) * 4096 };
}

/** A gzip-encoded MVT answer, decoded. */
export function decodeTile(body: Buffer): VectorTile {
  return new VectorTile(new Pbf(gunzipSync(body)));
}

export function layerFeatures(tile: VectorTile, name: string): VectorTileFeature[] {
  const layer = tile.layers[name];
  if (!layer) return [];
  return Array.from({ length: layer.length }, (_, i) => layer.feature(i));
}

/** First vertex of a point feature in tile units. */
export function pointOf(f: VectorTileFeature): [number, number] {
  const p = f.loadGeometry()[0]![0]!;
  return [p.x, p.y];
}
