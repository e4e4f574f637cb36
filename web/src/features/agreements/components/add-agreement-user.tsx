import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput } from '@mantine/core';
import { emailQuery, type UserForAgreement } from '@chartroom/contracts/agreements';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateText } from '../../../components/ui/date-text';
import { emailErrorText } from '../../../lib/email-error';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useGetUserForAgreement } from '../api/get-user-for-agreement';
import { useInviteUser } from '../api/invite-user';
import { applicationName, platformName } from '../lib/device-names';

const findForm = z.object({ email: emailQuery.shape.email });
type FindForm = z.input<typeof findForm>;

/**
 * Add a user by e-mail (spec §2 agreement Users tab), with the user's consent (issue 34): the
 * distributor invites; the user accepts in the cabinet and chooses the devices that join. Until then
 * only the invitation's state is shown, never the user's devices.
 */
export function AddAgreementUser({ agreementId }: { agreementId: number }) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const findUser = useGetUserForAgreement();
  const inviteMutation = useInviteUser();
  const [found, setFound] = useState<UserForAgreement | null>(null);
  const form = useForm<FindForm>({ resolver: zodResolver(findForm), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const handleFind = form.handleSubmit(async ({ email }) => {
    setFound(null);
    try {
      setFound(await findUser.mutateAsync({ email, agreementId }));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'no_such_user') {
        form.setError('email', { type: 'manual', message: t('errors:no_such_user') });
      } else {
        notify.failure(error);
      }
    }
  });

  const handleInvite = () => {
    if (!found) return;
    inviteMutation.mutate(
      { agreementId, email: found.email },
      {
        onSuccess: (result) => {
          notify.success(t('users.invited', { email: result.email }));
          setFound(result);
        },
        onError: notify.failure,
      },
    );
  };

  const status = found?.invitation?.status ?? null;
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
        <Text size="sm" c="dimmed">
          {t('users.consentHint')}
        </Text>
        {found && (
          <Stack gap="xs" aria-live="polite">
            {found.installations.length > 0 && (
              <>
                <Text size="sm">{t('users.consentedDevices', { email: found.email })}</Text>
                <List size="sm">
                  {found.installations.map((inst) => (
                    <List.Item key={inst.id} style={{ overflowWrap: 'anywhere' }}>
                      #{inst.id} · {applicationName(inst.applicationTypeId ?? inst.appId)} · {platformName(inst.platformId)} ·{' '}
                      {inst.deviceCode}
                      {inst.shipName ? ` · ${inst.shipName}` : ''}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
            {status === null && found.installations.length === 0 && (
              <Alert color="blue" title={t('users.notInvitedTitle', { email: found.email })}>
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('users.notInvitedText')}</Text>
                  <Button onClick={handleInvite} loading={inviteMutation.isPending}>
                    {t('users.invite')}
                  </Button>
                </Stack>
              </Alert>
            )}
            {status === 'pending' && (
              <Alert color="yellow" title={t('users.pendingTitle', { email: found.email })}>
                <Text size="sm">
                  {t('users.pendingText')} <DateText value={found.invitation?.createdAt} />
                </Text>
              </Alert>
            )}
            {status === 'declined' && (
              <Alert color="gray" title={t('users.declinedTitle', { email: found.email })}>
                <Text size="sm">{t('users.declinedText')}</Text>
              </Alert>
            )}
            <Group>
              <Button variant="default" onClick={() => setFound(null)}>
                {t('users.close')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
