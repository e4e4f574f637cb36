import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useSwapInstallation } from '../../devices/api/swap-installation';

/** Self-service swap: the device stops receiving charts now and its slot is free for the new one. */
export function ReplaceDeviceButton({
  licenseId,
  installationId,
  deviceId,
}: {
  licenseId: number;
  installationId: number;
  deviceId: string;
}) {
  const { t } = useTranslation('devices');
  const [isOpen, modal] = useDisclosure(false);
  const { mutation: swap, refresh } = useSwapInstallation();

  const handleClose = () => {
    if (swap.isSuccess) void refresh();
    swap.reset();
    modal.close();
  };

  return (
    <>
      <Button size="compact-xs" variant="subtle" aria-label={t('replace.label', { deviceId })} onClick={modal.open}>
        {t('replace.button')}
      </Button>
      <Modal
        opened={isOpen}
        onClose={handleClose}
        title={t('replace.title', { deviceId })}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack gap="md">
          {swap.isSuccess ? (
            <Text role="status">{t('replace.done', { deviceId, count: swap.data.swapsLeft })}</Text>
          ) : (
            <Text size="sm">{t('replace.explain')}</Text>
          )}
          {swap.isError && <ErrorAlert error={swap.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {swap.isSuccess ? t('replace.close') : t('replace.cancel')}
            </Button>
            {!swap.isSuccess && (
              <Button color="red" loading={swap.isPending} onClick={() => swap.mutate({ licenseId, installationId })}>
                {t('replace.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
