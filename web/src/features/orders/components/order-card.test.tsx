// @vitest-environment jsdom
import type { OrderWrapper } from '@chartroom/contracts/orders';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OrderCard } from './order-card';

function makeEntry(overrides: Partial<OrderWrapper['order']> = {}): OrderWrapper {
  return {
    order: {
      id: 42,
      createdAt: '2026-11-23T10:00:00Z',
      user: { id: 7, email: 'skipper@ship.test' },
      orderItems: [
        { id: 1, product: 'NOAA', duration: 1, price: '120.00' },
        { id: 2, product: 'NHO', duration: 12, price: '3600.00' },
      ],
      paymentMethod: 'agreement',
      currency: 'RUB',
      priceTotal: '3720.00',
      status: 'new',
      errorReason: null,
      error: null,
      ...overrides,
    },
    shipName: 'MV Aurora',
    agreement: { agreementId: 3, name: 'Baltic Fleet', distributorName: 'Demo Chart Agency' },
  };
}

describe('an order on the desk', () => {
  afterEach(cleanup);

  it('shows the first item, expands to the rest, warns of the 12-month item and offers Process and Cancel', async () => {
    await renderWithProviders(<OrderCard entry={makeEntry()} onActionError={() => undefined} />);
    expect(screen.getByText('NOAA · 1 month')).toBeTruthy();
    expect(screen.queryByText('NHO · 12 months')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'and 1 more item' }));
    expect(screen.getByText('NHO · 12 months')).toBeTruthy();
    expect(screen.getByText('warning: long subscription!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baltic Fleet' }).getAttribute('href')).toBe('/distributor2/agreements/3');
    expect(screen.getByText('3720.00 RUB')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Process' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('in Russian: status translated, month plurals, the reason of a refused order and no actions', async () => {
    await renderWithProviders(
      <OrderCard
        entry={makeEntry({
          status: 'error',
          errorReason: 'user_limit',
          orderItems: [{ id: 1, product: 'NOAA', duration: 5, price: '600.00' }],
        })}
        onActionError={() => undefined}
      />,
      { locale: 'ru' },
    );
    expect(screen.getByText('ошибка')).toBeTruthy();
    expect(screen.getByText('NOAA · 5 месяцев')).toBeTruthy();
    expect(screen.getByText('Отклонён: заказ превысил бы лимит пользователя.')).toBeTruthy();
    expect(screen.queryByText('внимание: длительная подписка!')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Обработать' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Baltic Fleet' }).getAttribute('href')).toBe('/ru/distributor2/agreements/3');
  });

  it("offers the agreement's supervisor Approve on a new order only, never Process or Cancel", async () => {
    const { unmount } = await renderWithProviders(<OrderCard entry={makeEntry()} onActionError={() => undefined} actions="owner" />, {
      locale: 'ru',
    });
    expect(screen.getByRole('button', { name: 'Одобрить' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Обработать' })).toBeNull();
    unmount();
    await renderWithProviders(
      <OrderCard entry={makeEntry({ status: 'owner_approved' })} onActionError={() => undefined} actions="owner" />,
    );
    expect(screen.getByText('owner approved')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Process' })).toBeNull();
  });
});
