import { describe, expect, it } from 'vitest';
import { seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The demo distributor reaches its areas from the top navigation, makes a registered user an order
// manager, who then works the order desk (in Russian too); removed again, the user loses the desk.
describe.runIf(hasBrowser)('order managers of a distributor', () => {
  const journey = setUpJourney();

  it('adds a member who works the desk, then removes them', async () => {
    const { portal } = journey;
    await seedUser(portal.database.db, { email: 'clerk@e2e.test', password: 'clerk-password', roles: ['user'] });

    // An unknown e-mail answers 404 ('No such user!'), which the browser logs.
    const owner = await openSession(journey.browser, portal.url, { allowErrors: [/status of 404/] });
    await signIn(owner.page, 'distributor@demo.test');
    await owner.page.goto('/user');
    await owner.page.getByRole('link', { name: 'Agreements', exact: true }).click();
    await owner.page.waitForURL('**/distributor2/orders');
    await owner.page.getByRole('article').first().waitFor();
    await owner.page.getByRole('link', { name: 'Orders', exact: true }).click();
    await owner.page.waitForURL('**/order-manager');
    await owner.page.getByRole('article').first().waitFor();

    await owner.page.goto('/distributor2/members');
    const form = owner.page.getByRole('form', { name: 'Add an order manager' });
    await form.getByLabel('E-mail').fill('nobody@e2e.test');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('No such user!').waitFor();
    await form.getByLabel('E-mail').fill('not-an-address');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Enter a valid e-mail address.').waitFor();
    await form.getByLabel('E-mail').fill('clerk@e2e.test');
    await form.getByRole('button', { name: 'Add' }).click();
    const members = owner.page.getByRole('table', { name: 'Order managers' });
    await members.getByRole('row').filter({ hasText: 'clerk@e2e.test' }).waitFor();

    // The new order manager signs in: the Orders button works and shows the distributor's orders, in Russian too.
    const clerk = await openSession(journey.browser, portal.url);
    await signIn(clerk.page, 'clerk@e2e.test', 'clerk-password');
    await clerk.page.getByRole('link', { name: 'Orders', exact: true }).click();
    await clerk.page.waitForURL('**/order-manager');
    const processable = clerk.page.getByRole('article').filter({ has: clerk.page.getByRole('button', { name: 'Process' }) });
    await processable.first().waitFor();
    await clerk.page.getByRole('link', { name: 'RU', exact: true }).click();
    await clerk.page.waitForURL('**/ru/order-manager');
    await clerk.page.getByRole('heading', { name: 'Управление заказами' }).waitFor();
    await clerk.page.getByRole('button', { name: 'Обработать' }).first().waitFor();
    expect(await clerk.page.getByText('отменён дистрибьютором').count()).toBeGreaterThan(0);

    await clerk.page.getByRole('button', { name: /Выйти/ }).click();
    await expect.poll(() => clerk.page.getByRole('button', { name: /Выйти/ }).count()).toBe(0);

    await owner.page.getByRole('button', { name: 'Remove clerk@e2e.test' }).click();
    await owner.page.getByText('clerk@e2e.test is no longer an order manager.').waitFor();
    expect(await members.getByRole('row').filter({ hasText: 'clerk@e2e.test' }).count()).toBe(0);

    // Signed in again without the role, the Orders button is greyed.
    await signIn(clerk.page, 'clerk@e2e.test', 'clerk-password');
    expect(await clerk.page.getByRole('button', { name: 'Orders', exact: true }).isDisabled()).toBe(true);

    expect(owner.errors).toEqual([]);
    expect(clerk.errors).toEqual([]);
  });

  it('sends a user who is not a distributor to distributor registration, which opens the agreements area', async () => {
    const { portal } = journey;
    await seedUser(portal.database.db, { email: 'founder@e2e.test', password: 'founder-password', roles: ['user'] });
    const { page, errors } = await openSession(journey.browser, portal.url);
    await signIn(page, 'founder@e2e.test', 'founder-password');
    await page.goto('/distributor2');
    await page.waitForURL('**/distributor/registration?**');
    await page.getByLabel('Distributor title').fill('Founder Charts');
    await page.getByLabel('I confirm that I represent this company').check();
    await page.getByRole('button', { name: 'Register as a distributor' }).click();
    await page.waitForURL('**/distributor2/orders');
    await page.getByText('No orders').first().waitFor();
    await page.getByRole('tab', { name: 'Agreements' }).click();
    await page.getByRole('button', { name: 'New agreement' }).click();
    await page.getByRole('textbox', { name: 'Distributor' }).click();
    await page.getByRole('option', { name: 'Founder Charts' }).waitFor();
    expect(await page.getByRole('link', { name: 'Orders', exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
