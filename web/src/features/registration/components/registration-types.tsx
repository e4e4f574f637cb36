import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePaths } from '../../../lib/locale';
import type { RegType } from '../../../lib/paths';

const regTypes = ['user', 'provider', 'distributor'] as const satisfies readonly RegType[];

export function isRegType(value: string | null): value is RegType {
  return (regTypes as readonly string[]).includes(value ?? '');
}

/** The three ways to join, the chosen one (`?regtype=`) highlighted. */
export function RegistrationTypes({ selected }: { selected: RegType | null }) {
  const { t } = useTranslation('registration');
  const paths = usePaths();
  const hrefs: Record<RegType, string> = {
    user: paths.signUp(),
    provider: paths.providerRegistration(),
    distributor: paths.distributorRegistration(),
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {regTypes.map((type) => {
        const isSelected = type === selected;
        return (
          <Card
            key={type}
            withBorder
            padding="lg"
            shadow={isSelected ? 'md' : 'xs'}
            style={isSelected ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
            component="section"
            aria-labelledby={`regtype-${type}`}
          >
            <Stack gap="sm" h="100%">
              <Title order={3} id={`regtype-${type}`}>
                {t(`types.${type}.title`)}
              </Title>
              {isSelected && (
                <Badge variant="light" w="fit-content">
                  {t('selected')}
                </Badge>
              )}
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {t(`types.${type}.text`)}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`types.${type}.requirement`)}
              </Text>
              <Button component={Link} to={hrefs[type]} variant={isSelected ? 'filled' : 'light'}>
                {t(`types.${type}.action`)}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
