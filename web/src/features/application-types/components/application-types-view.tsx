import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ApplicationType, ManufacturerKeyInfo } from '@chartroom/contracts/application-types';
import { platforms } from '@chartroom/contracts/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsHeader } from '../../../components/ui/actions-header';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { useApplicationTypes } from '../api/application-types';
import { ApplicationTypeForm } from './application-type-form';
import { RotateKeysForm } from './rotate-keys-form';

type Dialog = { kind: 'create' } | { kind: 'edit'; current: ApplicationType } | { kind: 'rotate'; current: ApplicationType } | null;

const platformNames = (ids: number[]) => ids.map((id) => platforms[id as keyof typeof platforms] ?? String(id)).join(', ');

function KeyCell({ info, retired }: { info: ManufacturerKeyInfo | null; retired: number }) {
  const { t } = useTranslation('apptypes');
  if (!info)
    return (
      <Text size="sm" c="dimmed">
        {t('keys.none')}
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace">
        {t('keys.summary', { mId: info.mId, version: info.version })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('keys.setAt', { date: formatDateTime(info.setAt) })}
      </Text>
      {retired > 0 && (
        <Text size="xs" c="dimmed">
          {t('keys.retired', { count: retired })}
        </Text>
      )}
    </Stack>
  );
}

/** The portal admin's application types: the apps devices activate with, their platforms and manufacturers' keys. */
export function ApplicationTypesView() {
  const { t } = useTranslation('apptypes');
  const types = useApplicationTypes();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const title =
    dialog?.kind === 'create'
      ? t('create.title')
      : dialog?.kind === 'edit'
        ? t('edit.title', { name: dialog.current.name })
        : dialog?.kind === 'rotate'
          ? t('rotate.title', { name: dialog.current.name })
          : '';

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<Button onClick={() => setDialog({ kind: 'create' })}>{t('create.open')}</Button>}
      />
      {types.isPending && <PageLoader />}
      {types.isError && <ErrorAlert error={types.error} />}
      {types.isSuccess &&
        (types.data.length === 0 ? (
          <EmptyState title={t('empty.title')} description={t('empty.text')} />
        ) : (
          <Table aria-label={t('table.label')} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('table.id')}</Table.Th>
                <Table.Th>{t('table.name')}</Table.Th>
                <Table.Th>{t('table.platforms')}</Table.Th>
                <Table.Th>{t('table.state')}</Table.Th>
                <Table.Th>{t('keys.s63')}</Table.Th>
                <Table.Th>{t('keys.s100')}</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {types.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.id}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{platformNames(a.platforms)}</Table.Td>
                  <Table.Td>
                    <Badge color={a.enabled ? 'green' : 'gray'}>{a.enabled ? t('state.enabled') : t('state.disabled')}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <KeyCell info={a.s63} retired={a.retiredKeys.filter((k) => k.standard === 's63').length} />
                  </Table.Td>
                  <Table.Td>
                    <KeyCell info={a.s100} retired={a.retiredKeys.filter((k) => k.standard === 's100').length} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="light"
                        aria-label={t('edit.label', { name: a.name })}
                        onClick={() => setDialog({ kind: 'edit', current: a })}
                      >
                        {t('edit.open')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="orange"
                        aria-label={t('rotate.label', { name: a.name })}
                        onClick={() => setDialog({ kind: 'rotate', current: a })}
                      >
                        {t('rotate.open')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <Modal opened={dialog !== null} onClose={close} title={title} size="lg" centered closeButtonProps={{ 'aria-label': t('form.close') }}>
        {dialog?.kind === 'create' && <ApplicationTypeForm onDone={close} />}
        {dialog?.kind === 'edit' && <ApplicationTypeForm current={dialog.current} onDone={close} />}
        {dialog?.kind === 'rotate' && <RotateKeysForm current={dialog.current} onDone={close} />}
      </Modal>
    </>
  );
}
