import { authUser, type AuthUser } from '@chartroom/contracts/auth';
import type { Role } from '@chartroom/contracts/constants';
import type { PolicyUser } from '@chartroom/contracts/policies/policy-user';
import { useSyncExternalStore } from 'react';

// The signed-in user lives in localStorage (spec §3 "Auth user (stored locally)") so a reload keeps
// the session; components read it through useAuthUser() and re-render when it changes.
const storageKey = 'chartroom.user';
const listeners = new Set<() => void>();
let cached: { raw: string | null; user: AuthUser | null } = { raw: null, user: null };

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

export function getStoredUser(): AuthUser | null {
  const raw = readStorage();
  if (raw === cached.raw) return cached.user;
  let user: AuthUser | null = null;
  if (raw) {
    try {
      const parsed = authUser.safeParse(JSON.parse(raw));
      user = parsed.success ? parsed.data : null;
    } catch {
      user = null;
    }
  }
  cached = { raw, user };
  return user;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function storeUser(user: AuthUser): void {
  window.localStorage.setItem(storageKey, JSON.stringify(user));
  notify();
}

export function clearStoredUser(): void {
  window.localStorage.removeItem(storageKey);
  notify();
}

export function getStoredToken(): string | null {
  return getStoredUser()?.token ?? null;
}

/** The server may slide the session: a `new-token` header replaces the token, keeping the rest. */
export function replaceStoredToken(token: string): void {
  const user = getStoredUser();
  if (user && user.token !== token) storeUser({ ...user, token });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const handleStorage = (event: StorageEvent) => {
    if (event.key === storageKey) listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

export function useAuthUser(): AuthUser | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}

export function hasRole(user: AuthUser | null, role: Role): boolean {
  return user?.roles.some((entry) => entry.name === role) ?? false;
}

/** The user as the contracts' policies take it (`@chartroom/contracts/policies/*`), the server's rules. */
export function policyUserOf(user: AuthUser | null): PolicyUser | null {
  return user ? { id: user.id, roles: user.roles.map((entry) => entry.name) } : null;
}
