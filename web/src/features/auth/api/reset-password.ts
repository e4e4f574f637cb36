import { authUser, type AuthUser, type ResetPasswordBody } from '@chartroom/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeUser } from '../../../lib/auth';

/** Sets the password chosen on the reset page; the answer signs the user in. */
export function resetPassword(body: ResetPasswordBody): Promise<AuthUser> {
  return apiRequest('/auth/reset-password', { method: 'POST', body, schema: authUser, isLoginCall: true });
}

export function useResetPassword({ onSignedIn }: { onSignedIn?: (user: AuthUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (user) => {
      queryClient.clear();
      storeUser(user);
      onSignedIn?.(user);
    },
  });
}
