// Web Mercator in "world units": the whole world is the square [0, 1] × [0, 1], north up.

const maxLat = 85.05112878;

export type LngLat = { lng: number; lat: number };
export type WorldPoint = { x: number; y: number };

export function project({ lng, lat }: LngLat): WorldPoint {
  const clamped = Math.max(-maxLat, Math.min(maxLat, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return { x: (lng + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

export function unproject({ x, y }: WorldPoint): LngLat {
  const lng = x * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return { lng, lat };
}

/** The view: the world point at the centre of the screen and the size of the world in pixels. */
export type View = { center: WorldPoint; scale: number };

export const minScale = 256 * 2 ** 1;
export const maxScale = 256 * 2 ** 16;

export function clampScale(scale: number): number {
  return Math.max(minScale, Math.min(maxScale, scale));
}

export function toScreen(view: View, p: WorldPoint, width: number, height: number): { left: number; top: number } {
  return { left: (p.x - view.center.x) * view.scale + width / 2, top: (p.y - view.center.y) * view.scale + height / 2 };
}

export function fromScreen(view: View, left: number, top: number, width: number, height: number): WorldPoint {
  return { x: view.center.x + (left - width / 2) / view.scale, y: view.center.y + (top - height / 2) / view.scale };
}

/** A view showing every point (or the whole world when there are none), with a margin. */
export function fitView(points: LngLat[], width: number, height: number): View {
  if (points.length === 0) return { center: { x: 0.5, y: 0.5 }, scale: clampScale(Math.min(width, height)) };
  const projected = points.map(project);
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY, 1e-4);
  return { center: { x: (minX + maxX) / 2, y: (minY + maxY) / 2 }, scale: clampScale((Math.min(width, height) * 0.7) / span) };
}
