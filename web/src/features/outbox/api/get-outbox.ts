import { outboxList, type OutboxMessage } from '@chartroom/contracts/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How often an open outbox looks for new mail. */
export const OUTBOX_REFRESH_MS = 2000;

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (email: string) => [...outboxKeys.all, email] as const,
};

/** The demo outbox: mail the server would have sent. 404 when real SMTP delivery is configured. */
export async function getOutbox(email: string): Promise<OutboxMessage[]> {
  const result = await apiRequest('/api/dev/outbox', { query: { email: email || undefined }, schema: outboxList });
  return result.messages;
}

export function outboxQueryOptions(email: string) {
  return queryOptions({
    queryKey: outboxKeys.list(email),
    queryFn: () => getOutbox(email),
    staleTime: 0,
    // Mail is sent by background jobs (the reset link, notices): the open outbox shows it as it
    // arrives. No polling once the server says real SMTP delivery is configured (404).
    refetchInterval: (query) => (query.state.error ? false : OUTBOX_REFRESH_MS),
  });
}

export function useOutbox(email: string) {
  return useQuery(outboxQueryOptions(email));
}
