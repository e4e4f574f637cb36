import { registerResult, type RegisterResult } from '@chartroom/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type RegisterInput = { email: string; repassword?: boolean };

/** Registration and the password reminder are one call; the server mails the (new) password. */
export function register({ email, repassword }: RegisterInput): Promise<RegisterResult> {
  const body = repassword ? { email, repassword: true } : { email, userType: 'user' };
  return apiRequest('/auth/register', { method: 'POST', body, schema: registerResult });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
