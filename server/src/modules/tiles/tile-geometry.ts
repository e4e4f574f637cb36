import type { MultiPolygon, Polygon } from 'polygon-clipping';

// Web Mercator in tile units (the same spherical projection as geojson-vt and GDAL's EPSG:3857).

export type Pt = [number, number];

/** Tile units per tile side (MVT extent). */
export const TILE_EXTENT = 4096;

export function mercatorX(lon: number): number {
  return lon / 360 + 0.5;
}
export function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return y < 0 ? 0 : y > 1 ? 1 : y;
}

/** A lon/lat position in the units of tile z/x/y (0..4096 inside the tile). */
export function toTileUnits(lon: number, lat: number, z: number, x: number, y: number): Pt {
  const n = 2 ** z;
  return [(mercatorX(lon) * n - x) * TILE_EXTENT, (mercatorY(lat) * n - y) * TILE_EXTENT];
}

/** The tile's box with a margin, as a polygon in tile units. */
export function tileBox(margin: number): Polygon {
  const a = -margin;
  const b = TILE_EXTENT + margin;
  return [
    [
      [a, a],
      [b, a],
      [b, b],
      [a, b],
      [a, a],
    ],
  ];
}

/** The tile range x0..x1, y0..y1 covering a lon/lat box at zoom z. */
export function tileRange(bbox: readonly [number, number, number, number], z: number) {
  const n = 2 ** z;
  const clamp = (v: number) => Math.min(n - 1, Math.max(0, Math.floor(v * n)));
  return { x0: clamp(mercatorX(bbox[0])), x1: clamp(mercatorX(bbox[2])), y0: clamp(mercatorY(bbox[3])), y1: clamp(mercatorY(bbox[1])) };
}

/** Does the lon/lat box touch tile z/x/y (with a margin in tile units)? */
export function bboxTouchesTile(bbox: readonly [number, number, number, number], z: number, x: number, y: number, margin: number): boolean {
  return mercatorBoxTouchesTile(mercatorX(bbox[0]), mercatorY(bbox[3]), mercatorX(bbox[2]), mercatorY(bbox[1]), z, x, y, margin);
}

/**
 * `bboxTouchesTile` for a box already in Web Mercator (0..1, y down: `mercatorX(west)`,
 * `mercatorY(north)`, `mercatorX(east)`, `mercatorY(south)`), so one box is projected once for many tiles.
 */
export function mercatorBoxTouchesTile(
  west: number,
  north: number,
  east: number,
  south: number,
  z: number,
  x: number,
  y: number,
  margin: number,
): boolean {
  const n = 2 ** z;
  return (
    (east * n - x) * TILE_EXTENT >= -margin &&
    (west * n - x) * TILE_EXTENT <= TILE_EXTENT + margin &&
    (south * n - y) * TILE_EXTENT >= -margin &&
    (north * n - y) * TILE_EXTENT <= TILE_EXTENT + margin
  );
}

/** A box in tile units: [minX, minY, maxX, maxY]. */
export type Box = [number, number, number, number];

/** The box of some points (an empty list gives an inverted box, which holds nothing). */
export function boxOf(points: readonly Pt[]): Box {
  const b: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    if (x < b[0]) b[0] = x;
    if (y < b[1]) b[1] = y;
    if (x > b[2]) b[2] = x;
    if (y > b[3]) b[3] = y;
  }
  return b;
}

/** Twice the signed area in tile units (x right, y down): positive for an MVT exterior ring. */
export function signedArea(ring: readonly Pt[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  }
  return sum;
}

export function multiPolygonArea(mp: MultiPolygon): number {
  let a = 0;
  for (const poly of mp) for (let i = 0; i < poly.length; i++) a += Math.abs(signedArea(poly[i]!)) * (i === 0 ? 1 : -1);
  return a / 2;
}

/** Even-odd point in multipolygon. */
export function isInside(p: Pt, mp: MultiPolygon): boolean {
  let inside = false;
  for (const poly of mp) {
    for (const ring of poly) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
      }
    }
  }
  return inside;
}
