// Ranges over grids whose fill cells are NaN.
import type { Range } from './types.js';

export interface GridStats {
  range: Range | null;
  validCells: number;
}

/** Minimum, maximum and count of the non-NaN cells (float32 values tidied to 7 significant digits). */
export function gridStats(grid: Float32Array): GridStats {
  let min = Infinity;
  let max = -Infinity;
  let valid = 0;
  for (let i = 0; i < grid.length; i++) {
    const v = grid[i]!;
    if (v !== v) continue; // NaN: fill
    valid++;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { range: valid === 0 ? null : { min: tidy(min), max: tidy(max) }, validCells: valid };
}

/** A float32 read as a double (-1.8799999952316284) back to its short decimal form (-1.88). */
export function tidy(v: number): number {
  return Number(v.toPrecision(7));
}
