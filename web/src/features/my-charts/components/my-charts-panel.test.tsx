// @vitest-environment jsdom
import type { MyCharts } from '@chartroom/contracts/my-charts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MyChartsView } from './my-charts-panel';

const charts: MyCharts = {
  devices: [
    { installationId: 11, deviceId: 'SHIP-A', applicationTypeId: 101 },
    { installationId: 12, deviceId: 'SHIP-B', applicationTypeId: 101 },
  ],
  cells: [
    {
      product: 'S-57',
      name: 'GB4X0000',
      band: 4,
      edition: 3,
      update: 2,
      issueDate: '20261101',
      bbox: [0, 50, 1, 51],
      licenseIds: [5],
      status: { 11: 'current', 12: 'not-on-board' },
    },
    {
      product: 'S-57',
      name: 'GB5X01NE',
      band: 5,
      edition: 1,
      update: 7,
      issueDate: null,
      bbox: null,
      licenseIds: [5],
      status: { 11: 'update-available', 12: 'expired' },
    },
  ],
};

describe('my charts in the cabinet', () => {
  afterEach(cleanup);

  it("lists each cell's latest version with its status on the first device, and asks for its report", async () => {
    const asked: [number, string][] = [];
    await renderWithProviders(
      <MyChartsView charts={charts} onReport={(id, f) => asked.push([id, f])} reportPending={false} reportError={null} />,
    );
    const rows = within(screen.getByRole('table', { name: 'My charts' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'CellBandLatest versionIssue dateOn this device',
      'GB4X00004Edition 3, update 220261101Up to date',
      'GB5X01NE5Edition 1, update 7–Update available',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Status report (PDF)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Status report (CSV)' }));
    expect(asked).toEqual([
      [11, 'pdf'],
      [11, 'csv'],
    ]);
  });

  it('in Russian, and without devices it says how to get one and offers no report', async () => {
    await renderWithProviders(
      <MyChartsView charts={{ devices: [], cells: charts.cells }} onReport={() => undefined} reportPending={false} reportError={null} />,
      { locale: 'ru' },
    );
    expect(screen.getByText('Устройств пока нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отчёт о состоянии (PDF)' })).toBeNull();
    expect(screen.getByText('Издание 3, корректура 2')).toBeTruthy();
    expect(screen.queryByText('Актуальна')).toBeNull();
  });
});
