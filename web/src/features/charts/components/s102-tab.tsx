import { ChosenFiles } from '../../../components/ui/chosen-files';
import { Button, FileInput, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useAddS102 } from '../api/add-s102';
import { useChartPage } from '../lib/use-chart-page';
import { useUploadProgress } from '../lib/use-upload-progress';
import { ChartPager } from './chart-pager';
import { S102Preview } from './s102-preview';
import { UploadProgress } from './upload-progress';

/** The catalogue's s102 sub-tab: upload and the list with depth previews. */
export function S102Tab({ gcid: gcId }: { gcid: number }) {
  const { t } = useTranslation('charts');
  const list = useChartPage(gcId, 's102');
  const { collection } = list;
  const [files, setFiles] = useState<File[]>([]);
  const progress = useUploadProgress();
  const addS102 = useAddS102();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return;
    progress.start();
    addS102.mutate(
      { gcid: gcId, files, onProgress: progress.handleProgress },
      {
        onSuccess: () => {
          progress.finish();
          setFiles([]);
        },
        onError: progress.fail,
      },
    );
  };

  return (
    <Stack gap="md" data-testid="s102-tab">
      <Paper withBorder p="md">
        <form onSubmit={handleSubmit}>
          <Stack gap="sm">
            <FileInput
              label={t('s102.filesLabel')}
              placeholder={t('s102.filesPlaceholder')}
              accept=".h5,.H5"
              multiple
              clearable
              clearButtonProps={{ 'aria-label': t('common:clear') }}
              value={files}
              onChange={setFiles}
            />
            <ChosenFiles files={files} />
            <Group>
              <Button type="submit" disabled={files.length === 0} loading={addS102.isPending}>
                {t('s102.upload')}
              </Button>
            </Group>
            <UploadProgress percent={progress.percent} phase={progress.phase} />
            {addS102.isError && <ErrorAlert error={addS102.error} title={t('upload.failed')} />}
          </Stack>
        </form>
      </Paper>
      {collection.isPending && <PageLoader />}
      {collection.isError && <ErrorAlert error={collection.error} />}
      {collection.data && (
        <ChartPager
          list={list}
          empty={
            <Text size="sm" c="dimmed">
              {t('s102.empty')}
            </Text>
          }
          renderLead={(c) => (c.previewUrl ? <S102Preview url={c.previewUrl} name={c.name} /> : '—')}
        />
      )}
    </Stack>
  );
}
