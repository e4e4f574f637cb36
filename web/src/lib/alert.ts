import { useSyncExternalStore } from 'react';

// The one page-level alert (spec §2 "Any route change clears the alert message"). Messages are
// translation keys, so the alert follows a language switch.
export type AlertMessage = {
  kind: 'error' | 'success' | 'info';
  /** A key with its namespace, e.g. 'common:guard.noRole'. */
  key: string;
  values?: Record<string, string | number>;
};

let current: AlertMessage | null = null;
const listeners = new Set<() => void>();

export function setAlert(message: AlertMessage | null): void {
  current = message;
  for (const listener of listeners) listener();
}

export function clearAlert(): void {
  if (current) setAlert(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAlert(): AlertMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Navigation state that carries an alert across a redirect (the route change clears the old one). */
export type AlertNavigationState = { alert?: AlertMessage };

export function readAlertState(state: unknown): AlertMessage | null {
  if (state && typeof state === 'object' && 'alert' in state) {
    const alert = (state as AlertNavigationState).alert;
    if (alert && typeof alert.key === 'string') return alert;
  }
  return null;
}
