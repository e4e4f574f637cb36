import type { ChartComparison } from '@chartroom/contracts/charts';
import { ChosenFiles } from '../../../components/ui/chosen-files';
import { Button, FileInput, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useAddEnc } from '../api/add-enc';
import { useUploadProgress } from '../lib/use-upload-progress';
import { UploadProgress } from './upload-progress';

type S57UploadFormProps = { gcId: number; onUploaded: (comparison: ChartComparison) => void };

/** Base cells, updates, CATALOG.031 and TXT/TIF, or one zipped exchange set; then the review. */
export function S57UploadForm({ gcId, onUploaded }: S57UploadFormProps) {
  const { t } = useTranslation('charts');
  const [files, setFiles] = useState<File[]>([]);
  const progress = useUploadProgress();
  const addEnc = useAddEnc();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return;
    progress.start();
    addEnc.mutate(
      { gcid: gcId, files, onProgress: progress.handleProgress },
      {
        onSuccess: (comparison) => {
          progress.finish();
          setFiles([]);
          // Done stays in view for a moment before the review opens.
          timer.current = window.setTimeout(() => onUploaded(comparison), 800);
        },
        onError: progress.fail,
      },
    );
  };

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="sm">
        <FileInput
          label={t('s57.filesLabel')}
          description={t('s57.filesHint')}
          placeholder={t('s57.filesPlaceholder')}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': t('common:clear') }}
          value={files}
          onChange={setFiles}
          data-testid="s57-files"
        />
        <ChosenFiles files={files} />
        <Group>
          <Button type="submit" disabled={files.length === 0} loading={addEnc.isPending}>
            {t('s57.upload')}
          </Button>
        </Group>
        <UploadProgress percent={progress.percent} phase={progress.phase} />
        {addEnc.isError && <ErrorAlert error={addEnc.error} title={t('upload.failed')} />}
      </Stack>
    </form>
  );
}
