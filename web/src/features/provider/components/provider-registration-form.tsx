import { Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { limits } from '@chartroom/contracts/constants';
import { createGeocontentQuery } from '@chartroom/contracts/providers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateProvider } from '../api/create-provider';

/** Spec §2/§5: content title (≥ 5), provider title and the confirmation, or nothing is sent. */
export function ProviderRegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('provider');
  const createMutation = useCreateProvider();
  const [gcTitle, setGcTitle] = useState('');
  const [providerTitle, setProviderTitle] = useState('');
  const [isConfirmed, setIsConfirmed] = useState(false);
  const isTitleValid = createGeocontentQuery.shape.gcTitle.safeParse(gcTitle).success;
  const isProviderTitleValid = providerTitle.trim() !== '';
  const canSubmit = isTitleValid && isProviderTitleValid && isConfirmed && !createMutation.isPending;
  const disabledReason =
    canSubmit || createMutation.isPending
      ? null
      : !isTitleValid
        ? t('registration.reasons.contentTitle', { min: limits.geocontentTitleMin })
        : !isProviderTitleValid
          ? t('registration.reasons.providerTitle')
          : t('registration.reasons.confirm');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    createMutation.mutate({ gcTitle: gcTitle.trim(), providerTitle: providerTitle.trim() }, { onSuccess: onRegistered });
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('registration.intro')}
          </Text>
          <TextInput
            label={t('registration.contentTitle')}
            description={t('registration.contentTitleHint', { min: limits.geocontentTitleMin })}
            value={gcTitle}
            onChange={(event) => setGcTitle(event.currentTarget.value)}
            error={gcTitle !== '' && !isTitleValid ? t('registration.contentTitleShort', { min: limits.geocontentTitleMin }) : undefined}
            required
          />
          <TextInput
            label={t('registration.providerTitle')}
            description={t('registration.providerTitleHint')}
            value={providerTitle}
            onChange={(event) => setProviderTitle(event.currentTarget.value)}
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
