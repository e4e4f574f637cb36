import { maxNtmDescriptionLength } from '@chartroom/contracts/ntm';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { FileUploadForm } from '../../../components/ui/file-upload-form';
import { useAddNtm } from '../api/add-ntm';
import { useDeleteNtm } from '../api/delete-ntm';
import { useNtms } from '../api/get-ntms';
import { useOpenNtm } from '../api/open-ntm';
import { ActionsHeader } from '../../../components/ui/actions-header';

/** ntm: upload a PDF with an optional description; the release date opens the PDF; remove. */
export function NtmTab({ gcid }: { gcid: number }) {
  const { t } = useTranslation('catalog');
  const list = useNtms(gcid);
  const add = useAddNtm(gcid);
  const remove = useDeleteNtm();
  const open = useOpenNtm();

  return (
    <Stack gap="md">
      <FileUploadForm
        fileLabel={t('ntm.file')}
        filePlaceholder={t('ntm.filePlaceholder')}
        accept="application/pdf,.pdf"
        state={add.state}
        maxDescriptionLength={maxNtmDescriptionLength}
        onUpload={add.send}
      />
      {(open.isError || remove.isError) && <ErrorAlert error={open.error ?? remove.error} />}
      {list.isPending ? (
        <PageLoader />
      ) : list.isError ? (
        <ErrorAlert error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed">{t('ntm.empty')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="ntm-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ntm.releaseDate')}</Table.Th>
              <Table.Th>{t('ntm.description')}</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => open.mutate(item.id)} title={`${item.id}.pdf`}>
                    {formatDateTime(item.addDate)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{item.description ?? ''}</Table.Td>
                <Table.Td ta="right">
                  <ConfirmButton
                    size="xs"
                    color="red"
                    variant="subtle"
                    question={t('ntm.confirmRemove')}
                    confirmLabel={t('confirm.yes')}
                    loading={remove.isPending && remove.variables === item.id}
                    onConfirm={() => remove.mutate(item.id)}
                  >
                    {t('ntm.remove')}
                  </ConfirmButton>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
