import { Button, FileInput, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadState } from '../../lib/use-upload-with-progress';
import { ChosenFiles } from './chosen-files';
import { UploadStatus } from './upload-status';

type FileUploadFormProps = {
  fileLabel: string;
  /** What to choose, shown in the empty input (for example "Choose a PDF file"). */
  filePlaceholder: string;
  accept?: string;
  state: UploadState;
  /** The server's limit for the description: a longer one is named before sending. */
  maxDescriptionLength: number;
  onUpload: (file: File, description: string) => Promise<boolean>;
};

/** One file with an optional description, and the upload's progress under it. */
export function FileUploadForm({ fileLabel, filePlaceholder, accept, state, maxDescriptionLength, onUpload }: FileUploadFormProps) {
  const { t } = useTranslation('catalog');
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const isSending = state.status === 'sending';
  const isDescriptionTooLong = description.trim().length > maxDescriptionLength;

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || isSending || isDescriptionTooLong) return;
    if (await onUpload(file, description.trim())) {
      setFile(null);
      setDescription('');
    }
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label={fileLabel}
              placeholder={filePlaceholder}
              value={file}
              onChange={setFile}
              accept={accept}
              clearable
              clearButtonProps={{ 'aria-label': t('common:clear') }}
              w={{ base: '100%', sm: 280 }}
              data-testid="upload-file"
            />
            <TextInput
              label={t('upload.description')}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              error={isDescriptionTooLong ? t('upload.descriptionTooLong', { count: maxDescriptionLength }) : undefined}
              w={{ base: '100%', sm: 320 }}
            />
            <Button type="submit" disabled={!file || isDescriptionTooLong} loading={isSending}>
              {t('upload.submit')}
            </Button>
          </Group>
          <ChosenFiles files={file ? [file] : []} />
          <UploadStatus state={state} />
        </Stack>
      </form>
    </Paper>
  );
}
