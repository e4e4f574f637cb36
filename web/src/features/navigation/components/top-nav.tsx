import { Burger, Button, Divider, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../../lib/use-logout';
import { useAuthUser } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { RoleButtons } from './role-buttons';

const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer').then((m) => ({ default: m.MobileNavDrawer })));

export function TopNav() {
  const { t } = useTranslation('nav');
  const user = useAuthUser();
  const paths = usePaths();
  const handleLogout = useLogout();
  const [isDrawerOpen, drawer] = useDisclosure(false);
  // The drawer's code is fetched on the first open and kept mounted afterwards for its transitions.
  const [wasDrawerOpened, setWasDrawerOpened] = useState(false);

  const handleDrawerLogout = () => {
    drawer.close();
    handleLogout();
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md" component="nav" aria-label={t('mainNav')}>
      <BrandLink />

      {user && (
        <Group gap={6} visibleFrom="md" wrap="nowrap">
          <RoleButtons user={user} />
        </Group>
      )}

      <Group gap="sm" wrap="nowrap" visibleFrom="md">
        {user ? (
          <>
            <Text size="sm" c="gray.3" truncate maw={220} data-testid="nav-email">
              {user.email}
            </Text>
            <Button size="xs" variant="white" onClick={handleLogout}>
              {t('logout')}
            </Button>
          </>
        ) : (
          <Button size="xs" variant="white" component={Link} to={paths.login()}>
            {t('login')}
          </Button>
        )}
        <Divider orientation="vertical" color="rgba(255,255,255,0.25)" />
        <LanguageSwitch />
      </Group>

      <Burger
        hiddenFrom="md"
        opened={isDrawerOpen}
        onClick={() => {
          setWasDrawerOpened(true);
          drawer.toggle();
        }}
        color="white"
        size="sm"
        aria-label={t('menu')}
      />
      {wasDrawerOpened && (
        <Suspense fallback={null}>
          <MobileNavDrawer isOpen={isDrawerOpen} onClose={drawer.close} onLogout={handleDrawerLogout} />
        </Suspense>
      )}
    </Group>
  );
}
