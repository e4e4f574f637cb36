import type { Role } from '@chartroom/contracts/constants';

/**
 * What an onRequest guard asks of a caller, so the OpenAPI document can say it without each route
 * repeating it (plugins/openapi.ts reads it): the security scheme, the roles it needs, and whether a
 * request without credentials is let through (a guest may redeem an activation code).
 */
export interface RouteGuard {
  scheme: 'bearer' | 'deviceToken';
  roles?: readonly Role[];
  optional?: boolean;
}

const guards = new WeakMap<object, RouteGuard>();

/** Marks a hook as a guard; returns the hook itself. */
export function describeGuard<F extends object>(hook: F, guard: RouteGuard): F {
  guards.set(hook, guard);
  return hook;
}

/** The guards among a route's hooks (a hook, a list of hooks, or none). */
export function guardsOf(hooks: unknown): RouteGuard[] {
  const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  return list.flatMap((h) => {
    const guard = typeof h === 'function' ? guards.get(h) : undefined;
    return guard ? [guard] : [];
  });
}
