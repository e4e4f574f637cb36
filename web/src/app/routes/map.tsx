import { Box, Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { navy } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';

/** The full-window chart map (no top navigation). A later issue puts the tile map here. */
export function MapRoute() {
  const { t } = useTranslation('provider');
  const paths = usePaths();
  const [searchParams] = useSearchParams();
  const taskId = searchParams.get('taskId');
  useDocumentTitle('provider:map.title');

  return (
    <Box
      h="100dvh"
      w="100vw"
      style={{
        background: `radial-gradient(circle at 30% 30%, #1b7fbf 0%, ${navy} 70%)`,
        color: 'white',
      }}
    >
      <Center h="100%">
        <Stack align="center" gap="sm" ta="center" p="lg">
          <Title order={2}>{t('map.title')}</Title>
          <Text c="gray.3" maw={480}>
            {t('map.placeholder')}
          </Text>
          {taskId && (
            <Text size="sm" c="gray.4">
              {t('map.task', { taskId })}
            </Text>
          )}
          <Button component={Link} to={paths.provider()} variant="white" mt="sm">
            {t('map.back')}
          </Button>
        </Stack>
      </Center>
    </Box>
  );
}
