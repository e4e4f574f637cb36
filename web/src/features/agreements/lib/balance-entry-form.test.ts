import { describe, expect, it } from 'vitest';
import { balanceEntryForm, newIdempotencyKey } from './balance-entry-form';

describe('balance entry form', () => {
  it('takes a positive top-up with an optional note and a signed adjustment with a reason', () => {
    expect(balanceEntryForm.safeParse({ kind: 'top-up', amount: '1500', reason: '' }).success).toBe(true);
    expect(balanceEntryForm.safeParse({ kind: 'adjustment', amount: '-99.50', reason: 'credit note' }).success).toBe(true);
    const negativeTopUp = balanceEntryForm.safeParse({ kind: 'top-up', amount: '-5', reason: '' });
    expect(negativeTopUp.error?.issues.map((i) => i.path)).toEqual([['amount']]);
    const noReason = balanceEntryForm.safeParse({ kind: 'adjustment', amount: '-5', reason: '  ' });
    expect(noReason.error?.issues.map((i) => i.path)).toEqual([['reason']]);
    expect(balanceEntryForm.safeParse({ kind: 'adjustment', amount: '0', reason: 'x' }).success).toBe(false);
    expect(balanceEntryForm.safeParse({ kind: 'top-up', amount: '1.005', reason: '' }).success).toBe(false);
  });

  it('makes 32-character keys that differ', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
