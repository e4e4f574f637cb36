import type { ChartRow } from '@chartroom/contracts/charts';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

const dash = '—';

export function formatEditionUpdate(edition: number | null, update: number | null): string {
  if (edition === null) return dash;
  return `${edition}.${update ?? 0}`;
}

/**
 * The description in the reader's language: an S-102 grid's depth range is worded here from
 * `depthRange`, and the English ", depths … m" the server appends for API users is left out.
 */
function describeChart(chart: ChartRow, t: TFunction<'charts'>): string | null {
  if (!chart.depthRange) return chart.description;
  const [min, max] = chart.depthRange;
  const spec = (chart.description ?? 'S-102').replace(/, depths .* m$/, '');
  return `${spec}, ${t('s102.depths', { min: min.toFixed(1), max: max.toFixed(1) })}`;
}

type ChartTableProps = {
  charts: ChartRow[];
  /** An extra first column (the S-102 preview). */
  renderLead?: (chart: ChartRow) => ReactNode;
};

/** Name, edition.update, release date, scale, band, description; what the data lacks shows '—'. */
export function ChartTable({ charts, renderLead }: ChartTableProps) {
  const { t } = useTranslation('charts');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover data-testid="chart-table">
        <Table.Thead>
          <Table.Tr>
            {renderLead && <Table.Th>{t('list.preview')}</Table.Th>}
            <Table.Th>{t('list.name')}</Table.Th>
            <Table.Th>{t('list.editionUpdate')}</Table.Th>
            <Table.Th>{t('list.releaseDate')}</Table.Th>
            <Table.Th>{t('list.scale')}</Table.Th>
            <Table.Th>{t('list.band')}</Table.Th>
            <Table.Th>{t('list.description')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charts.map((chart) => (
            <Table.Tr key={chart.id}>
              {renderLead && <Table.Td>{renderLead(chart)}</Table.Td>}
              <Table.Td>
                <Text fw={500} size="sm">
                  {chart.name}
                </Text>
              </Table.Td>
              <Table.Td>{formatEditionUpdate(chart.edition, chart.update)}</Table.Td>
              <Table.Td>{chart.releaseDate ?? dash}</Table.Td>
              <Table.Td>{chart.scale ? `1:${chart.scale.toLocaleString('en-US').replaceAll(',', ' ')}` : dash}</Table.Td>
              <Table.Td>{chart.band ? `${chart.band} — ${t(`bands.${chart.band}`, { defaultValue: '' })}` : dash}</Table.Td>
              <Table.Td>{describeChart(chart, t) ?? dash}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
