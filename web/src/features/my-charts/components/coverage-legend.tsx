import { Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { coverageStatuses, downloadColours, routeColours, statusColours, type DownloadState } from '../lib/coverage-colours';

function Swatch({ colour, isLine = false }: { colour: string; isLine?: boolean }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 18,
        height: isLine ? 4 : 12,
        background: colour,
        opacity: isLine ? 1 : 0.75,
        border: isLine ? undefined : `1.5px solid ${colour}`,
        borderRadius: 2,
        flex: 'none',
      }}
    />
  );
}

function Entry({ colour, label, isLine }: { colour: string; label: string; isLine?: boolean }) {
  return (
    <List.Item>
      <Group gap={6} wrap="nowrap">
        <Swatch colour={colour} isLine={isLine ?? false} />
        <Text size="sm">{label}</Text>
      </Group>
    </List.Item>
  );
}

const downloadStates: DownloadState[] = ['onBoard', 'notOnBoard'];

/** What each colour of the map means, in words: statuses at chart scales, download colours below 1:5,000,000, the route. */
export function CoverageLegend({ hasRoute }: { hasRoute: boolean }) {
  const { t } = useTranslation('mycharts');
  return (
    <Stack gap={6} component="section" aria-labelledby="my-charts-legend" data-testid="my-charts-legend">
      <Text fw={600} size="sm" id="my-charts-legend">
        {t('legend.title')}
      </Text>
      <Group align="start" gap="xl">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('legend.chartScales')}
          </Text>
          <List listStyleType="none" spacing={2} aria-label={t('legend.chartScales')}>
            {coverageStatuses.map((s) => (
              <Entry key={s} colour={statusColours[s]} label={t(`status.${s}`)} />
            ))}
          </List>
        </Stack>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('legend.smallScales')}
          </Text>
          <List listStyleType="none" spacing={2} aria-label={t('legend.smallScales')}>
            {downloadStates.map((s) => (
              <Entry key={s} colour={downloadColours[s]} label={t(`download.${s}`)} />
            ))}
          </List>
        </Stack>
        {hasRoute && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('legend.route')}
            </Text>
            <List listStyleType="none" spacing={2} aria-label={t('legend.route')}>
              <Entry colour={routeColours.line} label={t('legend.routeLine')} isLine />
              <Entry colour={routeColours.corridor} label={t('legend.corridor')} />
              <Entry colour={routeColours.gap} label={t('legend.gap')} isLine />
            </List>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
