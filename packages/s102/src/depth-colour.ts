// The depth colour ramp: pale cyan for shallow water through to dark navy for the deepest,
// and an ochre tint for drying heights (negative depths, above the vertical datum).

export type RGB = [r: number, g: number, b: number];

/** Shallow → deep stops (t = 0 shallowest, 1 deepest). */
export const WATER_RAMP: readonly RGB[] = [
  [214, 245, 255],
  [150, 215, 240],
  [88, 170, 220],
  [40, 115, 185],
  [18, 66, 140],
  [8, 30, 84],
];

/** Drying heights: light sand at the datum → darker sand for the highest ground. */
export const DRYING_RAMP: readonly RGB[] = [
  [226, 214, 160],
  [176, 150, 86],
];

function interpolate(stops: readonly RGB[], t: number): RGB {
  const x = Math.min(1, Math.max(0, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  const a = stops[i]!;
  const b = stops[i + 1]!;
  return [Math.round(a[0] + (b[0] - a[0]) * f), Math.round(a[1] + (b[1] - a[1]) * f), Math.round(a[2] + (b[2] - a[2]) * f)];
}

/**
 * A colour function for depths in [min, max] (metres, positive down). Water depths are spread
 * over the whole water ramp between max(min, 0) and max; negative depths use the drying ramp.
 */
export function depthColourScale(min: number, max: number): (depth: number) => RGB {
  const shallow = Math.max(min, 0);
  const waterSpan = max - shallow;
  const dryingSpan = Math.max(-min, 0);
  return (depth) => {
    if (depth < 0) return interpolate(DRYING_RAMP, dryingSpan > 0 ? -depth / dryingSpan : 0);
    return interpolate(WATER_RAMP, waterSpan > 0 ? (depth - shallow) / waterSpan : 0);
  };
}
