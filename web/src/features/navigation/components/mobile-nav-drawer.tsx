import { Box, Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthUser } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';
import { LanguageSwitch } from './language-switch';
import { RoleButtons } from './role-buttons';

/**
 * The navigation of narrow screens. Loaded on the first tap of the menu button: the drawer brings
 * Mantine's modal machinery (focus trap, scroll lock, portal), which no first page needs.
 */
export function MobileNavDrawer({ isOpen, onClose, onLogout }: { isOpen: boolean; onClose: () => void; onLogout: () => void }) {
  const { t } = useTranslation('nav');
  const user = useAuthUser();
  const paths = usePaths();
  return (
    <Drawer opened={isOpen} onClose={onClose} title={t('brand')} hiddenFrom="md" position="right" size="xs">
      <Stack gap="sm">
        {user && (
          <>
            <Text size="sm" c="dimmed">
              {t('signedInAs', { email: user.email })}
            </Text>
            <RoleButtons user={user} surface="drawer" onNavigate={onClose} />
            <Button variant="light" onClick={onLogout}>
              {t('logout')}
            </Button>
          </>
        )}
        {!user && (
          <Button component={Link} to={paths.login()} onClick={onClose}>
            {t('login')}
          </Button>
        )}
        <Divider />
        <Box>
          <LanguageSwitch onDark={false} />
        </Box>
      </Stack>
    </Drawer>
  );
}
