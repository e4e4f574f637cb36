import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AuthUser } from '@chartroom/contracts/auth';
import { canManageAgreement } from '@chartroom/contracts/policies/agreements.policy';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaths } from '../../../lib/locale';
import { useAgreements } from '../api/query-agreements';

/** The agreements the user supervises (read-only for them, but their new orders are theirs to approve), with links to each, its orders and its ledger; nothing when none. */
export function SupervisedAgreements({ user }: { user: AuthUser }) {
  const { t } = useTranslation('agreements');
  const paths = usePaths();
  const agreements = useAgreements();
  const supervised = (agreements.data ?? []).filter((a) => a.supervisorId === user.id && !canManageAgreement(user, a));
  if (supervised.length === 0) return null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('supervised.title')}>
      <Stack gap="sm">
        <Title order={4}>{t('supervised.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('supervised.hint')}
        </Text>
        {supervised.map((agreement) => (
          <Group key={agreement.id} gap="md" wrap="wrap">
            <Anchor component={Link} to={paths.agreement(agreement.id)} fw={600}>
              {agreement.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {agreement.distributor.title} · {t('fields.balance')}: {agreement.balance} {agreement.currency}
            </Text>
            <Anchor component={Link} to={paths.agreement(agreement.id, 'orders')} size="sm">
              {t('supervised.orders')}
            </Anchor>
            <Anchor component={Link} to={paths.transactions({ agreementId: agreement.id })} size="sm">
              {t('list.transactions')}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
