import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ChartComparison } from '@chartroom/contracts/charts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { S57UploadForm } from './s57-upload-form';
import { S63UploadForm } from './s63-upload-form';

type SourceChoiceProps = { gcId: number; onUploaded: (comparison: ChartComparison) => void };

/** With no chart collection yet: S-57 chart files or an S-63 zip archive. */
export function SourceChoice({ gcId, onUploaded }: SourceChoiceProps) {
  const { t } = useTranslation('charts');
  const [source, setSource] = useState<'s57' | 's63'>('s57');
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <Text fw={500}>{t('source.title')}</Text>
        <SegmentedControl
          w="fit-content"
          value={source}
          onChange={(value) => setSource(value === 's63' ? 's63' : 's57')}
          data={[
            { value: 's57', label: t('source.s57') },
            { value: 's63', label: t('source.s63') },
          ]}
        />
        {source === 's57' ? <S57UploadForm gcId={gcId} onUploaded={onUploaded} /> : <S63UploadForm gcId={gcId} />}
      </Stack>
    </Paper>
  );
}
