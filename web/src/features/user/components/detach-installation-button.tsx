import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useDetachInstallation } from '../api/detach-installation';

/** Frees a device slot of the user's licence, after the user confirms it in a modal. */
export function DetachInstallationButton({
  licenseId,
  installationId,
  deviceId,
}: {
  licenseId: number;
  installationId: number;
  deviceId: string;
}) {
  const { t } = useTranslation('licensing');
  const [isOpen, modal] = useDisclosure(false);
  const detachMutation = useDetachInstallation();
  const handleClose = () => {
    detachMutation.reset();
    modal.close();
  };
  return (
    <>
      <Button size="compact-xs" variant="subtle" color="red" aria-label={t('devices.detachLabel', { deviceId })} onClick={modal.open}>
        {t('devices.detach')}
      </Button>
      <ConfirmModal
        opened={isOpen}
        title={t('devices.detachTitle', { deviceId })}
        confirmLabel={t('devices.detachConfirm')}
        isPending={detachMutation.isPending}
        onClose={handleClose}
        message={t('devices.detachExplain', { deviceId })}
        error={detachMutation.error}
        onConfirm={() => detachMutation.mutate({ licenseId, installationId }, { onSuccess: modal.close })}
      />
    </>
  );
}
