import { describe, expect, it } from 'vitest';
import { isNearBottom } from './use-near-bottom';

describe('infinite scroll trigger', () => {
  it('fires within 100 pixels of the bottom and not before', () => {
    // 3000 px page, 800 px window: the bottom is reached at scrollTop 2200.
    expect(isNearBottom(2100, 800, 3000)).toBe(true);
    expect(isNearBottom(2099, 800, 3000)).toBe(false);
    expect(isNearBottom(2200, 800, 3000)).toBe(true);
  });

  it('fires at once when the page is shorter than the window', () => {
    expect(isNearBottom(0, 900, 600)).toBe(true);
  });
});
