import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clearAlert, useAlert } from '../../lib/alert';

const colors = { error: 'red', success: 'teal', info: 'ocean' } as const;

/** The page-level alert message; it is cleared by any route change. */
export function AppAlert() {
  const { t } = useTranslation();
  const alert = useAlert();
  if (!alert) return null;
  return (
    <Alert
      color={colors[alert.kind]}
      variant="light"
      withCloseButton
      onClose={clearAlert}
      closeButtonLabel={t('common:close')}
      role={alert.kind === 'error' ? 'alert' : 'status'}
      mb="lg"
    >
      {t(alert.key, alert.values)}
    </Alert>
  );
}
