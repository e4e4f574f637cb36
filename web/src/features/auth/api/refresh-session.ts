import { authUser, type AuthUser } from '@chartroom/contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { storeUser } from '../../../lib/auth';

/** After gaining a role: a fresh session (token and roles) replaces the stored one. */
export async function refreshSession(): Promise<AuthUser> {
  const user = await apiRequest('/auth/refresh', { method: 'POST', body: {}, schema: authUser });
  storeUser(user);
  return user;
}
