import { chartComparison, type ChartComparison } from '@chartroom/contracts/charts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, renderWithApp } from '../../../../test/render';
import { EncConfirm } from './enc-confirm';

// The staged upload as the server's contract shapes it (parsed, so the fixture cannot drift from it).
function staged(overrides: Partial<ChartComparison> = {}): ChartComparison {
  return chartComparison.parse({
    guid: 'g-1',
    gcid: 5,
    state: 'staged',
    createdAt: '2026-11-20T10:00:00.000Z',
    expiresAt: '2026-11-27T10:00:00.000Z',
    hasChanges: true,
    charts: [
      { chartName: 'US4MD81M', oldEdtn: 31, oldUpdn: 1, newEdtn: 31, newUpdn: 3, isChanged: true, errors: [] },
      { chartName: 'GB4X0000', oldEdtn: 1, oldUpdn: 0, newEdtn: 1, newUpdn: 0, isChanged: false, errors: [] },
      {
        chartName: 'XX5DEMO1',
        oldEdtn: null,
        oldUpdn: null,
        newEdtn: 1,
        newUpdn: 2,
        isChanged: false,
        errors: [{ code: 'update_sequence', message: 'XX5DEMO1.002 is update 2 but the cell is at update 0' }],
      },
    ],
    ...overrides,
  });
}

describe('EncConfirm', () => {
  it('lists each chart with its editions, status and the reason a chart is not applied, in the user language', async () => {
    answerApi({ '/api/geocontent/GetEncUpload': { body: staged() } });
    await renderWithApp(<EncConfirm guid="g-1" onDone={vi.fn()} />);
    const changed = (await screen.findByText('US4MD81M')).closest('tr')!;
    expect(within(changed).getByText('31.1')).toBeTruthy();
    expect(within(changed).getByText('31.3')).toBeTruthy();
    expect(within(changed).getByText('Changed')).toBeTruthy();
    expect(within(screen.getByText('GB4X0000').closest('tr')!).getByText('Unchanged')).toBeTruthy();
    const rejected = screen.getByText('XX5DEMO1').closest('tr')!;
    expect(within(rejected).getByText('Not applied')).toBeTruthy();
    expect(within(rejected).getByText('Update out of sequence')).toBeTruthy();
  });

  it('applies the upload and returns to the catalogue when the server confirms', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const calls = answerApi({ '/api/geocontent/GetEncUpload': { body: staged() }, '/api/geocontent/ApplyEnc': { body: true } });
    await renderWithApp(<EncConfirm guid="g-1" onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    const apply = calls.find((c) => c.pathname === '/api/geocontent/ApplyEnc');
    expect(apply?.searchParams.get('guid')).toBe('g-1');
  });

  it('offers no Apply when nothing changed, and says so', async () => {
    answerApi({ '/api/geocontent/GetEncUpload': { body: staged({ hasChanges: false }) } });
    await renderWithApp(<EncConfirm guid="g-1" onDone={vi.fn()} />);
    expect(await screen.findByText('No changes were made')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a refused apply as a translated error and stays on the review', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    answerApi({
      '/api/geocontent/GetEncUpload': { body: staged() },
      '/api/geocontent/ApplyEnc': { status: 409, body: { code: 'conflict', message: 'Another upload was applied first' } },
    });
    await renderWithApp(<EncConfirm guid="g-1" onDone={onDone} />);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This conflicts with existing data.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('offers only the way back once the upload has been applied', async () => {
    answerApi({ '/api/geocontent/GetEncUpload': { body: staged({ state: 'applied' }) } });
    await renderWithApp(<EncConfirm guid="g-1" onDone={vi.fn()} />);
    expect(await screen.findByText('This upload has been applied.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to the catalogue' })).toBeTruthy();
  });
});
