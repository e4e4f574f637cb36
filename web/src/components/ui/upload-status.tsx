import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import type { UploadState } from '../../lib/use-upload-with-progress';

/** The percentage while sending, "done" after, or 'Upload failed' with the reason (spec §4, §8). */
export function UploadStatus({ state }: { state: UploadState }) {
  const { t } = useTranslation('catalog');
  if (state.status === 'idle') return null;
  if (state.status === 'sending') {
    return (
      <Group gap="sm" wrap="nowrap" role="status" aria-live="polite">
        <Progress value={state.percent} w={220} animated />
        <Text size="sm" data-testid="upload-percent">
          {state.percent}%
        </Text>
      </Group>
    );
  }
  if (state.status === 'done') {
    return (
      <Text size="sm" c="teal" role="status" data-testid="upload-done">
        {t('upload.done')}
      </Text>
    );
  }
  return <ErrorAlert error={state.error} title={t('upload.failed')} />;
}
