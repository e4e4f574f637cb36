import { chartCollection, type ChartRow } from '@chartroom/contracts/charts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, renderRoutes } from '../../../../test/render';
import { EncTab } from './enc-tab';

// A national set: 1,200 cells, answered a page at a time as the server's getCollection pages them.
const cells: ChartRow[] = Array.from({ length: 1200 }, (_, i) => ({
  id: i + 1,
  name: `US5N${String(i).padStart(4, '0')}`,
  edition: 3,
  update: i % 4,
  releaseDate: '2026-01-15',
  scale: 20000,
  band: 5,
  description: `Harbour ${i}`,
  bbox: [-76, 38, -75.9, 38.1],
  previewUrl: null,
}));

const answerCollection = (list: ChartRow[]) => (url: URL) => {
  const name = (url.searchParams.get('name') ?? '').toUpperCase();
  const matching = list.filter((c) => c.name.includes(name));
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : matching.length;
  return {
    body: chartCollection.parse({
      type: 's57',
      metaInfo: null,
      charts: matching.slice(offset, offset + limit),
      total: matching.length,
      conversion: null,
    }),
  };
};

const rowsShown = () => within(screen.getByTestId('chart-table')).getAllByRole('row').length - 1;

describe('EncTab with a national set', () => {
  it('shows 1,200 cells a page of 50 at a time, asks the server for one page only, and filters by name', async () => {
    const user = userEvent.setup();
    const calls = answerApi({ '/charts/getCollection': answerCollection(cells), '/api/geocontent/GetEncUploads': { body: [] } });
    await renderRoutes([{ path: '/', element: <EncTab gcid={7} /> }], '/');

    expect(await screen.findByText('US5N0000')).toBeTruthy();
    expect(rowsShown()).toBe(50);
    expect(screen.queryByText('US5N0050')).toBeNull();
    expect(screen.getByTestId('chart-count').textContent).toBe('1–50 of 1200 charts');
    const first = calls.find((c) => c.pathname === '/charts/getCollection')!;
    expect(first.searchParams.get('gcid')).toBe('7');
    expect(first.searchParams.get('limit')).toBe('50');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('US5N0100')).toBeTruthy();
    expect(screen.queryByText('US5N0000')).toBeNull();
    expect(screen.getByTestId('chart-count').textContent).toBe('101–150 of 1200 charts');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('US5N0150')).toBeTruthy();

    await user.type(screen.getByLabelText('Filter by name'), 'n119');
    await waitFor(() => expect(screen.getByTestId('chart-count').textContent).toBe('10 charts match'));
    expect(screen.getByText('US5N1199')).toBeTruthy();
    expect(rowsShown()).toBe(10);
    expect(calls.at(-1)?.searchParams.get('name')).toBe('n119');
    expect(calls.at(-1)?.searchParams.get('offset')).toBe('0');

    await user.clear(screen.getByLabelText('Filter by name'));
    await user.type(screen.getByLabelText('Filter by name'), 'XX');
    expect(await screen.findByText("No chart's name contains “XX”.")).toBeTruthy();
  });

  it('keeps a short list as it was: no filter, no pages', async () => {
    answerApi({
      '/charts/getCollection': answerCollection(cells.slice(0, 3)),
      '/api/geocontent/GetEncUploads': { body: [] },
    });
    await renderRoutes([{ path: '/', element: <EncTab gcid={7} /> }], '/');
    expect(await screen.findByText('US5N0002')).toBeTruthy();
    expect(screen.getByTestId('chart-count').textContent).toBe('3 charts');
    expect(screen.queryByLabelText('Filter by name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });
});
