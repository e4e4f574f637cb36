// Per-class geometry sums measured the way the GDAL expectations were (scripts/gen-expected.mjs):
// vertices, planar area in square degrees (exterior minus holes) and length in degrees.
import type { Geometry, Position } from '../geo/types.js';

export interface ClassSums {
  count: number;
  vertices: number;
  area: number;
  length: number;
}

function ringArea(r: Position[]): number {
  let s = 0;
  for (let i = 0; i + 1 < r.length; i++) s += r[i]![0]! * r[i + 1]![1]! - r[i + 1]![0]! * r[i]![1]!;
  return Math.abs(s / 2);
}

function lineLength(l: Position[]): number {
  let s = 0;
  for (let i = 0; i + 1 < l.length; i++) s += Math.hypot(l[i + 1]![0]! - l[i]![0]!, l[i + 1]![1]! - l[i]![1]!);
  return s;
}

function polygon(rings: Position[][], acc: ClassSums): void {
  rings.forEach((r, i) => {
    acc.vertices += r.length;
    acc.area += i === 0 ? ringArea(r) : -ringArea(r);
  });
}

export function measureGeometry(g: Geometry | null, acc: ClassSums): void {
  if (!g) return;
  switch (g.type) {
    case 'Point':
      acc.vertices += 1;
      break;
    case 'MultiPoint':
      acc.vertices += g.coordinates.length;
      break;
    case 'LineString':
      acc.vertices += g.coordinates.length;
      acc.length += lineLength(g.coordinates);
      break;
    case 'MultiLineString':
      for (const l of g.coordinates) {
        acc.vertices += l.length;
        acc.length += lineLength(l);
      }
      break;
    case 'Polygon':
      polygon(g.coordinates, acc);
      break;
    case 'MultiPolygon':
      for (const p of g.coordinates) polygon(p, acc);
      break;
  }
}
