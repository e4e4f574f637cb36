import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale';
import { useRegister } from '../api/register';

type RegisterFormProps = {
  initialEmail: string;
  onRegistered: (email: string) => void;
  onForgot: (email: string) => void;
};

export function RegisterForm({ initialEmail, onRegistered, onForgot }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const registerMutation = useRegister();
  const locale = useLocale();
  const [email, setEmail] = useState(initialEmail);
  const canSubmit = email.trim() !== '' && !registerMutation.isPending;
  const isUserExist = registerMutation.error instanceof ApiError && registerMutation.error.code === 'user_exist';

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const trimmed = email.trim();
    registerMutation.mutate({ email: trimmed, locale }, { onSuccess: (result) => onRegistered(result.email || trimmed) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('registerHint')}
        </Text>
        {registerMutation.isError && (
          <ErrorAlert error={registerMutation.error} title={t('registerFailed')}>
            {isUserExist && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                ta="left"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => onForgot(email.trim())}
              >
                {t('forgotLink')}
              </Anchor>
            )}
          </ErrorAlert>
        )}
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Button type="submit" disabled={!canSubmit} loading={registerMutation.isPending} mt="xs">
          {t('submit.register')}
        </Button>
      </Stack>
    </form>
  );
}
