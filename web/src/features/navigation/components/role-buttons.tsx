import { Button } from '@mantine/core';
import type { AuthUser } from '@chartroom/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { hasRole } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';
import { areaHref, currentArea, hiddenWithoutRole, navAreas } from '../lib/areas';

type RoleButtonsProps = {
  user: AuthUser;
  /** Called after a button was used, e.g. to close the mobile drawer. */
  onNavigate?: () => void;
  /** 'header' sits on the navy bar; 'drawer' on a light background. */
  surface?: 'header' | 'drawer';
};

/** Filled for the current area, outlined for the user's other roles, greyed for the rest. */
export function RoleButtons({ user, onNavigate, surface = 'header' }: RoleButtonsProps) {
  const { t } = useTranslation('nav');
  const paths = usePaths();
  const { pathname } = useLocation();
  const active = currentArea(pathname);
  const onDark = surface === 'header';

  return navAreas.map((area) => {
    const label = t(`areas.${area}`);
    if (!hasRole(user, area)) {
      if (hiddenWithoutRole.includes(area)) return null;
      return (
        <Button
          key={area}
          size="xs"
          variant={onDark ? 'subtle' : 'default'}
          color={onDark ? 'gray' : undefined}
          disabled
          title={t('noRoleHint')}
          styles={onDark ? { root: { background: 'transparent', color: 'rgba(255,255,255,0.35)' } } : undefined}
        >
          {label}
        </Button>
      );
    }
    const isActive = area === active;
    return (
      <Button
        key={area}
        component={Link}
        to={areaHref(paths, area)}
        size="xs"
        variant={isActive ? (onDark ? 'white' : 'filled') : onDark ? 'outline' : 'outline'}
        color={onDark && !isActive ? 'gray.0' : undefined}
        aria-current={isActive ? 'page' : undefined}
        onClick={onNavigate}
      >
        {label}
      </Button>
    );
  });
}
