import { Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { createDistributorQuery } from '@chartroom/contracts/providers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateDistributor } from '../api/create-distributor';

/** Spec §2/§5: the distributor title and the confirmation, or nothing is sent. */
export function DistributorRegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('distributor');
  const createMutation = useCreateDistributor();
  const [title, setTitle] = useState('');
  const [isConfirmed, setIsConfirmed] = useState(false);
  const isTitleValid = createDistributorQuery.safeParse({ title }).success;
  const canSubmit = isTitleValid && isConfirmed && !createMutation.isPending;
  const disabledReason =
    canSubmit || createMutation.isPending ? null : !isTitleValid ? t('registration.reasons.title') : t('registration.reasons.confirm');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    createMutation.mutate({ title: title.trim() }, { onSuccess: onRegistered });
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('registration.intro')}
          </Text>
          <TextInput
            label={t('registration.distributorTitle')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            required
          />
          <Checkbox
            label={t('registration.confirm')}
            checked={isConfirmed}
            onChange={(event) => setIsConfirmed(event.currentTarget.checked)}
          />
          {createMutation.isError && <ErrorAlert error={createMutation.error} title={t('registration.failed')} />}
          <SubmitWithReason loading={createMutation.isPending} w="fit-content" disabledReason={disabledReason}>
            {t('registration.submit')}
          </SubmitWithReason>
        </Stack>
      </form>
    </Paper>
  );
}
