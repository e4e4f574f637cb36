import { describe, expect, it } from 'vitest';
import { unwrapLand, unwrapRing } from './antimeridian';

describe('land across the antimeridian', () => {
  it('keeps an ordinary ring as it is', () => {
    const ring = [
      [10, 50],
      [12, 50],
      [12, 52],
      [10, 50],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });

  it('makes a coast crossing 180° continuous, so no edge spans the world', () => {
    const chukotka = [
      [178, 65],
      [-179, 66],
      [-177, 64],
      [179, 63],
      [178, 65],
    ];
    const out = unwrapRing(chukotka);
    expect(out).toEqual([
      [178, 65],
      [181, 66],
      [183, 64],
      [179, 63],
      [178, 65],
    ]);
    for (let i = 1; i < out.length; i++) expect(Math.abs(out[i]![0]! - out[i - 1]![0]!)).toBeLessThan(180);
  });

  it('closes a ring around the south pole along the pole', () => {
    const antarctica = [
      [-170, -70],
      [-60, -65],
      [60, -68],
      [170, -70],
      [-170, -70],
    ];
    const out = unwrapRing(antarctica);
    expect(out.slice(-3)).toEqual([
      [190, -85.051129],
      [-170, -85.051129],
      [-170, -70],
    ]);
    for (let i = 1; i < out.length; i++) expect(Math.abs(out[i]![0]! - out[i - 1]![0]!)).toBeLessThanOrEqual(360);
  });

  it('unwraps every polygon of the land', async () => {
    const land = unwrapLand({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [178, 65],
                  [-179, 66],
                  [-177, 64],
                  [178, 65],
                ],
              ],
            ],
          },
        },
      ],
    });
    const g = land.features[0]!.geometry;
    expect(g.type === 'MultiPolygon' && g.coordinates[0]![0]!.map((p) => p[0])).toEqual([178, 181, 183, 178]);
  });
});
