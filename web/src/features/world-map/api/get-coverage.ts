import { chartCollection } from '@chartroom/contracts/charts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type CoverageBox = { name: string; west: number; south: number; east: number; north: number };

/** The chart coverage of a geocontent: bounding boxes of its ENC and S-102 charts. */
export async function getCoverage(gcid: number): Promise<CoverageBox[]> {
  const kinds = ['enc', 's102'] as const;
  const collections = await Promise.all(kinds.map((type) => apiRequest('/charts/getCollection', { query: { gcid, type }, schema: chartCollection }).catch(() => null)));
  return collections.flatMap((c) =>
    (c?.charts ?? []).flatMap((chart) => (chart.bbox ? [{ name: chart.name, west: chart.bbox[0], south: chart.bbox[1], east: chart.bbox[2], north: chart.bbox[3] }] : [])),
  );
}

export function useCoverage(gcid: number) {
  return useQuery(queryOptions({ queryKey: ['world-map', 'coverage', gcid], queryFn: () => getCoverage(gcid) }));
}
