import { transactionList, type Transaction, type TransactionsQueryBody } from '@chartroom/contracts/agreements';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

/** The ledger rows matching the route's parameters (POST /api/agreement/transactions-query). */
export async function queryTransactions(body: TransactionsQueryBody): Promise<Transaction[]> {
  const result = await apiRequest('/api/agreement/transactions-query', { body, schema: transactionList });
  return result.transactions;
}

export function transactionsQueryOptions(body: TransactionsQueryBody) {
  return queryOptions({ queryKey: agreementKeys.transactions(body), queryFn: () => queryTransactions(body) });
}

export function useTransactions(body: TransactionsQueryBody) {
  return useQuery({ ...transactionsQueryOptions(body), placeholderData: keepPreviousData });
}
