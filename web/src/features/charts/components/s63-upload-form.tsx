import { Alert, Button, FileInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useAddS63 } from '../api/add-s63';
import { useUploadProgress } from '../lib/use-upload-progress';
import { UploadProgress } from './upload-progress';

type S63UploadFormProps = { gcId: number };

/** Device key (the HW_ID the permits were issued for) and the exchange-set zip; both are needed. */
export function S63UploadForm({ gcId }: S63UploadFormProps) {
  const { t } = useTranslation('charts');
  const toMessage = useErrorMessage();
  const [deviceKey, setDeviceKey] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const progress = useUploadProgress();
  const addS63 = useAddS63();
  const canSubmit = deviceKey.trim() !== '' && file !== null;

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    progress.start();
    addS63.mutate(
      { geocontentId: gcId, deviceKey: deviceKey.trim(), file, onProgress: progress.handleProgress },
      { onSuccess: progress.finish, onError: progress.fail },
    );
  };

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label={t('s63.deviceKey')}
          description={t('s63.deviceKeyHint')}
          value={deviceKey}
          onChange={(event) => setDeviceKey(event.currentTarget.value)}
          required
        />
        <FileInput
          label={t('s63.zip')}
          placeholder={t('s63.zipPlaceholder')}
          accept=".zip,application/zip"
          value={file}
          onChange={setFile}
          clearable
          clearButtonProps={{ 'aria-label': t('common:clear') }}
          required
          data-testid="s63-file"
        />
        <Button type="submit" disabled={!canSubmit} loading={addS63.isPending} w="fit-content">
          {t('s63.upload')}
        </Button>
        <UploadProgress percent={progress.percent} phase={progress.phase} />
        {addS63.isSuccess && (
          <Alert color="teal" variant="light">
            {t('s63.uploaded')}
          </Alert>
        )}
        {addS63.isError && (
          <Alert color="red" variant="light" role="alert" title={t('s63.failed')}>
            {toMessage(addS63.error)}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
