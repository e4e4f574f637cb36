import type { ChartKind } from '@chartroom/contracts/charts';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useChartCollection } from '../api/get-collection';

/** Charts on one page of the catalogue's list: a national set (1,000 cells and more) is never drawn whole. */
export const chartPageSize = 50;

/**
 * The catalogue's chart list a page at a time, filtered by a part of the name: the page and the
 * filter, and the collection's answer for them. A new filter starts again at the first page.
 */
export function useChartPage(gcId: number, kind: ChartKind) {
  const [page, setPage] = useState(1);
  const [filter, setFilterNow] = useState('');
  const [name] = useDebouncedValue(filter.trim(), 250);
  const collection = useChartCollection(gcId, kind, { offset: (page - 1) * chartPageSize, limit: chartPageSize, name });
  const setFilter = (value: string) => {
    setFilterNow(value);
    setPage(1);
  };
  return { collection, page, setPage, filter, setFilter, name };
}

export type ChartPage = ReturnType<typeof useChartPage>;
