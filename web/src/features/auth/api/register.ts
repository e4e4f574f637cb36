import { registerResult, type RegisterResult } from '@chartroom/contracts/auth';
import type { Locale } from '@chartroom/contracts/constants';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RegisterInput = { email: string; repassword?: boolean; locale?: Locale };

/**
 * Registration and the password reminder are one call: registration mails a password (in the
 * language of the page it came from), the reminder a link to choose a new one.
 */
export function register({ email, repassword, locale }: RegisterInput): Promise<RegisterResult> {
  const body = repassword ? { email, repassword: true } : { email, userType: 'user', ...(locale ? { locale } : {}) };
  return apiRequest('/auth/register', { method: 'POST', body, schema: registerResult });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
