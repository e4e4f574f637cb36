import type { AuthUser } from '@chartroom/contracts/auth';
import type { Role } from '@chartroom/contracts/constants';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { storeUser } from '../../lib/auth';
import { RequireRole } from './require-role';

function Here({ name }: { name: string }) {
  const location = useLocation();
  const alert = (location.state as { alert?: { key: string } } | null)?.alert?.key;
  return <p>{`${name} at ${location.pathname}${location.search}${alert ? ` (${alert})` : ''}`}</p>;
}

const routes = (role: Role) => [
  { path: '/', element: <Here name="home" /> },
  { path: '/login', element: <Here name="login" /> },
  { path: '/provider/registration', element: <Here name="provider registration" /> },
  { path: '/distributor/registration', element: <Here name="distributor registration" /> },
  { path: '/area', element: <RequireRole role={role} />, children: [{ index: true, element: <Here name="the area" /> }] },
];

function signIn(...roles: Role[]): void {
  const user: AuthUser = {
    id: 1,
    token: 'token',
    email: 'mariner@example.org',
    roles: roles.map((name) => ({ name })) as AuthUser['roles'],
  };
  storeUser(user);
}

describe('RequireRole', () => {
  it('sends a visitor to the login form, keeping where they wanted to go', async () => {
    await renderRoutes(routes('provider'), '/area?tab=licenses');
    expect(await screen.findByText('login at /login?next=%2Farea%3Ftab%3Dlicenses')).toBeTruthy();
  });

  it('shows the area to a user with the role', async () => {
    signIn('user', 'provider');
    await renderRoutes(routes('provider'), '/area');
    expect(await screen.findByText('the area at /area')).toBeTruthy();
  });

  it('sends a user without the provider or distributor role to that registration', async () => {
    signIn('user');
    const { router, unmount } = await renderRoutes(routes('provider'), '/area');
    await waitFor(() => expect(router.state.location.pathname).toBe('/provider/registration'));
    expect(screen.getByText('provider registration at /provider/registration?next=%2Farea')).toBeTruthy();
    unmount();
    await renderRoutes(routes('distributor'), '/area');
    expect(await screen.findByText('distributor registration at /distributor/registration?next=%2Farea')).toBeTruthy();
  });

  it('sends a user without a role that cannot be self-registered home with a message', async () => {
    signIn('user', 'provider');
    await renderRoutes(routes('reseller'), '/area');
    expect(await screen.findByText('home at / (common:guard.noRole.reseller)')).toBeTruthy();
  });
});
