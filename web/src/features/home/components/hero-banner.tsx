import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { navy } from '../../../lib/brand';
import { usePaths } from '../../../lib/locale';
import { CatalogueFigures } from './catalogue-figures';

export function HeroBanner() {
  const { t } = useTranslation('home');
  const paths = usePaths();
  return (
    <Box
      p={{ base: 'lg', sm: 'xl' }}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        color: 'white',
        background: `linear-gradient(135deg, ${navy} 0%, #0f5a94 60%, #1b7fbf 100%)`,
      }}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm" maw={640}>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {t('hero.title')}
          </Title>
          <Text c="gray.2" size="lg">
            {t('hero.text')}
          </Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to={paths.activation()} variant="white">
              {t('hero.activate')}
            </Button>
            <Button component={Link} to={paths.registration()} variant="outline" color="gray.0">
              {t('hero.registration')}
            </Button>
          </Group>
        </Stack>
        <CatalogueFigures />
      </SimpleGrid>
    </Box>
  );
}
