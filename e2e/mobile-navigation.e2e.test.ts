import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// On a phone the navigation sits behind the menu button; its drawer's code is fetched on the first tap.
describe.skipIf(!hasBrowser)('navigation on a phone', () => {
  const journey = setUpJourney();

  it('opens the menu, goes to the provider cabinet from it, and switches the language from it', async () => {
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'provider@demo.test');
    await page.goto('/user');
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('provider@demo.test', { exact: false }).isVisible()).toBe(true);
    await drawer
      .getByRole('link', { name: /provider/i })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname.startsWith('/provider'));
    await expect.poll(() => drawer.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByText('RU').click();
    await page.waitForURL((u) => u.pathname.startsWith('/ru/provider'));
    expect(errors).toEqual([]);
    await context.close();
  });
});
