import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearStoredUser } from '../../../lib/auth';
import { usePaths } from '../../../lib/locale';

/**
 * Log out: go home, then forget the session and every cached answer. In this order, because a
 * guarded page that loses its user first would send the visitor to the login form instead.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const paths = usePaths();
  return () => {
    void Promise.resolve(navigate(paths.home())).then(() => {
      clearStoredUser();
      queryClient.clear();
    });
  };
}
