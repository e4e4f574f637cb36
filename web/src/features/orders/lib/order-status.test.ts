import { describe, expect, it } from 'vitest';
import { formatStatus, hasLongSubscription, isProcessable } from './order-status';

describe('order status', () => {
  it('lets only new and owner_approved orders be processed or cancelled', () => {
    expect(isProcessable('new')).toBe(true);
    expect(isProcessable('owner_approved')).toBe(true);
    expect(isProcessable('complete')).toBe(false);
    expect(isProcessable('pre_order')).toBe(false);
    expect(isProcessable('cancelled_by_distirbutor')).toBe(false);
    expect(isProcessable('error')).toBe(false);
  });

  it('shows underscores as spaces', () => {
    expect(formatStatus('cancelled_by_distirbutor')).toBe('cancelled by distirbutor');
    expect(formatStatus('owner_approved')).toBe('owner approved');
    expect(formatStatus('new')).toBe('new');
  });

  it('warns about an item longer than six months, not about six', () => {
    expect(hasLongSubscription([{ duration: 6 }, { duration: 1 }])).toBe(false);
    expect(hasLongSubscription([{ duration: 1 }, { duration: 7 }])).toBe(true);
    expect(hasLongSubscription([])).toBe(false);
  });
});
