import { Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UploadPhase } from '../lib/use-upload-progress';

type UploadProgressProps = { percent: number; phase: UploadPhase };

/** The percentage while sending, then done (spec §4); a failure shows only its reason, not a stuck bar. */
export function UploadProgress({ percent, phase }: UploadProgressProps) {
  const { t } = useTranslation('charts');
  if (phase === 'idle' || phase === 'failed') return null;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="upload-progress">
      <Progress value={percent} flex={1} color={phase === 'done' ? 'teal' : 'blue'} animated={phase === 'sending'} />
      <Text size="sm" w={90} ta="right">
        {phase === 'done' ? t('upload.done') : `${percent}%`}
      </Text>
    </Group>
  );
}
