import type { TransactionsQueryBody } from '@chartroom/contracts/agreements';

export const agreementKeys = {
  all: ['agreements'] as const,
  list: () => [...agreementKeys.all, 'list'] as const,
  detail: (id: number) => [...agreementKeys.all, 'detail', id] as const,
  users: (agreementId: number) => [...agreementKeys.all, 'users', agreementId] as const,
  limits: (agreementId: number) => [...agreementKeys.all, 'limits', agreementId] as const,
  transactions: (query: TransactionsQueryBody) => [...agreementKeys.all, 'transactions', query] as const,
  distributors: () => [...agreementKeys.all, 'distributors'] as const,
  members: () => [...agreementKeys.all, 'members'] as const,
  invitations: () => [...agreementKeys.all, 'invitations'] as const,
};
