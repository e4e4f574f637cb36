import { authUser, type AuthUser, type ChangePasswordBody } from '@chartroom/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeUser } from '../../../lib/auth';

/** Changes the password; every other session ends, and this one continues with the new token. */
export function changePassword(body: ChangePasswordBody): Promise<AuthUser> {
  // A wrong current password answers 401: shown on the form, not taken for an ended session.
  return apiRequest('/auth/change-password', { method: 'POST', body, schema: authUser, isLoginCall: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (user) => storeUser(user) });
}
