import { limits, processableOrderStatuses, type OrderStatus } from '@chartroom/contracts/constants';

/** Spec §4: only new and owner_approved orders can be processed or cancelled. */
export function isProcessable(status: OrderStatus): boolean {
  return (processableOrderStatuses as readonly OrderStatus[]).includes(status);
}

/** Spec §4: statuses are shown with underscores replaced by spaces. */
export function formatStatus(status: string): string {
  return status.replaceAll('_', ' ');
}

/** Spec §9: the badge shows when any item lasts more than 6 months. */
export function hasLongSubscription(items: readonly { duration: number }[]): boolean {
  return items.some((item) => item.duration > limits.longSubscriptionMonths);
}
