import type { S100Dataset } from '@chartroom/contracts/s100';
import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChosenFiles } from '../../../components/ui/chosen-files';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError } from '../../../lib/api-client';
import { useErrorMessage } from '../../../lib/error-message';
import { useAddS100 } from '../api/add-s100';
import { useS100Datasets } from '../api/get-s100-datasets';
import { useUploadProgress } from '../lib/use-upload-progress';
import { formatEditionUpdate } from './chart-table';
import { UploadProgress } from './upload-progress';

const dash = '—';

/** [w, s, e, n] as "w … e, s … n" in degrees, three decimals. */
function formatBBox(bbox: S100Dataset['bbox']): string {
  if (!bbox) return dash;
  const [w, s, e, n] = bbox.map((v) => v.toFixed(3));
  return `${w} … ${e}, ${s} … ${n}`;
}

/** The file a refused upload names (`body.files.<NAME>`): a name, not a text to translate. */
function refusedFile(error: unknown): string | null {
  const path = error instanceof ApiError ? error.details?.[0]?.path : undefined;
  return path?.startsWith('body.files.') ? path.slice('body.files.'.length) : null;
}

function featureTotal(features: S100Dataset['features']): number | null {
  return features ? Object.values(features).reduce((sum, n) => sum + n, 0) : null;
}

/** The catalogue's S-100 sub-tab: upload S-101/S-102/S-104/S-111 datasets (or a zip) and their list. */
export function S100Tab({ gcid: gcId }: { gcid: number }) {
  const { t } = useTranslation('charts');
  const toMessage = useErrorMessage();
  const datasets = useS100Datasets(gcId);
  const [files, setFiles] = useState<File[]>([]);
  const progress = useUploadProgress();
  const addS100 = useAddS100();

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return;
    progress.start();
    addS100.mutate(
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
    <Stack gap="md" data-testid="s100-tab">
      <Paper withBorder p="md">
        <form onSubmit={handleSubmit}>
          <Stack gap="sm">
            <FileInput
              label={t('s100.filesLabel')}
              description={t('s100.filesHint')}
              placeholder={t('s100.filesPlaceholder')}
              multiple
              clearable
              value={files}
              onChange={setFiles}
            />
            <ChosenFiles files={files} />
            <Group>
              <Button type="submit" disabled={files.length === 0} loading={addS100.isPending}>
                {t('s100.upload')}
              </Button>
            </Group>
            <UploadProgress percent={progress.percent} phase={progress.phase} />
            {addS100.isError && (
              <Alert color="red" variant="light" role="alert" title={t('upload.failed')}>
                {refusedFile(addS100.error) ? `${refusedFile(addS100.error)}: ` : ''}
                {toMessage(addS100.error)}
              </Alert>
            )}
          </Stack>
        </form>
      </Paper>
      {datasets.isPending && <PageLoader />}
      {datasets.isError && <ErrorAlert error={datasets.error} />}
      {datasets.data &&
        (datasets.data.datasets.length > 0 ? (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid="s100-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('s100.product')}</Table.Th>
                  <Table.Th>{t('list.name')}</Table.Th>
                  <Table.Th>{t('list.editionUpdate')}</Table.Th>
                  <Table.Th>{t('s100.issueDate')}</Table.Th>
                  <Table.Th>{t('s100.features')}</Table.Th>
                  <Table.Th>{t('s100.extent')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {datasets.data.datasets.map((d) => {
                  const total = featureTotal(d.features);
                  return (
                    <Table.Tr key={d.id}>
                      <Table.Td>{d.product}</Table.Td>
                      <Table.Td>
                        <Text fw={500} size="sm">
                          {d.name}
                        </Text>
                        {d.title && (
                          <Text size="xs" c="dimmed">
                            {d.title}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{formatEditionUpdate(d.edition, d.update)}</Table.Td>
                      <Table.Td>{d.issueDate}</Table.Td>
                      <Table.Td
                        title={
                          d.features
                            ? Object.entries(d.features)
                                .map(([type, n]) => `${type}: ${n}`)
                                .join('\n')
                            : undefined
                        }
                      >
                        {total === null ? dash : t('s100.featureCount', { count: total, types: Object.keys(d.features ?? {}).length })}
                      </Table.Td>
                      <Table.Td>{formatBBox(d.bbox)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            {t('s100.empty')}
          </Text>
        ))}
    </Stack>
  );
}
