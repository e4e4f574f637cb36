import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { activateBody, type ActivateBody } from '@chartroom/contracts/activation';
import { activationApplicationIds, activationApplications, limits, platformIds, platforms } from '@chartroom/contracts/constants';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { useActivateDevice } from '../api/activate-device';
import { ActivationResult } from './activation-result';

const applicationOptions = activationApplicationIds.map((id) => ({
  value: String(id),
  label: `${id} — ${activationApplications[id]}`,
}));
const platformOptions = platformIds.map((id) => ({ value: String(id), label: platforms[id] }));

/** Spec §2 device activation: device code, application, OS and months → an activation code. */
export function ActivationForm() {
  const { t } = useTranslation('activation');
  const activation = useActivateDevice();
  // The server's activateBody, checked as the user types.
  const form = useForm<z.input<typeof activateBody>, unknown, ActivateBody>({
    resolver: zodResolver(activateBody),
    mode: 'onChange',
    defaultValues: {
      deviceId: '',
      applicationTypeId: activationApplicationIds[0],
      platformId: platformIds[0],
      durationMonths: limits.defaultActivationMonths,
    },
  });
  const { errors } = form.formState;
  const deviceId = String(form.watch('deviceId') ?? '');
  const durationRange = t('fields.durationRange', { min: limits.activationMonthsMin, max: limits.activationMonthsMax });
  const disabledReason = activation.isPending
    ? null
    : deviceId.trim() === ''
      ? t('reasons.deviceId')
      : errors.durationMonths
        ? durationRange
        : errors.deviceId || errors.applicationTypeId || errors.platformId
          ? t('reasons.check')
          : null;

  const handleSubmit = form.handleSubmit((values) => activation.mutate(values));

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.deviceId')}
            description={t('fields.deviceIdHint')}
            {...form.register('deviceId')}
            error={errors.deviceId ? t('reasons.deviceIdInvalid') : undefined}
            required
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={form.control}
              name="applicationTypeId"
              render={({ field }) => (
                <Select
                  label={t('fields.application')}
                  data={applicationOptions}
                  value={String(field.value)}
                  onChange={(value) => field.onChange(Number(value))}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="platformId"
              render={({ field }) => (
                <Select
                  label={t('fields.platform')}
                  data={platformOptions}
                  value={String(field.value)}
                  onChange={(value) => field.onChange(Number(value))}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="durationMonths"
              render={({ field }) => (
                <NumberInput
                  label={t('fields.duration')}
                  min={limits.activationMonthsMin}
                  max={limits.activationMonthsMax}
                  allowDecimal={false}
                  value={field.value as number | string}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.durationMonths ? durationRange : undefined}
                />
              )}
            />
          </SimpleGrid>
          {activation.isError && <ErrorAlert error={activation.error} title={t('failed')} />}
          {activation.isSuccess && <ActivationResult result={activation.data} />}
          <SubmitWithReason loading={activation.isPending} disabledReason={disabledReason} w="fit-content">
            {t('submit')}
          </SubmitWithReason>
        </Stack>
      </form>
    </Paper>
  );
}
