import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginBody, type LoginBody } from '@chartroom/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
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
  // The server's loginBody: e-mail and password both required.
  const form = useForm<z.input<typeof loginBody>, unknown, LoginBody>({
    resolver: zodResolver(loginBody),
    defaultValues: { username: initialEmail, password: '' },
  });
  const email = form.watch('username') ?? '';
  const password = form.watch('password') ?? '';
  const disabledReason = loginMutation.isPending
    ? null
    : email.trim() === ''
      ? t('reasons.email')
      : password === ''
        ? t('reasons.password')
        : null;

  const handleSubmit = form.handleSubmit((values) => loginMutation.mutate(values));

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {loginMutation.isError && <ErrorAlert error={loginMutation.error} title={t('loginFailed')} />}
        <TextInput label={t('email')} type="email" autoComplete="username" {...form.register('username')} data-autofocus />
        <PasswordInput label={t('password')} autoComplete="current-password" {...form.register('password')} />
        <Group justify="space-between" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(email)}>
            {t('forgotLink')}
          </Anchor>
          <SubmitWithReason loading={loginMutation.isPending} disabledReason={disabledReason}>
            {t('submit.login')}
          </SubmitWithReason>
        </Group>
      </Stack>
    </form>
  );
}
