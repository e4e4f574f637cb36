import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { AuthUser } from '@chartroom/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canManageGeocontents } from '@chartroom/contracts/policies/geocontents.policy';
import { hasRole, policyUserOf } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';

/** Shown instead of the sign-in box to a signed-in visitor. */
export function WelcomeCard({ user }: { user: AuthUser }) {
  const { t } = useTranslation('home');
  const paths = usePaths();
  return (
    <Paper withBorder shadow="sm" p="lg" component="section" aria-labelledby="welcome-title">
      <Stack gap="sm">
        <Title order={3} id="welcome-title">
          {t('welcome.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('welcome.text', { email: user.email })}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={paths.user()}>
            {t('welcome.toCabinet')}
          </Button>
          {canManageGeocontents(policyUserOf(user)) && (
            <Button component={Link} to={paths.provider()} variant="light">
              {t('welcome.toProvider')}
            </Button>
          )}
          {hasRole(user, 'distributor') && (
            <Button component={Link} to={paths.distributor()} variant="light">
              {t('welcome.toDistributor')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
