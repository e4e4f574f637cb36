import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMapStatus } from '../api/get-map-status';

/**
 * A small notice over the map while the geocontent's cells are being prepared ("3 of 60 cells
 * ready"), and how many could not be; nothing once every cell is ready, or when the status cannot
 * be had (the map draws either way: a cell not yet prepared has its tiles made when asked for).
 */
export function MapStatusNotice({ gcid }: { gcid: number }) {
  const { t } = useTranslation('map');
  const status = useMapStatus(gcid);
  const data = status.data;
  if (!data || status.isError || data.cells === 0) return null;
  const isPreparing = !data.ready && data.pending > 0;
  if (!isPreparing && data.failed === 0) return null;
  const done = Math.max(0, data.cells - data.pending - data.failed);
  return (
    <Paper
      pos="absolute"
      bottom={36}
      left="50%"
      px="sm"
      py={4}
      shadow="sm"
      radius="md"
      role="status"
      data-testid="map-status"
      style={{ zIndex: 2, transform: 'translateX(-50%)', opacity: 0.92, pointerEvents: 'none' }}
    >
      {isPreparing && <Text size="xs">{t('status.preparing', { done, count: data.cells })}</Text>}
      {data.failed > 0 && (
        <Text size="xs" c="orange.8">
          {t('status.failed', { count: data.failed })}
        </Text>
      )}
    </Paper>
  );
}
