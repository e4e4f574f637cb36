import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messageResult, type MessageResult } from '@chartroom/contracts/auth';
import { apiRequest } from './api-client';
import { clearStoredUser, getStoredToken } from './auth';
import { usePaths } from './locale';

/** Ends the session on the server, so the stored token stops working even if it was copied. */
function logout(): Promise<MessageResult> {
  return apiRequest('/auth/logout', { method: 'POST', schema: messageResult, isLoginCall: true });
}

/**
 * Log out: end the session on the server, go home, then forget the session and every cached
 * answer. Home first, because a guarded page that loses its user first would send the visitor to
 * the login form instead. A failed server call (offline, already ended) still signs out here.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const paths = usePaths();
  return () => {
    const ended = getStoredToken() ? logout().catch(() => undefined) : Promise.resolve();
    void ended
      .then(() => navigate(paths.home()))
      .then(() => {
        clearStoredUser();
        queryClient.clear();
      });
  };
}
