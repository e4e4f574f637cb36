import { mapStatusView, type MapStatusView } from '@chartroom/contracts/map';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderWithApp } from '../../../../test/render';
import { mapStatusPollMs } from '../api/get-map-status';
import { MapStatusNotice } from './map-status-notice';

const status = (s: MapStatusView) => ({ body: mapStatusView.parse(s) });
const statusCalls = (calls: URL[]) => calls.filter((c) => c.pathname === '/api/geocontent/map-status');

describe('MapStatusNotice', () => {
  it('says how many cells are ready while the map is prepared, and goes (and stops asking) once all are', async () => {
    const answers = [
      status({ cells: 60, ready: false, pending: 23, failed: 0 }),
      status({ cells: 60, ready: true, pending: 0, failed: 0 }),
    ];
    const calls = answerApi({ '/api/geocontent/map-status': () => answers.shift() ?? answers[0]! });
    await renderWithApp(<MapStatusNotice gcid={9} />);
    expect((await screen.findByRole('status')).textContent).toBe('Preparing the map: 37 of 60 cells ready');
    expect(statusCalls(calls)[0]?.searchParams.get('gcid')).toBe('9');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: mapStatusPollMs + 2000 });
    await new Promise((done) => setTimeout(done, mapStatusPollMs + 500));
    expect(statusCalls(calls)).toHaveLength(2);
  });

  it('names the cells that could not be prepared, in Russian too', async () => {
    answerApi({ '/api/geocontent/map-status': status({ cells: 60, ready: false, pending: 5, failed: 2 }) });
    await renderWithApp(<MapStatusNotice gcid={9} />, { locale: 'ru' });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Карта готовится: готово 53 из 60 ячеекНе удалось подготовить 2 ячейки: их тайлы строятся по запросу');
  });

  it('shows nothing when the status cannot be had, and asks once', async () => {
    const calls = answerApi({});
    await renderWithApp(<MapStatusNotice gcid={9} />);
    await waitFor(() => expect(statusCalls(calls)).toHaveLength(1));
    await new Promise((done) => setTimeout(done, mapStatusPollMs + 500));
    expect(screen.queryByRole('status')).toBeNull();
    expect(statusCalls(calls)).toHaveLength(1);
  });
});
