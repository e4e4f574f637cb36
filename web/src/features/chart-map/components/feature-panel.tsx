import type { ObjectCatalogue } from '@chartroom/contracts/map';
import { CloseButton, Divider, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartText } from '../api/get-chart-text';
import { describeFeature, type AttributeRow, type PickedFeature } from '../lib/feature-details';

type FeaturePanelProps = {
  features: PickedFeature[];
  /** The map task: the texts features refer to (TXTDSC, NTXTDS) are read through it. */
  taskId?: string | null;
  /** The chart's tiles under the click are still coming: nothing found yet is not "nothing here". */
  isLoading?: boolean;
  catalogue: ObjectCatalogue | undefined;
  onClose: () => void;
};

/** Attributes whose value names a text file of the exchange set: the text itself is shown. */
const textFileAttributes = new Set(['TXTDSC', 'NTXTDS']);

/** A feature's text (TXTDSC, NTXTDS) as the charts brought it. */
function ChartTextValue({ taskId, file }: { taskId: string; file: string }) {
  const { t } = useTranslation('map');
  const text = useChartText(taskId, file);
  if (text.isPending)
    return (
      <Text size="sm" c="dimmed">
        {t('feature.textLoading')}
      </Text>
    );
  if (text.isError)
    return (
      <Text size="sm" c="dimmed">
        {t('feature.textMissing', { file })}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah={200} type="auto">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="feature-text">
        {text.data.text}
      </Text>
    </ScrollArea.Autosize>
  );
}

/** The clicked features: class name, attributes in words, and the cell, edition and update. */
export function FeaturePanel({ features, taskId = null, isLoading = false, catalogue, onClose }: FeaturePanelProps) {
  const { t, i18n } = useTranslation('map');
  // Soundings' depth is added by the tiles; the catalogue does not name it.
  const label = (row: AttributeRow) => (row.acronym === 'DEPTH' && row.name === 'DEPTH' ? t('feature.depth') : row.name);
  const value = (row: AttributeRow) => (row.acronym === 'DEPTH' && row.name === 'DEPTH' ? `${row.value} ${t('units.metres')}` : row.value);

  return (
    <Stack gap="xs" data-testid="feature-panel" aria-live="polite">
      <Group justify="space-between" wrap="nowrap">
        <Title order={3} size="h5">
          {t('feature.title', { count: features.length })}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('feature.close')} />
      </Group>
      {features.length === 0 && (
        <Text size="sm" c="dimmed" data-testid={isLoading ? 'feature-loading' : 'feature-none'}>
          {isLoading ? t('feature.loading') : t('feature.none')}
        </Text>
      )}
      <ScrollArea.Autosize mah="70vh" type="auto">
        <Stack gap="sm">
          {features.map((feature, index) => {
            const details = describeFeature(feature, catalogue, i18n.language);
            return (
              <Fragment key={`${feature.objectClass}-${index}`}>
                {index > 0 && <Divider />}
                <Stack gap={4} data-testid="feature-details">
                  <Text fw={600}>{details.className}</Text>
                  <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" fz="sm">
                    <Table.Tbody>
                      {details.attributes.map((row) => (
                        <Table.Tr key={row.acronym}>
                          <Table.Th fw={500} c="dimmed" w="45%">
                            {label(row)}
                          </Table.Th>
                          <Table.Td>
                            {textFileAttributes.has(row.acronym) && taskId ? (
                              <ChartTextValue taskId={taskId} file={row.value} />
                            ) : (
                              value(row)
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                  {details.cell && (
                    <Text size="xs" c="dimmed">
                      {t('feature.source', { cell: details.cell, edition: details.edition ?? '—', update: details.update ?? '—' })}
                    </Text>
                  )}
                </Stack>
              </Fragment>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
