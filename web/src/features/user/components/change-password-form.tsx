import { Alert, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useChangePassword } from '../../auth/api/change-password';
import { checkNewPassword, NewPasswordFields, type NewPasswordValue } from '../../../components/ui/new-password-fields';

/** Password change in the cabinet: every other session of the account ends. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const changeMutation = useChangePassword();
  const [current, setCurrent] = useState('');
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirm: '' });
  const [isTouched, setTouched] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (!current || checkNewPassword(value) || changeMutation.isPending) return;
    changeMutation.mutate(
      { currentPassword: current, newPassword: value.password },
      {
        onSuccess: () => {
          setCurrent('');
          setValue({ password: '', confirm: '' });
          setTouched(false);
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        <Title order={4}>{t('settings.password.title')}</Title>
        {changeMutation.isSuccess && (
          <Alert color="teal" variant="light" role="status">
            {t('settings.password.changed')}
          </Alert>
        )}
        {changeMutation.isError && <ErrorAlert error={changeMutation.error} title={t('settings.password.failed')} />}
        <PasswordInput
          label={t('settings.password.current')}
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.currentTarget.value)}
        />
        <NewPasswordFields
          value={value}
          onChange={setValue}
          isTouched={isTouched}
          labels={{ password: t('settings.password.new'), confirm: t('settings.password.confirm') }}
        />
        <Button type="submit" loading={changeMutation.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('settings.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
