import { Button, Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { createDistributorQuery } from '@chartroom/contracts/providers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
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
          <Button type="submit" disabled={!canSubmit} loading={createMutation.isPending} w="fit-content">
            {t('registration.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
