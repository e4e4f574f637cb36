import type { ChartRow } from '@chartroom/contracts/charts';
import { Group, Pagination, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chartPageSize, type ChartPage } from '../lib/use-chart-page';
import { ChartTable } from './chart-table';

type ChartPagerProps = {
  list: ChartPage;
  /** What to show when the collection holds no chart at all (not when the filter matches none). */
  empty?: ReactNode;
  renderLead?: (chart: ChartRow) => ReactNode;
};

/**
 * The chart list a page at a time (`chartPageSize`), with a filter by name once the collection
 * does not fit on one page, and how many charts there are.
 */
export function ChartPager({ list, empty, renderLead }: ChartPagerProps) {
  const { t } = useTranslation('charts');
  const data = list.collection.data;
  if (!data) return null;
  const { charts, total } = data;
  const pages = Math.max(1, Math.ceil(total / chartPageSize));
  const isFiltered = list.name !== '';
  // A short list looks as it always did: the filter comes with the second page.
  const hasFilter = isFiltered || list.filter !== '' || total > chartPageSize;
  if (!hasFilter && total === 0 && empty) return <>{empty}</>;
  const from = total === 0 ? 0 : (list.page - 1) * chartPageSize + 1;
  const to = Math.min(total, list.page * chartPageSize);
  return (
    <>
      {hasFilter && (
        <TextInput
          label={t('list.filter')}
          placeholder={t('list.filterPlaceholder')}
          value={list.filter}
          onChange={(event) => list.setFilter(event.currentTarget.value)}
          maw={320}
          data-testid="chart-filter"
        />
      )}
      {charts.length > 0 ? (
        <ChartTable charts={charts} renderLead={renderLead} />
      ) : (
        isFiltered && (
          <Text size="sm" c="dimmed">
            {t('list.noMatch', { name: list.name })}
          </Text>
        )
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="chart-count">
          {pages > 1
            ? t('list.range', { from, to, count: total })
            : isFiltered
              ? t('list.matching', { count: total })
              : t('list.count', { count: total })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={list.page}
            onChange={list.setPage}
            size="sm"
            aria-label={t('list.pages')}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? t('list.previousPage') : control === 'next' ? t('list.nextPage') : undefined,
            })}
            getItemProps={(page) => ({ 'aria-label': t('list.page', { page }) })}
          />
        )}
      </Group>
    </>
  );
}
