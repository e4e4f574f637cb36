// @vitest-environment jsdom
import type { MyCharts } from '@chartroom/contracts/my-charts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { CoverageMapProps } from './coverage-map';
import { MyChartsView } from './my-charts-panel';

/** jsdom has no WebGL: the map's stand-in lists the coverage it was given. */
function MapStandIn({ overlays, label }: CoverageMapProps) {
  const coverage = overlays.find((o) => o.id === 'my-charts-coverage')?.data;
  const features = coverage && coverage.type === 'FeatureCollection' ? coverage.features : [];
  return (
    <ul aria-label={label}>
      {features.map((f) => (
        <li key={String(f.properties?.name)}>{`${String(f.properties?.name)}:${String(f.properties?.status)}`}</li>
      ))}
    </ul>
  );
}

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
      held: { 11: { edition: 3, update: 2 }, 12: null },
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
      held: { 11: { edition: 1, update: 5 }, 12: null },
    },
  ],
};

describe('my charts in the cabinet', () => {
  afterEach(cleanup);

  it("lists each cell's latest version with its status on the first device, and asks for its report", async () => {
    const asked: [number, string][] = [];
    await renderWithProviders(
      <MyChartsView
        charts={charts}
        onReport={(id, f) => asked.push([id, f])}
        reportPending={false}
        reportError={null}
        MapView={MapStandIn}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'My charts' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'CellBandHeld on this deviceLatest versionOn this device',
      'GB4X0000 S-574Edition 3, update 2Edition 3, update 2 (20261101)Up to date',
      'GB5X01NE S-575Edition 1, update 5Edition 1, update 7Update available',
    ]);
    // Only the cell with a box is drawn, in its status on the first device.
    expect(
      within(screen.getByRole('list', { name: "Map of my charts' coverage" }))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['GB4X0000:current']);
    const legend = screen.getByTestId('my-charts-legend');
    for (const text of ['Up to date', 'Update available', 'Not on board', 'Licence expired', 'Not licensed', 'On board'])
      expect(within(legend).getAllByText(text).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Activate a device' }).getAttribute('href')).toBe('/activ8license');
    expect(screen.getByLabelText('Corridor (NM)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Status report (PDF)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Status report (CSV)' }));
    expect(asked).toEqual([
      [11, 'pdf'],
      [11, 'csv'],
    ]);
  });

  it('in Russian, and without devices it says how to get one and offers no report', async () => {
    await renderWithProviders(
      <MyChartsView
        charts={{ devices: [], cells: charts.cells }}
        onReport={() => undefined}
        reportPending={false}
        reportError={null}
        MapView={MapStandIn}
      />,
      { locale: 'ru' },
    );
    expect(screen.getByText('Устройств пока нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отчёт о состоянии (PDF)' })).toBeNull();
    expect(screen.getByText('Издание 3, корректура 2 (20261101)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Активировать устройство' }).getAttribute('href')).toBe('/ru/activ8license');
    expect(screen.getByRole('button', { name: 'Проверить маршрут' })).toBeTruthy();
    // No device: no status column (the legend still names the statuses).
    expect(screen.queryByRole('columnheader', { name: 'На этом устройстве' })).toBeNull();
    expect(within(screen.getByTestId('my-charts-legend')).getByText('Актуальна')).toBeTruthy();
  });
});
