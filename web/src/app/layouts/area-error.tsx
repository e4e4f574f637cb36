import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePaths } from '../../lib/locale';

/**
 * The error boundary of one area (guest pages, a cabinet, the map): a failure there keeps the
 * navigation and the other areas usable.
 */
export function AreaError() {
  const { t } = useTranslation('common');
  const paths = usePaths();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;

  const handleReload = () => window.location.reload();

  return (
    <Paper withBorder p="xl" role="alert">
      <Stack gap="sm">
        <Title order={3}>{t('areaError.title')}</Title>
        <Text c="dimmed">{t('areaError.text')}</Text>
        {import.meta.env.DEV && detail && <Code block>{detail}</Code>}
        <Group>
          <Button onClick={handleReload}>{t('areaError.reload')}</Button>
          <Button variant="default" component={Link} to={paths.home()}>
            {t('areaError.home')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
