import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The demo user replaces a device from the cabinet: the old device is revoked, its slot is free.
describe.runIf(hasBrowser)('user replaces a device', () => {
  const journey = setUpJourney();

  it('replaces a device and sees the slot free and the swaps left, in English and Russian', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'user@demo.test');
    await page.goto('/ru/user');
    const ruRow = page
      .getByRole('row')
      .filter({ hasText: '1 of 2' })
      .or(page.getByRole('row').filter({ hasText: '1 из 2' }));
    await ruRow.first().waitFor();
    await ruRow.first().getByRole('button').first().click();
    await page.getByRole('button', { name: 'Заменить устройство DEMO-TABLET-01' }).waitFor();

    await page.goto('/user');
    const row = page.getByRole('row').filter({ hasText: '1 of 2' });
    await row.waitFor();
    await row.getByRole('button', { name: /Show devices/ }).click();
    await page.getByRole('button', { name: 'Replace device DEMO-TABLET-01' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace device DEMO-TABLET-01' });
    await dialog.getByText(/slot is free for the new device/).waitFor();
    await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: 'DEMO-TABLET-01 is revoked and its slot is free. 2 swaps are left in this period.' })
      .waitFor();
    // The dialog's own Close button (the corner × is labelled Close too).
    await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await page.getByRole('row').filter({ hasText: '0 of 2' }).waitFor();
    expect(await page.getByRole('cell', { name: 'DEMO-TABLET-01', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
