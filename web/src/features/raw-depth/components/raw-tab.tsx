import { maxRawDepthDescriptionLength } from '@chartroom/contracts/raw-depth';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { FileUploadForm } from '../../../components/ui/file-upload-form';
import { useAddRawDepth } from '../api/add-raw-depth';
import { useDeleteRawDepth } from '../api/delete-raw-depth';
import { useRawDepths } from '../api/get-raw-depths';
import { useSetRawDepthPublished } from '../api/set-raw-depth-published';
import { DepthSummary } from './depth-summary';
import { ActionsHeader } from '../../../components/ui/actions-header';

/** raw: upload a depth file; list with number, date, file name, description, Publish/Hide, Delete. */
export function RawTab({ gcid }: { gcid: number }) {
  const { t } = useTranslation('catalog');
  const list = useRawDepths(gcid);
  const add = useAddRawDepth(gcid);
  const toggle = useSetRawDepthPublished();
  const remove = useDeleteRawDepth();

  return (
    <Stack gap="md">
      <FileUploadForm
        fileLabel={t('raw.file')}
        filePlaceholder={t('raw.filePlaceholder')}
        state={add.state}
        maxDescriptionLength={maxRawDepthDescriptionLength}
        onUpload={add.send}
      />
      {(toggle.isError || remove.isError) && <ErrorAlert error={toggle.error ?? remove.error} />}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t('raw.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder data-testid="raw-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('raw.number')}</Table.Th>
                <Table.Th>{t('raw.created')}</Table.Th>
                <Table.Th>{t('raw.filename')}</Table.Th>
                <Table.Th>{t('raw.description')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item, index) => (
                <Table.Tr key={item.id} data-testid={`raw-row-${item.id}`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{formatDateTime(item.timestamp)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.filename}
                    </Text>
                    <DepthSummary summary={item.summary} />
                  </Table.Td>
                  <Table.Td>{item.description ?? ''}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="wrap">
                      <Badge variant="light" color={item.isPublished ? 'teal' : 'gray'}>
                        {item.isPublished ? t('raw.published') : t('raw.hidden')}
                      </Badge>
                      <Button
                        size="xs"
                        variant="light"
                        loading={toggle.isPending && toggle.variables?.rdid === item.id}
                        onClick={() => toggle.mutate({ rdid: item.id, isPublished: !item.isPublished })}
                      >
                        {item.isPublished ? t('raw.hide') : t('raw.publish')}
                      </Button>
                      <ConfirmButton
                        size="xs"
                        color="red"
                        variant="subtle"
                        question={t('raw.confirmDelete')}
                        confirmLabel={t('confirm.yes')}
                        loading={remove.isPending && remove.variables === item.id}
                        onConfirm={() => remove.mutate(item.id)}
                      >
                        {t('raw.delete')}
                      </ConfirmButton>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
