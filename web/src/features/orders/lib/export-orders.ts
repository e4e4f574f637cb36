import type { OrderWrapper } from '@chartroom/contracts/orders';
import { downloadCsv, toCsv } from '../../../lib/csv';
import { formatDate } from '../../../lib/dates';
import { queryOrders } from '../api/query-orders';
import type { OrderListFilters } from './order-filters';

/** At most this many pages of 40 go into one export (4000 orders). */
const maxPages = 100;

/** Every order the filters select (page after page, newest first), not only those scrolled into view. */
export async function fetchAllOrders(filters: OrderListFilters, agreementId: number | null): Promise<OrderWrapper[]> {
  const all: OrderWrapper[] = [];
  for (let pageNumber = 0; pageNumber < maxPages; pageNumber += 1) {
    const page = await queryOrders(filters, pageNumber, undefined, agreementId);
    all.push(...page.orders);
    if (!page.hasMore) break;
  }
  return all;
}

/** The orders as CSV: one line per order, its items as "product × months" joined by "; ". */
export function ordersCsv(entries: OrderWrapper[]): string {
  const header = ['id', 'createdAt', 'userEmail', 'shipName', 'status', 'paymentMethod', 'currency', 'priceTotal', 'agreement', 'items'];
  const rows = entries.map(({ order, shipName, agreement }) => [
    order.id,
    order.createdAt,
    order.user.email,
    shipName,
    order.status,
    order.paymentMethod,
    order.currency,
    order.priceTotal,
    agreement?.name ?? null,
    order.orderItems.map((item) => `${item.product} × ${item.duration}`).join('; '),
  ]);
  return toCsv(header, rows);
}

/** Downloads the filtered orders as `orders-[agreement-N-]YYYY-MM-DD.csv`. */
export async function exportOrders(filters: OrderListFilters, agreementId: number | null): Promise<void> {
  const entries = await fetchAllOrders(filters, agreementId);
  const scope = agreementId !== null ? `agreement-${agreementId}-` : '';
  downloadCsv(`orders-${scope}${formatDate(new Date())}.csv`, ordersCsv(entries));
}
