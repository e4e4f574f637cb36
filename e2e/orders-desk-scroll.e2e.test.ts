import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userInstallations } from '../server/src/db/schema/index.js';
import { demoPassword, hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

/** The ship's app: signs in and orders one month of NOAA under its agreement. */
async function orderFromApp(baseUrl: string, token: string, installationId: number): Promise<number> {
  const response = await fetch(`${baseUrl}/api/app/v1/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ installationId, paymentMethod: 'agreement', items: [{ product: 'NOAA', months: 1 }] }),
  });
  expect(response.status).toBeLessThan(300);
  return ((await response.json()) as { id: number }).id;
}

// Spec §9: the desk loads 40 orders, the next 40 when scrolled within 100 px of the bottom, and
// refreshes every 15 seconds without moving the page.
describe.runIf(hasBrowser)('order desk paging and refresh', () => {
  const journey = setUpJourney();

  it('loads pages by scrolling, refreshes keeping the view, warns of a refused move and filters', async () => {
    const { portal } = journey;
    const login = await fetch(`${portal.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'manager@demo.test', password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const installations = await portal.database.db.select().from(userInstallations);
    const trawler = installations.find((row) => row.deviceId === 'DEMO-DKART-NAV');
    expect(trawler).toBeDefined();
    // The demo's 7 orders and 45 more: two pages of 40.
    for (let i = 0; i < 45; i += 1) await orderFromApp(portal.url, token, trawler!.id);

    // The refused Process answers 409, which the browser logs.
    const { page, errors } = await openSession(journey.browser, portal.url, { allowErrors: [/status of 409/] });
    await signIn(page, 'distributor@demo.test');
    await page.goto('/order-manager');
    const cards = page.getByRole('article');
    await page.getByText('40 orders shown').waitFor();
    expect(await cards.count()).toBe(40);

    // Scrolled to the bottom, as a user would scroll again if the page grew under the scroll (a
    // loaded machine may still be laying out the first page when the first scroll lands).
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return page.getByText('52 orders shown').count();
      })
      .toBe(1);
    expect(await cards.count()).toBe(52);

    // Somewhere in the middle, a new order arrives; the next refresh lists it at the top, and the
    // order the user was looking at stays where it was on the screen.
    await page.evaluate(() => window.scrollTo(0, 2000));
    const findTopCard = () =>
      page.evaluate(() => {
        const card = Array.from(document.querySelectorAll('article')).find((el) => el.getBoundingClientRect().top >= 0);
        return { label: card?.getAttribute('aria-label') ?? '', top: Math.round(card?.getBoundingClientRect().top ?? -1) };
      });
    const before = await findTopCard();
    expect(before.label).toMatch(/^Order \d+$/);
    const newId = await orderFromApp(portal.url, token, trawler!.id);
    await page.getByRole('article', { name: `Order ${newId}`, exact: true }).waitFor({ state: 'attached', timeout: 45_000 });
    const after = await page.evaluate((label) => {
      const card = document.querySelector(`article[aria-label="${label}"]`);
      return Math.round(card?.getBoundingClientRect().top ?? -1);
    }, before.label);
    expect(Math.abs(after - before.top)).toBeLessThanOrEqual(1);
    expect(await page.getByText('53 orders shown').count()).toBe(1);

    // Someone else processes an order first: this desk's Process is refused, said in the warning box.
    await page.evaluate(() => window.scrollTo(0, 0));
    const staleCard = page.getByRole('article', { name: `Order ${newId}`, exact: true });
    const desk = await fetch(`${portal.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'distributor@demo.test', password: demoPassword }),
    });
    const deskToken = ((await desk.json()) as { token: string }).token;
    const processed = await fetch(`${portal.url}/api/agreement/process-order?orderId=${newId}`, {
      headers: { Authorization: `Bearer ${deskToken}` },
    });
    expect(processed.status).toBe(200);
    await staleCard.getByRole('button', { name: 'Process' }).click();
    // The warning box (with its Ok) besides the notification.
    const warning = page
      .getByRole('alert')
      .filter({ hasText: 'This order cannot be moved from its current status.' })
      .filter({ has: page.getByRole('button', { name: 'Ok' }) });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    await expect.poll(() => staleCard.locator('[data-status]').getAttribute('data-status')).toBe('complete');

    // Filters: by status, then by e-mail.
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'complete', exact: true }).click();
    await expect.poll(() => page.getByText('2 orders shown').count()).toBe(1);
    expect(await page.locator('article [data-status="complete"]').count()).toBe(2);
    await page.getByLabel('Customer e-mail').fill('user@demo.test');
    await expect.poll(() => page.getByText('1 order shown').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
