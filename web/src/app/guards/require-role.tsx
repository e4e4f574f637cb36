import type { Role } from '@chartroom/contracts/constants';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { AlertNavigationState } from '../../lib/alert';
import { hasRole, useAuthUser } from '../../lib/auth';
import { usePaths } from '../../lib/locale';

/**
 * Spec §6: a role route needs a signed-in user (else the login form, target kept); a user without
 * the role goes to that role's registration, or home with a message when the role cannot be
 * self-registered. The server stays the authority; this only routes.
 */
export function RequireRole({ role }: { role: Role }) {
  const user = useAuthUser();
  const location = useLocation();
  const paths = usePaths();
  const target = location.pathname + location.search;

  if (!user) return <Navigate replace to={paths.login(target)} />;
  if (hasRole(user, role)) return <Outlet />;
  return <MissingRoleRedirect role={role} />;
}

/**
 * Where a signed-in user without `role` goes: that role's registration, or home with a message.
 * Also for a page open to more people (an agreement its supervisor reads) that turns out not to be theirs.
 */
export function MissingRoleRedirect({ role }: { role: Role }) {
  const user = useAuthUser();
  const location = useLocation();
  const paths = usePaths();
  const target = location.pathname + location.search;
  if (role === 'provider') return <Navigate replace to={paths.providerRegistration(target)} />;
  if (role === 'distributor') return <Navigate replace to={paths.distributorRegistration(target)} />;
  // Registering as a distributor also grants the agreements area and the order desk.
  const isDistributorArea = role === 'distributor2' || role === 'order-manager';
  if (isDistributorArea && !hasRole(user, 'distributor')) return <Navigate replace to={paths.distributorRegistration(target)} />;
  const state: AlertNavigationState = { alert: { kind: 'info', key: `common:guard.noRole.${role}` } };
  return <Navigate replace to={paths.home()} state={state} />;
}
