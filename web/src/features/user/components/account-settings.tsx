import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './change-password-form';
import { MailLanguageSelect } from './mail-language-select';

/** The cabinet's account section: the language of e-mails and the password. */
export function AccountSettings() {
  const { t } = useTranslation('account');
  return (
    <Card withBorder padding="lg">
      <Stack gap="lg">
        <Title order={3}>{t('settings.title')}</Title>
        <MailLanguageSelect />
        <ChangePasswordForm />
      </Stack>
    </Card>
  );
}
