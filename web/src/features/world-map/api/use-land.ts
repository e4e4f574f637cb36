import { useQuery } from '@tanstack/react-query';
import { project } from '../lib/mercator';

// Land polygons from Natural Earth (world-atlas, 1:50m), bundled with the app: the portal has
// no internet access, so there is no tile server. The path is in world units × pathScale.
export const pathScale = 4096;

type Ring = [number, number][];

function ringToPath(ring: Ring): string {
  let d = '';
  ring.forEach(([lng, lat], i) => {
    const p = project({ lng, lat });
    d += `${i === 0 ? 'M' : 'L'}${(p.x * pathScale).toFixed(3)} ${(p.y * pathScale).toFixed(3)}`;
  });
  return `${d}Z`;
}

async function loadLandPath(): Promise<string> {
  const [{ feature }, topology] = await Promise.all([import('topojson-client'), import('world-atlas/land-50m.json')]);
  const topo = (topology as { default?: unknown }).default ?? topology;
  const land = feature(topo as never, (topo as { objects: { land: never } }).objects.land) as unknown as {
    features?: { geometry: { type: string; coordinates: unknown } }[];
    geometry?: { type: string; coordinates: unknown };
  };
  const geometries = land.features ? land.features.map((f) => f.geometry) : land.geometry ? [land.geometry] : [];
  const parts: string[] = [];
  for (const g of geometries) {
    const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as Ring[][];
    for (const polygon of polygons) for (const ring of polygon) parts.push(ringToPath(ring));
  }
  return parts.join('');
}

export function useLandPath() {
  return useQuery({ queryKey: ['world-map', 'land-50m'], queryFn: loadLandPath, staleTime: Infinity, gcTime: Infinity });
}
