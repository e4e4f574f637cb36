import { Button, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { activationApplicationIds, activationApplications, limits, platformIds, platforms } from '@chartroom/contracts/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
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
  const [deviceId, setDeviceId] = useState('');
  const [applicationTypeId, setApplicationTypeId] = useState<string | null>(String(activationApplicationIds[0]));
  const [platformId, setPlatformId] = useState<string | null>(String(platformIds[0]));
  const [durationMonths, setDurationMonths] = useState<number | string>(limits.defaultActivationMonths);

  const months = typeof durationMonths === 'number' ? durationMonths : Number.parseInt(durationMonths, 10);
  const isMonthsValid = Number.isInteger(months) && months >= limits.activationMonthsMin && months <= limits.activationMonthsMax;
  const canSubmit = deviceId.trim() !== '' && applicationTypeId !== null && platformId !== null && isMonthsValid && !activation.isPending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    activation.mutate({
      deviceId: deviceId.trim(),
      applicationTypeId: Number(applicationTypeId),
      platformId: Number(platformId),
      durationMonths: months,
    });
  };

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.deviceId')}
            description={t('fields.deviceIdHint')}
            value={deviceId}
            onChange={(event) => setDeviceId(event.currentTarget.value)}
            required
            autoComplete="off"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('fields.application')}
              data={applicationOptions}
              value={applicationTypeId}
              onChange={setApplicationTypeId}
              allowDeselect={false}
            />
            <Select label={t('fields.platform')} data={platformOptions} value={platformId} onChange={setPlatformId} allowDeselect={false} />
            <NumberInput
              label={t('fields.duration')}
              min={limits.activationMonthsMin}
              max={limits.activationMonthsMax}
              allowDecimal={false}
              value={durationMonths}
              onChange={setDurationMonths}
              error={
                isMonthsValid ? undefined : t('fields.durationRange', { min: limits.activationMonthsMin, max: limits.activationMonthsMax })
              }
            />
          </SimpleGrid>
          {activation.isError && <ErrorAlert error={activation.error} title={t('failed')} />}
          {activation.isSuccess && <ActivationResult result={activation.data} />}
          <Button type="submit" disabled={!canSubmit} loading={activation.isPending} w="fit-content">
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
