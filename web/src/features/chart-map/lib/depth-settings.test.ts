import { describe, expect, it } from 'vitest';
import { chooseSafetyContourLine, clampSafetyDepth, computeDepthState } from './depth-settings';

describe('depth settings', () => {
  it('keeps the four shades in order around the safety depth', () => {
    expect(computeDepthState(10)).toMatchObject({
      shallowContour: 2,
      safetyContour: 10,
      deepContour: 30,
      safetyDepth: 10,
      safetyContourLine: 10,
    });
    expect(computeDepthState(1)).toMatchObject({ shallowContour: 1, safetyContour: 1, deepContour: 30 });
    expect(computeDepthState(45)).toMatchObject({ shallowContour: 2, safetyContour: 45, deepContour: 45, safetyContourLine: 50 });
  });

  it('refuses depths a mariner cannot mean', () => {
    expect(clampSafetyDepth(-4)).toBe(0);
    expect(clampSafetyDepth(9000)).toBe(200);
    expect(clampSafetyDepth(Number.NaN)).toBe(10);
  });

  it('draws the next deeper contour the charts have as the safety contour', () => {
    // NOAA cells in metres carry fathom contours: 1.8, 3.6, 5.4, 9.1, 18.2…
    expect(chooseSafetyContourLine(10, [1.8, 3.6, 5.4, 9.1, 18.2])).toBe(18.2);
    expect(chooseSafetyContourLine(9.1, [18.2, 9.1, 5.4])).toBe(9.1);
    expect(chooseSafetyContourLine(10, [])).toBe(10);
    expect(chooseSafetyContourLine(12, [2, 5])).toBe(15);
  });
});
