import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UserInstallation, UserInvitation } from '@chartroom/contracts/agreements';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { DateText } from '../../../components/ui/date-text';
import { useNotify } from '../../../lib/notify';
import { useAnswerInvitation, useMyInvitations } from '../api/my-invitations';
import { applicationName, platformName } from '../lib/device-names';

/**
 * The user's pending invitations to distributors' agreements (issue 34): accept one choosing the
 * devices that join it, or decline. Nothing when there are none.
 */
export function AgreementInvitations() {
  const { t } = useTranslation('agreements');
  const invitations = useMyInvitations();
  const pending = invitations.data?.invitations ?? [];
  if (pending.length === 0) return null;
  const devices = invitations.data?.installations ?? [];

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('invitations.title')}>
      <Stack gap="md">
        <Group gap="xs">
          <Title order={4}>{t('invitations.title')}</Title>
          <Badge variant="light">{pending.length}</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('invitations.hint')}
        </Text>
        {pending.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} devices={devices} />
        ))}
      </Stack>
    </Paper>
  );
}

function InvitationCard({ invitation, devices }: { invitation: UserInvitation; devices: UserInstallation[] }) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const answer = useAnswerInvitation();
  const [chosen, setChosen] = useState<string[]>([]);
  const names = { distributor: invitation.distributor.title, agreement: invitation.agreement.name };

  // Through the promise: an answered invitation's card is gone once the list is read again, and
  // mutate's own callbacks would then never run.
  const accept = () =>
    answer
      .mutateAsync({ id: invitation.id, verb: 'accept', body: { installationIds: chosen.map(Number) } })
      .then(() => notify.success(t('invitations.accepted', names)), notify.failure);
  const decline = () =>
    answer.mutateAsync({ id: invitation.id, verb: 'decline' }).then(() => notify.success(t('invitations.declined', names)), notify.failure);

  return (
    <Paper withBorder p="sm" radius="sm" component="article" aria-label={t('invitations.cardLabel', names)}>
      <Stack gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {t('invitations.from', names)}
        </Text>
        <Text size="sm" c="dimmed">
          {t('invitations.validTill')} <DateText value={invitation.agreement.validTill} /> · {t('invitations.sent')}{' '}
          <DateText value={invitation.createdAt} />
        </Text>
        {devices.length === 0 ? (
          <Alert color="gray">{t('invitations.noDevices')}</Alert>
        ) : (
          <Checkbox.Group label={t('invitations.chooseDevices')} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={6}>
              {devices.map((device) => (
                <Checkbox
                  key={device.id}
                  value={String(device.id)}
                  label={
                    <Text size="sm" component="span" style={{ overflowWrap: 'anywhere' }}>
                      {device.shipName ?? device.deviceCode} · {applicationName(device.applicationTypeId ?? device.appId)} ·{' '}
                      {platformName(device.platformId)}
                      {device.shipName ? ` · ${device.deviceCode}` : ''}
                    </Text>
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group gap="sm">
          <Button onClick={accept} disabled={chosen.length === 0} loading={answer.isPending && answer.variables?.verb === 'accept'}>
            {t('invitations.accept')}
          </Button>
          <ConfirmButton
            variant="default"
            question={t('invitations.declineQuestion', names)}
            confirmLabel={t('invitations.decline')}
            onConfirm={decline}
            loading={answer.isPending && answer.variables?.verb === 'decline'}
          >
            {t('invitations.decline')}
          </ConfirmButton>
        </Group>
      </Stack>
    </Paper>
  );
}
