import { foundUser } from '@chartroom/contracts/agreements';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Finds the supervisor by e-mail; an unknown one answers `no_such_user` (POST …/get-user-by-email?email). */
export function getUserByEmail(email: string) {
  return apiRequest('/api/agreement/get-user-by-email', { method: 'POST', query: { email }, schema: foundUser });
}

export function useGetUserByEmail() {
  return useMutation({ mutationFn: getUserByEmail });
}
