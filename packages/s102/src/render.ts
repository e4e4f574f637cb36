// renderS102Png: a north-up, depth-coloured preview of the grid, fill cells transparent.
import { depthColourScale } from './depth-colour.js';
import { S102Error } from './errors.js';
import { encodePng } from './png.js';
import type { S102Dataset } from './types.js';

export interface RenderOptions {
  /** Longest side of the image in pixels (default 1024); 0 or Infinity renders full size. */
  maxSize?: number;
}

export interface RenderedImage {
  width: number;
  height: number;
  /** RGBA, top (north) row first. */
  rgba: Uint8Array;
}

export const DEFAULT_MAX_SIZE = 1024;

/** Output size for a rows × cols grid whose longest side is limited to maxSize. */
export function previewSize(rows: number, cols: number, maxSize = DEFAULT_MAX_SIZE): { width: number; height: number } {
  const limit = !maxSize || !Number.isFinite(maxSize) ? Math.max(rows, cols) : Math.max(1, Math.floor(maxSize));
  const scale = Math.max(rows, cols) / limit;
  if (scale <= 1) return { width: cols, height: rows };
  return { width: Math.max(1, Math.round(cols / scale)), height: Math.max(1, Math.round(rows / scale)) };
}

/**
 * Box-averages the grid (ignoring NaN cells) into the preview size and colours it. S-102 rows
 * start at the southern origin and go north, so grid row 0 becomes the image's bottom row.
 */
export function renderDepthImage(
  grid: Float32Array,
  rows: number,
  cols: number,
  range: { min: number; max: number } | null,
  opts: RenderOptions = {},
): RenderedImage {
  const { width, height } = previewSize(rows, cols, opts.maxSize);
  const sum = new Float64Array(width * height);
  const count = new Uint32Array(width * height);
  const colToX = new Uint32Array(cols);
  for (let c = 0; c < cols; c++) colToX[c] = Math.min(width - 1, Math.floor((c * width) / cols));
  for (let r = 0; r < rows; r++) {
    const y = height - 1 - Math.min(height - 1, Math.floor((r * height) / rows)); // north-up flip
    const rowBase = r * cols;
    const outBase = y * width;
    for (let c = 0; c < cols; c++) {
      const v = grid[rowBase + c]!;
      if (v !== v) continue;
      const o = outBase + colToX[c]!;
      sum[o] = sum[o]! + v;
      count[o]!++;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  const colour = depthColourScale(range?.min ?? 0, range?.max ?? 0);
  for (let i = 0; i < width * height; i++) {
    const n = count[i]!;
    if (n === 0) continue; // transparent
    const [r, g, b] = colour(sum[i]! / n);
    rgba[i * 4] = r;
    rgba[i * 4 + 1] = g;
    rgba[i * 4 + 2] = b;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** PNG bytes of a depth-coloured, north-up preview of `dataset` (longest side ≤ maxSize, default 1024). */
export function renderS102Png(dataset: S102Dataset, opts: RenderOptions = {}): Uint8Array {
  const { rows, cols } = dataset.grid;
  if (rows < 1 || cols < 1) throw new S102Error('invalid_structure', `${dataset.source} has an empty grid`);
  const image = renderDepthImage(dataset.depthGrid(), rows, cols, dataset.depth, opts);
  return encodePng(image.width, image.height, image.rgba);
}
