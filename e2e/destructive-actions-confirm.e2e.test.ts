import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, seriousA11yViolations, setUpJourney, signIn } from './harness.js';

// Detaching a device and cancelling an order (which books a refund) ask first, in a modal: leaving
// it changes nothing, confirming acts.
describe.runIf(hasBrowser)('destructive actions ask for confirmation', () => {
  const journey = setUpJourney();

  it('detaches a device only once the user confirms it', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'user@demo.test');
    await page.goto('/user');
    const row = page.getByRole('row').filter({ hasText: '1 of 2' });
    await row.waitFor();
    await row.getByRole('button', { name: /Show devices/ }).click();
    await page.getByRole('cell', { name: 'DEMO-TABLET-01', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Detach device DEMO-TABLET-01' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detach device DEMO-TABLET-01?' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('row').filter({ hasText: '1 of 2' }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: 'DEMO-TABLET-01', exact: true }).count()).toBe(1);

    await page.getByRole('button', { name: 'Detach device DEMO-TABLET-01' }).click();
    await dialog.getByRole('button', { name: 'Detach', exact: true }).click();
    await page.getByRole('row').filter({ hasText: '0 of 2' }).waitFor();
    expect(await page.getByRole('cell', { name: 'DEMO-TABLET-01', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('cancels an order only once the order desk confirms it', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'distributor@demo.test');
    await page.goto('/order-manager');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Cancel' }) })
      .first();
    await card.waitFor();
    const label = await card.getAttribute('aria-label');
    const id = Number(/\d+/.exec(label ?? '')?.[0]);
    const order = page.getByRole('article', { name: `Order ${id}`, exact: true });
    const statusBefore = await order.innerText();

    await order.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${id}?` });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('refunded');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep the order' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await order.innerText()).toBe(statusBefore);

    await order.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await page.getByText(`Order ${id} is cancelled and refunded.`).waitFor();
    await expect.poll(() => order.innerText()).toContain('cancelled by distirbutor');
    expect(await order.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
