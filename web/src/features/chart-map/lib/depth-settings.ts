// The mariner's depth settings (S-52 §10.5: shallow, safety and deep contours, safety depth) as the
// values the style reads from its global state. One number is set on the map, the safety depth; the
// other contours follow it so the four depth shades stay in order.

export const defaultSafetyDepth = 10;
export const safetyDepthLimits = { min: 0, max: 200 } as const;

const defaultShallowContour = 2;
const defaultDeepContour = 30;

// Contour depths charts are compiled with (metres). The highlighted safety contour is the first of
// these at or below the safety depth's value, as an ECDIS picks the next deeper contour it has.
const standardContours = [0, 2, 3, 5, 10, 15, 20, 25, 30, 40, 50, 100, 200, 300, 500, 1000, 2000, 5000];

export type DepthState = {
  shallowContour: number;
  safetyContour: number;
  deepContour: number;
  safetyDepth: number;
  /** The contour line drawn as the safety contour. */
  safetyContourLine: number;
};

export function clampSafetyDepth(value: number): number {
  if (!Number.isFinite(value)) return defaultSafetyDepth;
  return Math.min(safetyDepthLimits.max, Math.max(safetyDepthLimits.min, value));
}

/**
 * The contour drawn as the safety contour: the shallowest of the charts' contours at or deeper than
 * the safety depth (an ECDIS uses the next deeper contour the data has), else a standard one.
 */
export function chooseSafetyContourLine(safetyDepth: number, chartContours: Iterable<number>): number {
  let best: number | null = null;
  for (const c of chartContours) if (c >= safetyDepth && (best === null || c < best)) best = c;
  return best ?? computeDepthState(safetyDepth).safetyContourLine;
}

export function computeDepthState(safetyDepth: number): DepthState {
  const safety = clampSafetyDepth(safetyDepth);
  return {
    shallowContour: Math.min(defaultShallowContour, safety),
    safetyContour: safety,
    deepContour: Math.max(defaultDeepContour, safety),
    safetyDepth: safety,
    safetyContourLine: standardContours.find((c) => c >= safety) ?? safety,
  };
}
