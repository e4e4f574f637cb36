import { authUser, type AuthUser, type LoginBody } from '@chartroom/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearStoredUser, storeUser } from '../../../lib/auth';

export function login(body: LoginBody): Promise<AuthUser> {
  return apiRequest('/auth/login', { method: 'POST', body, schema: authUser, isLoginCall: true });
}

/**
 * Spec §4: success stores the user; a failure clears whatever session was there. `onLoggedIn` runs
 * with the mutation itself, because storing the user re-renders the page and unmounts the form.
 */
export function useLogin({ onLoggedIn }: { onLoggedIn?: (user: AuthUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.clear();
      storeUser(user);
      onLoggedIn?.(user);
    },
    onError: () => clearStoredUser(),
  });
}
