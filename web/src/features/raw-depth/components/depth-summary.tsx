import { Text } from '@mantine/core';
import type { RawDepthSummary } from '@chartroom/contracts/raw-depth';
import { useTranslation } from 'react-i18next';

const fixed = (n: number, digits: number) => n.toFixed(digits);

/** Point count, extent and depth range of a recognised XYZ/CSV file; "stored as is" otherwise. */
export function DepthSummary({ summary }: { summary: RawDepthSummary | null }) {
  const { t } = useTranslation('catalog');
  if (!summary)
    return (
      <Text size="xs" c="dimmed">
        {t('raw.unrecognised')}
      </Text>
    );
  const { bbox } = summary;
  return (
    <Text size="xs" c="dimmed" data-testid="depth-summary">
      {t('raw.points', { count: summary.pointCount })}
      {' · '}
      {t('raw.bbox', { minX: fixed(bbox.minX, 5), minY: fixed(bbox.minY, 5), maxX: fixed(bbox.maxX, 5), maxY: fixed(bbox.maxY, 5) })}
      {' · '}
      {t('raw.depths', { min: fixed(summary.minDepth, 2), max: fixed(summary.maxDepth, 2) })}
    </Text>
  );
}
