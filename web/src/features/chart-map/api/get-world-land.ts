import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { unwrapLand } from '../lib/antimeridian';
import { chartMapKeys } from './chart-map-keys';

// Land at small scales from Natural Earth (world-atlas, 1:50m), bundled with the app and loaded
// with the map: the portal works offline, so there is no base-map tile server.
export async function loadWorldLand(): Promise<FeatureCollection> {
  const [{ feature }, topology] = await Promise.all([import('topojson-client'), import('world-atlas/land-50m.json')]);
  const topo = ((topology as { default?: unknown }).default ?? topology) as Parameters<typeof feature>[0] & {
    objects: { land: Parameters<typeof feature>[1] };
  };
  const land = feature(topo, topo.objects.land) as unknown as FeatureCollection | FeatureCollection['features'][number];
  return unwrapLand(land.type === 'FeatureCollection' ? land : { type: 'FeatureCollection', features: [land] });
}

export function useWorldLand() {
  return useQuery(queryOptions({ queryKey: chartMapKeys.worldLand(), queryFn: loadWorldLand, staleTime: Infinity, gcTime: Infinity }));
}
