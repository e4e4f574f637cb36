import type { Locale } from '@chartroom/contracts/constants';
import { setLocaleBody, type SetLocaleBody } from '@chartroom/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { profileKeys } from './get-profile';

/** The language the user's mail goes out in. */
export function setMailLocale(locale: Locale): Promise<SetLocaleBody> {
  return apiRequest('/users/locale', { method: 'POST', body: { locale }, schema: setLocaleBody });
}

export function useSetMailLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMailLocale,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
