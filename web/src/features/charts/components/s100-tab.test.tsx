import { s100DatasetList, type S100DatasetList } from '@chartroom/contracts/s100';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderWithApp } from '../../../../test/render';
import { S100Tab } from './s100-tab';

// The list as the server's contract shapes it (parsed, so the fixture cannot drift from it).
const listed: S100DatasetList = s100DatasetList.parse({
  datasets: [
    {
      id: 1,
      product: 'S-101',
      name: '101XX00DEMO01',
      fileName: '101XX00DEMO01.000',
      edition: 1,
      update: 2,
      issueDate: '2024-04-02',
      title: 'Demo Harbour (S-101)',
      features: { DepthArea: 3, LightAllAround: 1, Sounding: 1 },
      bbox: [10, 54, 10.1, 54.06],
      updatedAt: '2026-11-27T10:00:00.000Z',
    },
    {
      id: 2,
      product: 'S-104',
      name: '104US00CHES1',
      fileName: '104US00CHES1.H5',
      edition: 2,
      update: 0,
      issueDate: '2024-01-15',
      title: 'Chesapeake Bay',
      bbox: null,
      updatedAt: '2026-11-27T10:00:00.000Z',
    },
  ],
});

describe('S100Tab', () => {
  it('lists the datasets with their product, edition, features and extent', async () => {
    const calls = answerApi({ '/api/geocontent/s100-datasets': { body: listed } });
    await renderWithApp(<S100Tab gcid={5} />);
    const s101 = (await screen.findByText('101XX00DEMO01')).closest('tr')!;
    expect(within(s101).getByText('S-101')).toBeTruthy();
    expect(within(s101).getByText('1.2')).toBeTruthy();
    expect(within(s101).getByText('5 features of 3 types')).toBeTruthy();
    expect(within(s101).getByText('10.000 … 10.100, 54.000 … 54.060')).toBeTruthy();
    const s104 = screen.getByText('104US00CHES1').closest('tr')!;
    expect(within(s104).getByText('2.0')).toBeTruthy();
    expect(within(s104).getAllByText('—')).toHaveLength(2);
    expect(calls.find((c) => c.pathname === '/api/geocontent/s100-datasets')?.searchParams.get('gcid')).toBe('5');
  });

  it('words the feature count in Russian plural forms', async () => {
    answerApi({ '/api/geocontent/s100-datasets': { body: listed } });
    await renderWithApp(<S100Tab gcid={5} />, { locale: 'ru' });
    const s101 = (await screen.findByText('101XX00DEMO01')).closest('tr')!;
    expect(within(s101).getByText('5 объектов 3 типов')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Загрузить' })).toBeTruthy();
  });
});
