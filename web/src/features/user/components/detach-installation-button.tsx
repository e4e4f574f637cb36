import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/error-message';
import { useDetachInstallation } from '../api/detach-installation';

/** Frees a device slot of the user's licence. */
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
  const toMessage = useErrorMessage();
  const detachMutation = useDetachInstallation();
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="red"
      loading={detachMutation.isPending}
      aria-label={t('devices.detachLabel', { deviceId })}
      title={detachMutation.isError ? toMessage(detachMutation.error) : undefined}
      onClick={() => detachMutation.mutate({ licenseId, installationId })}
    >
      {t('devices.detach')}
    </Button>
  );
}
