import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { email as emailSchema } from '@chartroom/contracts/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { emailErrorText } from '../../../lib/email-error';
import { ApiError } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale';
import { useRegister } from '../api/register';

type RegisterFormProps = {
  initialEmail: string;
  onRegistered: (email: string) => void;
  onForgot: (email: string) => void;
};

// The e-mail rule of the server's registerBody, checked before anything is sent.
const registerForm = z.object({ email: emailSchema });

export function RegisterForm({ initialEmail, onRegistered, onForgot }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const registerMutation = useRegister();
  const locale = useLocale();
  const form = useForm<z.input<typeof registerForm>, unknown, z.output<typeof registerForm>>({
    resolver: zodResolver(registerForm),
    mode: 'onTouched',
    defaultValues: { email: initialEmail },
  });
  const email = form.watch('email') ?? '';
  const { errors } = form.formState;
  const isUserExist = registerMutation.error instanceof ApiError && registerMutation.error.code === 'user_exist';
  const disabledReason = registerMutation.isPending
    ? null
    : email.trim() === ''
      ? t('reasons.email')
      : errors.email
        ? t('reasons.fixEmail')
        : null;

  const handleSubmit = form.handleSubmit((values) => {
    registerMutation.mutate({ email: values.email, locale }, { onSuccess: (result) => onRegistered(result.email || values.email) });
  });

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
                onClick={() => onForgot(String(email).trim())}
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
          {...form.register('email')}
          error={emailErrorText(t, email, errors.email, t('errors.email'))}
        />
        <SubmitWithReason loading={registerMutation.isPending} mt="xs" disabledReason={disabledReason}>
          {t('submit.register')}
        </SubmitWithReason>
      </Stack>
    </form>
  );
}
