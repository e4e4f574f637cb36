import { objectCatalogue, type ObjectCatalogue } from '@chartroom/contracts/map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { chartMapKeys } from './chart-map-keys';

/** `GET /api/map/object-catalogue`: S-57 class and attribute names, enumerations as words. */
export function getObjectCatalogue(): Promise<ObjectCatalogue> {
  return apiRequest('/api/map/object-catalogue', { schema: objectCatalogue });
}

/** Read once per visit: the catalogue is part of the standard, not of the data. */
export function useObjectCatalogue() {
  return useQuery(
    queryOptions({ queryKey: chartMapKeys.objectCatalogue(), queryFn: getObjectCatalogue, staleTime: Infinity, gcTime: Infinity }),
  );
}
