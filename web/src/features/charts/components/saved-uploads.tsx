import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSavedUploads } from '../api/get-saved-uploads';

type SavedUploadsProps = { gcId: number; onOpen: (guid: string) => void };

/** Uploads not yet applied (staged or kept with Save), with when they expire, so their review can be opened again. */
export function SavedUploads({ gcId, onOpen }: SavedUploadsProps) {
  const { t } = useTranslation('charts');
  const saved = useSavedUploads(gcId);
  if (!saved.data || saved.data.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('saved.title')}
      </Text>
      {saved.data.map((upload) => (
        <Group key={upload.guid} gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => onOpen(upload.guid)}>
            {t('saved.item', { date: formatDateTime(upload.createdAt) ?? '', count: upload.chartCount })}
          </Anchor>
          {upload.expiresAt && (
            <Text size="xs" c="dimmed">
              {t('saved.expires', { date: formatDateTime(upload.expiresAt) ?? '' })}
            </Text>
          )}
          {!upload.hasChanges && (
            <Text size="xs" c="dimmed">
              {t('review.noChanges')}
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}
