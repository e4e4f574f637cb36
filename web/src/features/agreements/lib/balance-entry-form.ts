import { adjustBody, topUpBody } from '@chartroom/contracts/agreements';
import { z } from 'zod';

export const balanceEntryKinds = ['top-up', 'adjustment'] as const;

/**
 * The top-up / adjustment form: the server's own body schemas (topUpBody, adjustBody) decide whether
 * the amount and the reason are valid for the chosen kind.
 */
export const balanceEntryForm = z
  .object({ kind: z.enum(balanceEntryKinds), amount: z.string(), reason: z.string() })
  .superRefine((values, ctx) => {
    const schema = values.kind === 'top-up' ? topUpBody : adjustBody;
    const reason = values.reason.trim();
    const parsed = schema.safeParse({ agreementId: 1, amount: values.amount.trim(), ...(reason ? { reason } : {}) });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'amount' || field === 'reason') ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
export type BalanceEntryForm = z.infer<typeof balanceEntryForm>;

export const emptyBalanceEntryForm: BalanceEntryForm = { kind: 'top-up', amount: '', reason: '' };

/** A fresh Idempotency-Key (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
