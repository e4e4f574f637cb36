import { zodResolver } from '@hookform/resolvers/zod';
import { NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { activateBody, type ActivateBody } from '@chartroom/contracts/activation';
import { limits, platformIds, platforms } from '@chartroom/contracts/constants';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { SubmitWithReason } from '../../../components/ui/submit-with-reason';
import { useActivatableApplicationTypes } from '../../application-types/api/activatable-application-types';
import { useActivateDevice } from '../api/activate-device';
import { ActivationResult } from './activation-result';

const platformName = (id: number) => platforms[id as keyof typeof platforms] ?? String(id);

/** Spec §2 device activation: device code, application, OS and months → an activation code. */
export function ActivationForm() {
  const { t } = useTranslation('activation');
  const activation = useActivateDevice();
  // The application types are the portal's data (issue 35): the enabled ones, with their platforms.
  const applicationTypes = useActivatableApplicationTypes();
  const types = applicationTypes.data ?? [];
  // The server's activateBody, checked as the user types.
  const form = useForm<z.input<typeof activateBody>, unknown, ActivateBody>({
    resolver: zodResolver(activateBody),
    mode: 'onChange',
    defaultValues: {
      deviceId: '',
      applicationTypeId: '',
      platformId: platformIds[0],
      durationMonths: limits.defaultActivationMonths,
    },
  });
  const { errors } = form.formState;
  // The first app is chosen once the list has come, as the constants' first one was before.
  const firstType = types[0];
  useEffect(() => {
    if (firstType && String(form.getValues('applicationTypeId') ?? '') === '') {
      form.setValue('applicationTypeId', firstType.id);
      if (firstType.platforms.length > 0 && !firstType.platforms.includes(Number(form.getValues('platformId'))))
        form.setValue('platformId', firstType.platforms[0]!);
    }
  }, [firstType, form]);
  const deviceId = String(form.watch('deviceId') ?? '');
  const chosenType = types.find((a) => String(a.id) === String(form.watch('applicationTypeId')));
  const applicationOptions = types.map((a) => ({ value: String(a.id), label: `${a.id} — ${a.name}` }));
  const platformOptions = (chosenType && chosenType.platforms.length > 0 ? chosenType.platforms : [...platformIds]).map((id) => ({
    value: String(id),
    label: platformName(id),
  }));
  const durationRange = t('fields.durationRange', { min: limits.activationMonthsMin, max: limits.activationMonthsMax });
  const disabledReason = activation.isPending
    ? null
    : deviceId.trim() === ''
      ? t('reasons.deviceId')
      : String(form.watch('applicationTypeId') ?? '') === ''
        ? t('reasons.application')
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
                  value={field.value === '' ? null : String(field.value)}
                  onChange={(value) => {
                    field.onChange(Number(value));
                    // A platform the chosen app does not run on gives way to its first one.
                    const chosen = types.find((a) => String(a.id) === value);
                    const platform = Number(form.getValues('platformId'));
                    if (chosen && chosen.platforms.length > 0 && !chosen.platforms.includes(platform))
                      form.setValue('platformId', chosen.platforms[0]!, { shouldValidate: true });
                  }}
                  allowDeselect={false}
                  error={applicationTypes.isError ? t('reasons.applicationsUnavailable') : undefined}
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
