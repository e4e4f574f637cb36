import { AppShell, Box, Container } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { TopNav } from '../../features/navigation/components/top-nav';
import { navy } from '../../lib/brand';
import { AppAlert } from './app-alert';

/** Every screen except the map: the top navigation, the page alert and the page. */
export function AppLayout() {
  const { t } = useTranslation('common');
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header bg={navy} withBorder={false} c="white">
        <TopNav />
      </AppShell.Header>
      <AppShell.Main bg="var(--mantine-color-gray-0)" style={{ display: 'flex', flexDirection: 'column' }}>
        <Container size="lg" w="100%" py="xl" px="md" style={{ flex: 1 }}>
          <AppAlert />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
        <Box
          component="footer"
          py="md"
          ta="center"
          c="dimmed"
          fz="xs"
          bg="white"
          style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
        >
          {t('footer', { year: new Date().getFullYear() })}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
