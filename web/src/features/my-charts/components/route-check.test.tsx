// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { RouteCheck } from '../api/check-route';
import { routeOverlays } from '../lib/coverage';
import { RouteCheckResult } from './route-check';

const ship = { installationId: 21, deviceId: 'SHIP-R', applicationTypeId: 101 };

const check: RouteCheck = {
  route: {
    points: [
      [60.55, -32.48],
      [61.1, -32.48],
    ],
    lengthNm: 27.84,
  },
  corridorNm: 1,
  corridor: {
    type: 'Polygon',
    coordinates: [
      [
        [60.55, -32.5],
        [61.1, -32.5],
        [61.1, -32.46],
        [60.55, -32.46],
        [60.55, -32.5],
      ],
    ],
  },
  devices: [ship],
  cells: [
    {
      product: 'S-57',
      name: 'GB4X0000',
      band: 4,
      edition: 1,
      update: 0,
      bbox: [60.77, -32.63, 61.32, -32.33],
      isLicensed: true,
      licenseIds: [3],
      status: { 21: 'current' },
      fromNm: 11.2,
      toNm: 17,
    },
    {
      product: 'S-57',
      name: 'GB5X01NE',
      band: 5,
      edition: 1,
      update: 0,
      bbox: [60.97, -32.53, 61, -32.46],
      isLicensed: false,
      licenseIds: [],
      status: null,
      fromNm: 20.5,
      toNm: 22.1,
    },
  ],
  gaps: [
    {
      fromNm: 0,
      toNm: 11.2,
      points: [
        [60.55, -32.48],
        [60.775, -32.48],
      ],
    },
  ],
  offers: [
    {
      cellNames: ['GB5X01NE'],
      products: [{ productId: 7, productName: 'Berth charts', providerName: 'Berth Office', price: 95, currency: 'RUB' }],
    },
  ],
  order: { installationId: 5, paymentMethod: 'agreement', agreementId: 4, items: [{ product: 'NHO', months: 12 }] },
};

describe('route check result', () => {
  afterEach(cleanup);

  it('lists the cells along the route with their licence and status, the uncovered stretch, the offers and the order', async () => {
    await renderWithProviders(<RouteCheckResult check={check} device={ship} orderDevice={ship} />);
    expect(screen.getByRole('status').textContent).toBe('Route of 27.8 NM, corridor 1 NM: 2 cells, 1 not licensed.');
    const rows = within(screen.getByRole('table', { name: 'Cells along the route' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'CellProductBandAlong the routeLicenceOn this device',
      'GB4X0000S-57411.2–17 NMLicensedUp to date',
      'GB5X01NES-57520.5–22.1 NMMissingNot licensed',
    ]);
    expect(screen.getByTestId('route-gaps').textContent).toBe('No chart from 0 NM to 11.2 NM');
    const offers = within(screen.getByRole('table', { name: 'Products that cover the missing cells' })).getAllByRole('row');
    expect(offers[1]?.textContent).toMatch(/^GB5X01NEBerth chartsBerth OfficeRUB\s95\.00$/);
    expect(screen.getByRole('button', { name: 'Order 1 product for SHIP-R on the agreement' })).toBeTruthy();
  });

  it('in Russian, with no order when the ship is on no agreement', async () => {
    await renderWithProviders(<RouteCheckResult check={{ ...check, order: null }} device={ship} />, { locale: 'ru' });
    expect(screen.getByRole('status').textContent).toBe('Маршрут 27,8 миль, коридор 1 миль: 2 карты, без лицензии 1.');
    expect(screen.getByText('Нет карт с 0 по 11,2 милю')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Заказать/ })).toBeNull();
  });

  it('draws the corridor, the missing cells, the route and the gaps on the map', () => {
    const overlays = routeOverlays(check);
    expect(overlays.map((o) => o.id)).toEqual(['route-corridor', 'route-missing-cells', 'route-line', 'route-gaps']);
    const missing = overlays[1]!.data;
    expect(missing.type === 'FeatureCollection' && missing.features.map((f) => f.properties?.name)).toEqual(['GB5X01NE']);
  });
});
