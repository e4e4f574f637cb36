import { Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { useDeleteNavMessage } from '../api/delete-nav-message';
import { useNavMessages } from '../api/get-nav-messages';
import { MessageImage } from './message-image';
import { ActionsHeader } from '../../../components/ui/actions-header';

/** msg: messages from devices with text, position (6 decimals), thumbnails in a lightbox, remove. */
export function MsgTab({ gcid }: { gcid: number }) {
  const { t } = useTranslation('catalog');
  const list = useNavMessages(gcid);
  const remove = useDeleteNavMessage();
  const [lightbox, setLightbox] = useState<string | null>(null);

  if (list.isPending) return <PageLoader />;
  if (list.isError) return <ErrorAlert error={list.error} />;
  return (
    <Stack gap="md">
      {remove.isError && <ErrorAlert error={remove.error} />}
      {list.data.length === 0 ? (
        <Text c="dimmed">{t('msg.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table striped withTableBorder data-testid="msg-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('msg.date')}</Table.Th>
                <Table.Th>{t('msg.text')}</Table.Th>
                <Table.Th>{t('msg.latitude')}</Table.Th>
                <Table.Th>{t('msg.longitude')}</Table.Th>
                <Table.Th>{t('msg.images')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
                  <Table.Td>{m.text}</Table.Td>
                  <Table.Td ff="monospace">{m.latLng[0].toFixed(6)}</Table.Td>
                  <Table.Td ff="monospace">{m.latLng[1].toFixed(6)}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {m.images.map((image) => (
                        <MessageImage key={image.id} url={image.url} size={48} onOpen={() => setLightbox(image.url)} />
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <ConfirmButton
                      size="xs"
                      color="red"
                      variant="subtle"
                      question={t('msg.confirmRemove')}
                      confirmLabel={t('confirm.yes')}
                      loading={remove.isPending && remove.variables === m.id}
                      onConfirm={() => remove.mutate(m.id)}
                    >
                      {t('msg.remove')}
                    </ConfirmButton>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={lightbox !== null}
        onClose={() => setLightbox(null)}
        size="auto"
        centered
        title={t('msg.photo')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {lightbox && <MessageImage url={lightbox} size={480} isWhole />}
      </Modal>
    </Stack>
  );
}
