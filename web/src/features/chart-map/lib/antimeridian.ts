import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';

// world-atlas keeps Natural Earth's land as spherical polygons (made for d3-geo): a coast that
// crosses the antimeridian jumps from +180 to -180, and Antarctica's ring circles the pole. Drawn on
// a plane as they are, such rings cut across the whole map (the stripes over the North Atlantic the
// old SVG map had). MapLibre draws longitudes beyond ±180 on the neighbouring world copy, so each
// ring is made continuous instead, and a ring around a pole is closed along that pole.

const maxMercatorLat = 85.051129;

/** The ring with continuous longitudes; a ring around a pole gets the pole's edge added. */
export function unwrapRing(ring: Position[]): Position[] {
  const first = ring[0];
  if (!first) return ring;
  const out: Position[] = [[first[0]!, first[1]!]];
  let offset = 0;
  for (let i = 1; i < ring.length; i++) {
    const prev = ring[i - 1]!;
    const [lon = 0, lat = 0] = ring[i]!;
    const step = lon - prev[0]!;
    if (step > 180) offset -= 360;
    else if (step < -180) offset += 360;
    out.push([lon + offset, lat]);
  }
  if (Math.abs(offset) < 180) return out;
  // Around a pole: the ring ends a whole turn from where it began; close it along the pole.
  const meanLat = out.reduce((sum, p) => sum + p[1]!, 0) / out.length;
  const pole = meanLat < 0 ? -maxMercatorLat : maxMercatorLat;
  const last = out[out.length - 1]!;
  return [...out, [last[0]!, pole], [first[0]!, pole], [first[0]!, first[1]!]];
}

function unwrapPolygon(rings: Position[][]): Position[][] {
  return rings.map(unwrapRing);
}

/** Land polygons ready for a planar Web Mercator map. */
export function unwrapLand(land: FeatureCollection): FeatureCollection<Polygon | MultiPolygon> {
  const features: Feature<Polygon | MultiPolygon>[] = [];
  for (const f of land.features) {
    const g = f.geometry;
    if (g?.type === 'Polygon') features.push({ ...f, geometry: { type: 'Polygon', coordinates: unwrapPolygon(g.coordinates) } });
    else if (g?.type === 'MultiPolygon')
      features.push({ ...f, geometry: { type: 'MultiPolygon', coordinates: g.coordinates.map(unwrapPolygon) } });
  }
  return { type: 'FeatureCollection', features };
}
