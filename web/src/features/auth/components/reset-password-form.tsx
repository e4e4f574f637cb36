import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/api-client';
import { usePaths } from '../../../lib/locale';
import { useResetPassword } from '../api/reset-password';
import { checkNewPassword, NewPasswordFields, type NewPasswordValue } from '../../../components/ui/new-password-fields';

/** The page the reset mail links to: the user chooses a new password and is signed in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('account');
  const paths = usePaths();
  const navigate = useNavigate();
  const resetMutation = useResetPassword({ onSignedIn: () => void navigate(paths.user()) });
  const [value, setValue] = useState<NewPasswordValue>({ password: '', confirm: '' });
  const [isTouched, setTouched] = useState(false);
  const isLinkDead = resetMutation.error instanceof ApiError && resetMutation.error.code === 'reset_link_invalid';
  const askAgain = (
    <Anchor component={Link} to={paths.login()} size="sm">
      {t('reset.askAgain')}
    </Anchor>
  );

  if (!token) {
    return (
      <Alert color="yellow" variant="light" role="status">
        <Stack gap={4}>
          <Text size="sm">{t('reset.noToken')}</Text>
          {askAgain}
        </Stack>
      </Alert>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (checkNewPassword(value) || resetMutation.isPending) return;
    resetMutation.mutate({ token, password: value.password });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {t('reset.hint')}
        </Text>
        {resetMutation.isError && (
          <ErrorAlert error={resetMutation.error} title={t('reset.failed')}>
            {isLinkDead && askAgain}
          </ErrorAlert>
        )}
        <NewPasswordFields
          value={value}
          onChange={setValue}
          isTouched={isTouched}
          labels={{ password: t('reset.password'), confirm: t('reset.confirm') }}
        />
        <Button type="submit" loading={resetMutation.isPending} mt="xs">
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
