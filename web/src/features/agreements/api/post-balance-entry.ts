import { transaction, type Transaction } from '@chartroom/contracts/agreements';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

export type BalanceEntryInput = {
  kind: 'top-up' | 'adjustment';
  agreementId: number;
  amount: string;
  reason: string;
  /** One key per entry the user means: a retry of the same submission sends the same key. */
  idempotencyKey: string;
};

/** POST /api/agreement/top-up or /api/agreement/adjust with an Idempotency-Key. */
export function postBalanceEntry({ kind, agreementId, amount, reason, idempotencyKey }: BalanceEntryInput): Promise<Transaction> {
  const trimmed = reason.trim();
  return apiRequest(kind === 'top-up' ? '/api/agreement/top-up' : '/api/agreement/adjust', {
    body: { agreementId, amount, ...(trimmed ? { reason: trimmed } : {}) },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: transaction,
  });
}

export function usePostBalanceEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBalanceEntry,
    // The balance shows on the agreement; the row on the transactions screen.
    onSuccess: (_row, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agreementKeys.detail(input.agreementId) }),
        queryClient.invalidateQueries({ queryKey: [...agreementKeys.all, 'transactions'] }),
      ]),
  });
}
