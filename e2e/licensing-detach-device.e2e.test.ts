import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The demo user frees a device slot of a licence from the cabinet.
describe.runIf(hasBrowser)('user detaches a device', () => {
  const journey = setUpJourney();

  it('expands a licence, detaches its device and sees the slot free', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'user@demo.test');
    await page.goto('/user');
    const row = page.getByRole('row').filter({ hasText: '1 of 2' });
    await row.waitFor();
    await row.getByRole('button', { name: /Show devices/ }).click();
    await page.getByText('DEMO-TABLET-01').waitFor();
    await page.getByRole('button', { name: 'Detach device DEMO-TABLET-01' }).click();
    await page.getByRole('row').filter({ hasText: '0 of 2' }).waitFor();
    expect(await page.getByText('DEMO-TABLET-01').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
