import type { Role } from '@chartroom/contracts/constants';
import type { Paths } from '../../../lib/paths';
import { stripLocale } from '../../../lib/paths';

/** The cabinets reachable from the top navigation, in display order. */
export const navAreas = ['user', 'provider', 'distributor', 'distributor2', 'order-manager', 'admin'] as const satisfies readonly Role[];
/** Areas shown only to those who hold the role (no greyed button for everyone else). */
export const hiddenWithoutRole: readonly NavArea[] = ['admin'];
export type NavArea = (typeof navAreas)[number];

export function areaHref(paths: Paths, area: NavArea): string {
  switch (area) {
    case 'user':
      return paths.user();
    case 'provider':
      return paths.provider();
    case 'distributor':
      return paths.distributor();
    case 'distributor2':
      return paths.distributor2();
    case 'order-manager':
      return paths.orderManager();
    case 'admin':
      return paths.adminApplicationTypes();
  }
}

/** Which cabinet a path belongs to; registration pages are part of the user's own area. */
export function currentArea(pathname: string): NavArea | null {
  const path = stripLocale(pathname);
  if (path.startsWith('/provider/registration') || path.startsWith('/distributor/registration')) return 'user';
  const first = path.split('/')[1] ?? '';
  return (navAreas as readonly string[]).includes(first) ? (first as NavArea) : null;
}
