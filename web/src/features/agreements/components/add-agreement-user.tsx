import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { emailQuery } from '@chartroom/contracts/agreements';
import type { UserInstallation } from '@chartroom/contracts/agreements';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { emailErrorText } from '../../../lib/email-error';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useAddUserInst } from '../api/add-user-inst';
import { useGetUserForAgreement } from '../api/get-user-for-agreement';
import { applicationName, platformName } from '../lib/device-names';

const findForm = z.object({ email: emailQuery.shape.email });
type FindForm = z.input<typeof findForm>;
type Found = { userId: number; email: string; installations: UserInstallation[] };

/** Add a user by e-mail, then pick one of the user's installations (spec §2 agreement Users tab). */
export function AddAgreementUser({ agreementId }: { agreementId: number }) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const findUser = useGetUserForAgreement();
  const addMutation = useAddUserInst();
  const [found, setFound] = useState<Found | null>(null);
  const [installationId, setInstallationId] = useState<string | null>(null);
  const form = useForm<FindForm>({ resolver: zodResolver(findForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const handleFind = form.handleSubmit(async ({ email }) => {
    setFound(null);
    setInstallationId(null);
    try {
      const result = await findUser.mutateAsync({ email, agreementId });
      if (result.installations.length === 0) {
        form.setError('email', { type: 'manual', message: t('errors:no_installations') });
        return;
      }
      setFound(result);
      setInstallationId(String(result.installations[0]?.id ?? ''));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (code === 'no_such_user' || code === 'no_installations') {
        form.setError('email', { type: 'manual', message: t(`errors:${code}`) });
      } else {
        notify.failure(error);
      }
    }
  });

  const handleAdd = () => {
    if (!found || !installationId) return;
    addMutation.mutate(
      { agreementId, userId: found.userId, installationId: Number(installationId) },
      {
        onSuccess: () => {
          notify.success(t('users.added', { email: found.email }));
          setFound(null);
          form.reset();
        },
        onError: notify.failure,
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <form onSubmit={handleFind} noValidate aria-label={t('users.addTitle')}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('users.email')}
              type="email"
              style={{ flex: '1 1 220px' }}
              {...form.register('email')}
              error={emailErrorText(t, form.watch('email'), errors.email, t('form.emailInvalid'))}
            />
            <Button type="submit" variant="light" loading={isSubmitting}>
              {t('users.find')}
            </Button>
          </Group>
        </form>
        {found && (
          <Stack gap="xs">
            <Radio.Group label={t('users.chooseInstallation', { email: found.email })} value={installationId} onChange={setInstallationId}>
              <Stack gap={6} mt={6}>
                {found.installations.map((inst) => (
                  <Radio
                    key={inst.id}
                    value={String(inst.id)}
                    label={
                      <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
                        #{inst.id} · {applicationName(inst.applicationTypeId ?? inst.appId)} · {platformName(inst.platformId)} ·{' '}
                        {inst.deviceCode}
                        {inst.shipName ? ` · ${inst.shipName}` : ''}
                      </Text>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group>
              <Button onClick={handleAdd} loading={addMutation.isPending} disabled={!installationId}>
                {t('users.add')}
              </Button>
              <Button variant="default" onClick={() => setFound(null)}>
                {t('form.cancel')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
