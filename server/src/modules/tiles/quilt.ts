import polygonClipping, { type MultiPolygon, type Polygon } from 'polygon-clipping';
import { bandZoomRanges } from '@chartroom/contracts/map';
import type { MvtFeature } from './mvt-encode.js';
import { boxOf, isInside, signedArea, tileBox, toTileUnits, type Box, type Pt } from './tile-geometry.js';

// Quilting by navigational band, as chart displays do: at each zoom the cells are ranked, and a
// cell draws only the part of the tile no better-ranked cell's coverage (M_COVR CATCOV=1) holds.

export interface QuiltCell {
  name: string;
  band: number;
  edition: number;
  issueDate: string | null;
  /** Lon/lat MultiPolygon of the data coverage; null: the cell's bbox stands for it. */
  coverage: number[][][][] | null;
  bbox: [number, number, number, number];
}

/** Margin (tile units) the quilt region extends past the tile, beyond the features' 64-unit buffer. */
const MARGIN = 128;

/**
 * Best first at zoom z: bands whose range has begun (finest first, so the finest band available is
 * drawn past its own range), then bands not yet in range (coarsest first, so a harbour cell does
 * not hide its approach chart when zoomed out); within a band the newer edition wins.
 */
export function rankCells<T extends QuiltCell>(cells: T[], z: number): T[] {
  const started = (c: QuiltCell) => (bandZoomRanges[c.band]?.minzoom ?? 0) <= z;
  return [...cells].sort((a, b) => {
    const sa = started(a);
    const sb = started(b);
    if (sa !== sb) return sa ? -1 : 1;
    if (a.band !== b.band) return sa ? b.band - a.band : a.band - b.band;
    if (a.edition !== b.edition) return b.edition - a.edition;
    const da = a.issueDate ?? '';
    const db = b.issueDate ?? '';
    return da !== db ? (db > da ? 1 : -1) : a.name.localeCompare(b.name);
  });
}

function coverageInTile(cell: QuiltCell, z: number, x: number, y: number): MultiPolygon {
  const project = (ring: number[][]): Pt[] => ring.map((p) => toTileUnits(p[0]!, p[1]!, z, x, y));
  const [w, s, e, n] = cell.bbox;
  const polygons: MultiPolygon = cell.coverage
    ? cell.coverage.map((poly) => poly.map(project))
    : [
        [
          project([
            [w, s],
            [e, s],
            [e, n],
            [w, n],
            [w, s],
          ]),
        ],
      ];
  return polygonClipping.intersection(polygons, tileBox(MARGIN));
}

/** What a cell may draw in a tile: everything, nothing, or only inside `region` (tile units). */
export type QuiltShare = { kind: 'all' } | { kind: 'none' } | { kind: 'clip'; region: MultiPolygon; takenBox: Box };

/**
 * The share of each ranked cell in tile z/x/y. The first cell draws all of its data; each further
 * cell draws only outside the coverage of the cells ranked above it, so overlaps are drawn once
 * and the ground a better cell does not cover is left to the next one (no holes). A cell whose
 * coverage in the tile lies wholly inside theirs draws nothing there (a cell's data lies within
 * its coverage), so its index is not even read: a tile that many copies or editions of one area
 * overlap is drawn from the best of them alone.
 */
export function quiltShares(ranked: QuiltCell[], z: number, x: number, y: number): QuiltShare[] {
  const shares: QuiltShare[] = [];
  let taken: MultiPolygon = [];
  // What no cell ranked so far holds: the next cell's share (computed once per cell).
  let remaining: MultiPolygon | null = null;
  for (const cell of ranked) {
    if (remaining !== null && remaining.length === 0) {
      shares.push({ kind: 'none' });
      continue;
    }
    const cover = coverageInTile(cell, z, x, y);
    if (remaining !== null && cover.length > 0 && polygonClipping.difference(cover, taken).length === 0) {
      shares.push({ kind: 'none' });
      continue;
    }
    shares.push(remaining === null ? { kind: 'all' } : { kind: 'clip', region: remaining, takenBox: boxOf(taken.flat(2)) });
    if (cover.length > 0) {
      taken = taken.length === 0 ? cover : polygonClipping.union(taken, cover);
      remaining = polygonClipping.difference(tileBox(MARGIN), taken);
    }
  }
  return shares;
}

function featurePoints(f: MvtFeature): Pt[] {
  return f.type === 1 ? (f.geometry as Pt[]) : (f.geometry as Pt[][]).flat();
}

/** The part of a tile feature its cell may draw, or null when nothing of it is. */
export function clipFeature(f: MvtFeature, share: { region: MultiPolygon; takenBox: Box }): MvtFeature | null {
  // Away from what better cells hold, the feature is drawn whole (most of them: no clipping).
  const b = boxOf(featurePoints(f));
  const t = share.takenBox;
  if (b[2] < t[0] || b[0] > t[2] || b[3] < t[1] || b[1] > t[3]) return f;
  const region = share.region;
  if (f.type === 1) {
    const points = (f.geometry as Pt[]).filter((p) => isInside(p, region));
    return points.length > 0 ? { ...f, geometry: points } : null;
  }
  if (f.type === 2) {
    const lines = (f.geometry as Pt[][]).flatMap((line) => clipLine(line, region));
    return lines.length > 0 ? { ...f, geometry: lines } : null;
  }
  const polygons = groupRings(f.geometry as Pt[][]);
  if (polygons.length === 0) return null;
  const clipped = polygonClipping.intersection(polygons, region);
  const rings: Pt[][] = [];
  for (const poly of clipped) {
    poly.forEach((ring, i) => {
      const r = ring.map(([px, py]) => [Math.round(px), Math.round(py)] as Pt);
      const outer = i === 0;
      if (signedArea(r) > 0 !== outer) r.reverse();
      rings.push(r);
    });
  }
  return rings.length > 0 ? { ...f, geometry: rings } : null;
}

/** Tile rings (exterior positive area, each followed by its holes) back into polygons. */
function groupRings(rings: Pt[][]): Polygon[] {
  const out: Polygon[] = [];
  for (const ring of rings) {
    if (ring.length < 4) continue;
    const a = signedArea(ring);
    if (a === 0) continue;
    if (a > 0 || out.length === 0) out.push([ring]);
    else out[out.length - 1]!.push(ring);
  }
  return out;
}

/** Pieces of a polyline inside the region: split where it crosses the region's edges. */
function clipLine(line: Pt[], region: MultiPolygon): Pt[][] {
  const pieces: Pt[][] = [];
  let current: Pt[] = [];
  const flush = () => {
    if (current.length >= 2) pieces.push(current);
    current = [];
  };
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const ts = [0, ...crossings(a, b, region), 1].sort((p, q) => p - q);
    for (let k = 0; k + 1 < ts.length; k++) {
      const t0 = ts[k]!;
      const t1 = ts[k + 1]!;
      if (t1 - t0 < 1e-12) continue;
      const mid = lerp(a, b, (t0 + t1) / 2);
      if (!isInside(mid, region)) {
        flush();
        continue;
      }
      const p0 = round(lerp(a, b, t0));
      const p1 = round(lerp(a, b, t1));
      const last = current[current.length - 1];
      if (!last || last[0] !== p0[0] || last[1] !== p0[1]) {
        flush();
        current.push(p0);
      }
      current.push(p1);
    }
  }
  flush();
  return pieces;
}

function crossings(a: Pt, b: Pt, region: MultiPolygon): number[] {
  const out: number[] = [];
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  for (const poly of region) {
    for (const ring of poly) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [cx, cy] = ring[j]!;
        const ex = ring[i]![0] - cx;
        const ey = ring[i]![1] - cy;
        const den = dx * ey - dy * ex;
        if (den === 0) continue;
        const t = ((cx - a[0]) * ey - (cy - a[1]) * ex) / den;
        const u = ((cx - a[0]) * dy - (cy - a[1]) * dx) / den;
        if (t > 0 && t < 1 && u >= 0 && u <= 1) out.push(t);
      }
    }
  }
  return out;
}

function lerp(a: Pt, b: Pt, t: number): Pt {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}
function round(p: Pt): Pt {
  return [Math.round(p[0]), Math.round(p[1])];
}
