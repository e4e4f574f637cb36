import { describe, expect, it } from 'vitest';
import { roundScaleDistance } from './scale-control';

describe('scale bar distance', () => {
  it('takes the largest 1, 2, 3 or 5 times a power of ten not above the distance', () => {
    expect(roundScaleDistance(0.27)).toBe(0.2);
    expect(roundScaleDistance(0.31)).toBe(0.3);
    expect(roundScaleDistance(7.9)).toBe(5);
    expect(roundScaleDistance(1)).toBe(1);
    expect(roundScaleDistance(23)).toBe(20);
    expect(roundScaleDistance(0)).toBe(0);
  });
});
