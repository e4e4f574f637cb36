import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { usePaths } from '../../../lib/locale';
import { isSafeNext } from '../../../lib/paths';
import { useLogin } from '../api/login';

type LoginFormProps = {
  initialEmail: string;
  next?: string | null | undefined;
  onForgot: (email: string) => void;
};

export function LoginForm({ initialEmail, next, onForgot }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const paths = usePaths();
  const navigate = useNavigate();
  const loginMutation = useLogin({
    onLoggedIn: () => void navigate(isSafeNext(next ?? null) ? (next as string) : paths.user()),
  });
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const canSubmit = email.trim() !== '' && password !== '' && !loginMutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    loginMutation.mutate({ username: email.trim(), password });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {loginMutation.isError && <ErrorAlert error={loginMutation.error} title={t('loginFailed')} />}
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          data-autofocus
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="space-between" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(email)}>
            {t('forgotLink')}
          </Anchor>
          <Button type="submit" disabled={!canSubmit} loading={loginMutation.isPending}>
            {t('submit.login')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
