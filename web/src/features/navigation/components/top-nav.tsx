import { Box, Burger, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogout } from '../../auth/lib/use-logout';
import { useAuthUser } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';
import { BrandLink } from './brand-link';
import { LanguageSwitch } from './language-switch';
import { RoleButtons } from './role-buttons';

export function TopNav() {
  const { t } = useTranslation('nav');
  const user = useAuthUser();
  const paths = usePaths();
  const handleLogout = useLogout();
  const [isDrawerOpen, drawer] = useDisclosure(false);

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
        onClick={drawer.toggle}
        color="white"
        size="sm"
        aria-label={t('menu')}
      />
      <Drawer opened={isDrawerOpen} onClose={drawer.close} title={t('brand')} hiddenFrom="md" position="right" size="xs">
        <Stack gap="sm">
          {user && (
            <>
              <Text size="sm" c="dimmed">
                {t('signedInAs', { email: user.email })}
              </Text>
              <RoleButtons user={user} surface="drawer" onNavigate={drawer.close} />
              <Button variant="light" onClick={handleDrawerLogout}>
                {t('logout')}
              </Button>
            </>
          )}
          {!user && (
            <Button component={Link} to={paths.login()} onClick={drawer.close}>
              {t('login')}
            </Button>
          )}
          <Divider />
          <Box>
            <LanguageSwitch onDark={false} />
          </Box>
        </Stack>
      </Drawer>
    </Group>
  );
}
