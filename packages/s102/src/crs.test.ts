import { describe, expect, it } from 'vitest';
import { isSupportedEpsg, projectorFor, rectToDegrees, utmToLonLat, utmZoneOf } from './crs.js';

// Reference values from PROJ via GDAL 3.6.2: `gdaltransform -s_srs EPSG:326xx -t_srs EPSG:4326 -output_xy`.
const REFERENCE: Array<[epsg: number, x: number, y: number, lon: number, lat: number]> = [
  [32632, 495600, 5961270, 8.93319502957811, 53.7999819467216],
  [32632, 517560, 5979850, 9.26767569882023, 53.9667011762514],
  [32632, 300000, 4000000, 6.77760861456344, 36.124095832137],
  [32733, 600000, 7000000, 16.008942361925, -27.118845826337],
];

describe('UTM inverse (WGS84)', () => {
  it.each(REFERENCE)('EPSG:%i (%d, %d) matches PROJ to 1e-8°', (epsg, x, y, lon, lat) => {
    const project = projectorFor(epsg);
    expect(project).not.toBeNull();
    const [glon, glat] = project!(x, y);
    expect(Math.abs(glon - lon)).toBeLessThan(1e-8);
    expect(Math.abs(glat - lat)).toBeLessThan(1e-8);
  });

  it('puts the false origin of a zone on its central meridian at the equator', () => {
    expect(utmToLonLat(500000, 0, { zone: 32, south: false })).toEqual([9, 0]);
    const [lon, lat] = utmToLonLat(500000, 10000000, { zone: 1, south: true });
    expect(lon).toBeCloseTo(-177, 12);
    expect(lat).toBeCloseTo(0, 12);
  });

  it('knows which EPSG codes are WGS84 UTM zones', () => {
    expect(utmZoneOf(32601)).toEqual({ zone: 1, south: false });
    expect(utmZoneOf(32760)).toEqual({ zone: 60, south: true });
    expect(utmZoneOf(32661)).toBeNull(); // UPS north, not UTM
    expect(utmZoneOf(25832)).toBeNull(); // ETRS89 UTM: not handled
    expect(isSupportedEpsg(4326)).toBe(true);
    expect(isSupportedEpsg(3857)).toBe(false);
    expect(projectorFor(null)).toBeNull();
    expect(projectorFor(4326)!(9.5, 54.25)).toEqual([9.5, 54.25]);
  });

  it('reprojects the corpus grid extent to the bbox h5py read from the file (ground-truth.json)', () => {
    // 102DE00NO13R.H5: origin (495600, 5961270), 2196 × 1858 cells of 10 m.
    const bbox = rectToDegrees(projectorFor(32632)!, 495600, 5961270, 517560, 5979850);
    const truth = [8.932928085327148, 53.799705505371094, 9.267675399780273, 53.96697998046875];
    bbox.forEach((v, i) => expect(Math.abs(v - truth[i]!)).toBeLessThan(1e-4));
  });
});
