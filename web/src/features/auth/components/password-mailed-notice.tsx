import { Alert, Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaths } from '../../../lib/locale';

export type MailedReason = 'registered' | 'reminded';

/** The password went out by e-mail; in the demo it lands in the outbox page. */
export function PasswordMailedNotice({ reason, email }: { reason: MailedReason; email: string }) {
  const { t } = useTranslation('auth');
  const paths = usePaths();
  return (
    <Alert color="teal" variant="light" role="status" title={t(`mailed.${reason}.title`)}>
      <Text size="sm">{t(`mailed.${reason}.text`, { email })}</Text>
      <Anchor component={Link} to={paths.outbox(email)} size="sm">
        {t('mailed.outboxLink')}
      </Anchor>
    </Alert>
  );
}
