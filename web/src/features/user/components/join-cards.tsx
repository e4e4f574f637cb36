import { Button, Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { AuthUser } from '@chartroom/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { hasRole } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';

/** Invitations to become a provider or a distributor, for roles the user does not hold yet. */
export function JoinCards({ user }: { user: AuthUser }) {
  const { t } = useTranslation('user');
  const paths = usePaths();
  const offers = [
    { role: 'provider' as const, href: paths.providerRegistration() },
    { role: 'distributor' as const, href: paths.distributorRegistration() },
  ].filter((offer) => !hasRole(user, offer.role));
  if (offers.length === 0) return null;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {offers.map((offer) => (
        <Card key={offer.role} withBorder padding="lg">
          <Title order={4}>{t(`join.${offer.role}.title`)}</Title>
          <Text size="sm" c="dimmed" mt={4} mb="md">
            {t(`join.${offer.role}.text`)}
          </Text>
          <Button component={Link} to={offer.href} variant="light" w="fit-content">
            {t(`join.${offer.role}.action`)}
          </Button>
        </Card>
      ))}
    </SimpleGrid>
  );
}
