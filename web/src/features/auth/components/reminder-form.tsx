import { Anchor, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useRegister } from '../api/register';

type ReminderFormProps = {
  initialEmail: string;
  onReminded: (email: string) => void;
  onBack: () => void;
};

export function ReminderForm({ initialEmail, onReminded, onBack }: ReminderFormProps) {
  const { t } = useTranslation('auth');
  const reminderMutation = useRegister();
  const [email, setEmail] = useState(initialEmail);
  const canSubmit = email.trim() !== '' && !reminderMutation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const trimmed = email.trim();
    reminderMutation.mutate({ email: trimmed, repassword: true }, { onSuccess: (result) => onReminded(result.email || trimmed) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('reminderHint')}
        </Text>
        {reminderMutation.isError && <ErrorAlert error={reminderMutation.error} title={t('reminderFailed')} />}
        <TextInput
          label={t('email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Group justify="space-between" mt="xs">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            {t('backToLogin')}
          </Anchor>
          <SubmitWithReason
            loading={reminderMutation.isPending}
            disabledReason={canSubmit || reminderMutation.isPending ? null : t('reasons.email')}
          >
            {t('submit.repassword')}
          </SubmitWithReason>
        </Group>
      </Stack>
    </form>
  );
}
