import type { Role } from '../constants.js';

/** Whom a policy decides for: the server's signed-in actor, or the web app's stored user. */
export interface PolicyUser {
  id: number;
  roles: readonly Role[];
}
