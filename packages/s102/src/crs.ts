// Projected coordinates to WGS84 degrees for the CRSs S-102 producers use: EPSG:4326 and the WGS84
// UTM zones EPSG:32601–32660 (north) and 32701–32760 (south). Transverse Mercator inverse after
// Snyder, "Map Projections — A Working Manual" (USGS PP 1395, 1987), eqs. 8-18 … 8-25.

export type LonLat = [lon: number, lat: number];
export type Projector = (x: number, y: number) => LonLat;

const A = 6378137; // WGS84 semi-major axis (m)
const F = 1 / 298.257223563; // WGS84 flattening
const E2 = F * (2 - F); // first eccentricity squared
const EP2 = E2 / (1 - E2); // second eccentricity squared
const K0 = 0.9996; // UTM scale factor on the central meridian
const FALSE_EASTING = 500000;
const FALSE_NORTHING_SOUTH = 10000000;
const DEG = 180 / Math.PI;

export interface UtmZone {
  zone: number;
  south: boolean;
}

/** The UTM zone of a WGS84 UTM EPSG code (32601–32660, 32701–32760), or null. */
export function utmZoneOf(epsg: number): UtmZone | null {
  if (epsg >= 32601 && epsg <= 32660) return { zone: epsg - 32600, south: false };
  if (epsg >= 32701 && epsg <= 32760) return { zone: epsg - 32700, south: true };
  return null;
}

/** Inverse transverse Mercator for a WGS84 UTM zone: easting/northing (m) → [lon, lat] degrees. */
export function utmToLonLat(easting: number, northing: number, { zone, south }: UtmZone): LonLat {
  const lon0 = ((zone - 1) * 6 - 180 + 3) / DEG;
  const x = easting - FALSE_EASTING;
  const y = south ? northing - FALSE_NORTHING_SOUTH : northing;

  const m = y / K0;
  const mu = m / (A * (1 - E2 / 4 - (3 * E2 * E2) / 64 - (5 * E2 * E2 * E2) / 256));
  const sq = Math.sqrt(1 - E2);
  const e1 = (1 - sq) / (1 + sq);
  const phi1 =
    mu +
    ((3 * e1) / 2 - (27 * e1 ** 3) / 32) * Math.sin(2 * mu) +
    ((21 * e1 ** 2) / 16 - (55 * e1 ** 4) / 32) * Math.sin(4 * mu) +
    ((151 * e1 ** 3) / 96) * Math.sin(6 * mu) +
    ((1097 * e1 ** 4) / 512) * Math.sin(8 * mu);

  const sin1 = Math.sin(phi1);
  const cos1 = Math.cos(phi1);
  const tan1 = Math.tan(phi1);
  const c1 = EP2 * cos1 * cos1;
  const t1 = tan1 * tan1;
  const w = 1 - E2 * sin1 * sin1;
  const n1 = A / Math.sqrt(w);
  const r1 = (A * (1 - E2)) / (w * Math.sqrt(w));
  const d = x / (n1 * K0);

  const lat =
    phi1 -
    ((n1 * tan1) / r1) *
      ((d * d) / 2 -
        ((5 + 3 * t1 + 10 * c1 - 4 * c1 * c1 - 9 * EP2) * d ** 4) / 24 +
        ((61 + 90 * t1 + 298 * c1 + 45 * t1 * t1 - 252 * EP2 - 3 * c1 * c1) * d ** 6) / 720);
  const lon =
    lon0 + (d - ((1 + 2 * t1 + c1) * d ** 3) / 6 + ((5 - 2 * c1 + 28 * t1 - 3 * c1 * c1 + 8 * EP2 + 24 * t1 * t1) * d ** 5) / 120) / cos1;
  return [lon * DEG, lat * DEG];
}

/** A function taking CRS coordinates to degrees, or null when the EPSG code is not supported. */
export function projectorFor(epsg: number | null): Projector | null {
  if (epsg === 4326) return (x, y) => [x, y];
  if (epsg === null) return null;
  const zone = utmZoneOf(epsg);
  return zone ? (x, y) => utmToLonLat(x, y, zone) : null;
}

/** Whether `projectorFor` handles this code. */
export function isSupportedEpsg(epsg: number): boolean {
  return projectorFor(epsg) !== null;
}

/**
 * The geographic [west, south, east, north] of a projected rectangle, sampling its edges
 * (a UTM rectangle's edges are curved in degrees, so corners alone are not enough).
 */
export function rectToDegrees(
  project: Projector,
  xmin: number,
  ymin: number,
  xmax: number,
  ymax: number,
  samples = 16,
): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const add = ([lon, lat]: LonLat) => {
    w = Math.min(w, lon);
    e = Math.max(e, lon);
    s = Math.min(s, lat);
    n = Math.max(n, lat);
  };
  for (let i = 0; i <= samples; i++) {
    const fx = xmin + ((xmax - xmin) * i) / samples;
    const fy = ymin + ((ymax - ymin) * i) / samples;
    add(project(fx, ymin));
    add(project(fx, ymax));
    add(project(xmin, fy));
    add(project(xmax, fy));
  }
  return [w, s, e, n];
}
