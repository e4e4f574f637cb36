import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedDistributor, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

type Json = Record<string, unknown>;

/** What a device's app does: JSON calls with the mariner's bearer token. */
async function callApi(
  baseUrl: string,
  path: string,
  init: { token?: string; body?: Json; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: JSON.stringify(init.body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
}

async function placeOrder(baseUrl: string, token: string, body: Json): Promise<Json> {
  const answer = await callApi(baseUrl, '/api/app/v1/orders', { token, body, headers: { 'Idempotency-Key': randomUUID() } });
  expect(answer.status).toBeLessThan(300);
  return answer.json;
}

async function readOrderStatus(page: Page, orderId: number): Promise<string | null> {
  const card = page.getByRole('article', { name: `Order ${orderId}`, exact: true });
  if ((await card.count()) === 0) return null;
  return card.locator('[data-status]').getAttribute('data-status');
}

// A distributor sets up an agreement in the browser and invites a mariner, who accepts with the
// ship's device in the cabinet; the ship's app orders through the app API; the
// order desk processes one order (the mariner's cabinet shows the licence) and cancels another
// (the ledger shows the refund).
describe.runIf(hasBrowser)('agreement, order desk and ledger', () => {
  const journey = setUpJourney();

  it('creates an agreement, sets rates and limits, adds a ship, processes and cancels its orders', async () => {
    const { portal } = journey;
    const db = portal.database.db;
    const owner = await seedUser(db, {
      email: 'fleet@e2e.test',
      password: 'fleet-password',
      roles: ['user', 'distributor', 'distributor2', 'order-manager'],
    });
    await seedDistributor(db, { mainUserId: owner.id, title: 'Fleet Charts' });
    await seedUser(db, { email: 'skipper@e2e.test', password: 'skipper-password', roles: ['user'] });

    // The mariner's app signs in and activates its device: that makes the installation.
    const login = await callApi(portal.url, '/auth/login', { body: { username: 'skipper@e2e.test', password: 'skipper-password' } });
    const token = String(login.json.token);
    const activation = await callApi(portal.url, '/api/installation/activate', {
      token,
      body: { deviceId: 'E2E-BRIDGE-7', applicationTypeId: 101, platformId: 1, durationMonths: 12 },
    });
    expect(activation.status).toBe(200);

    // The supervisor lookup answers 404 for an unknown e-mail, which the browser logs.
    const desk = await openSession(journey.browser, portal.url, { allowErrors: [/status of 404/] });
    const { page } = desk;
    await signIn(page, 'fleet@e2e.test', 'fleet-password');
    await page.goto('/distributor2');
    await page.waitForURL('**/distributor2/orders');
    await page.getByRole('tab', { name: 'Agreements' }).click();
    await page.getByRole('button', { name: 'New agreement' }).click();

    // Field validation before anything is sent: valid-till and distributor are required.
    const createForm = page.getByRole('form', { name: 'New agreement' });
    await createForm.getByLabel('Name').fill('Bridge fleet 2027');
    await createForm.getByRole('button', { name: 'Create' }).click();
    await createForm.getByText('Enter the date the agreement is valid till.').waitFor();
    await createForm.getByText('Choose a distributor.').first().waitFor();
    await createForm.getByLabel('Valid till').fill('2027-12-31');
    await createForm.getByRole('textbox', { name: 'Distributor' }).click();
    await page.getByRole('option', { name: 'Fleet Charts' }).click();
    await createForm.getByLabel('Supervisor e-mail').fill('nobody@e2e.test');
    await createForm.getByRole('button', { name: 'Create' }).click();
    await createForm.getByText('No such user!').waitFor();
    await createForm.getByLabel('Supervisor e-mail').fill('');
    await createForm.getByRole('button', { name: 'Create' }).click();
    // Back to button mode, the new agreement listed.
    await page.getByRole('button', { name: 'New agreement' }).waitFor();
    await page.getByRole('link', { name: 'Bridge fleet 2027' }).first().click();
    await page.waitForURL(/\/distributor2\/agreements\/\d+/);
    const agreementId = Number(/agreements\/(\d+)/.exec(page.url())?.[1]);

    // Rates: a wrong value is refused at the field; a valid grid is saved and survives a reload.
    await page.getByLabel('mKart NOAA RUB net').fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('All values should be null or valid number!').waitFor();
    await page.getByLabel('mKart NOAA RUB net').fill('100');
    await page.getByLabel('mKart NOAA RUB end user').fill('150');
    await page.getByLabel('mKart NOAA USD net').fill('1.25');
    await page.getByLabel('mKart Primar RUB end user').fill('70');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The agreement and its rates are saved.').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('mKart NOAA RUB net').inputValue()).toBe('100.00');
    // Primar had no RUB net price: its rate was dropped.
    expect(await page.getByLabel('mKart Primar RUB end user').inputValue()).toBe('');

    // Users, with consent: the distributor sees only that the e-mail has an account and invites it;
    // the mariner accepts in the cabinet, choosing the device, which then joins the agreement.
    await page.getByRole('tab', { name: 'Users' }).click();
    const addUser = page.getByRole('form', { name: 'Add a user' });
    await addUser.getByLabel('User e-mail').fill('skipper@e2e.test');
    await addUser.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('skipper@e2e.test has a Chartroom account').waitFor();
    expect(await page.getByText('E2E-BRIDGE-7').count()).toBe(0);
    await page.getByRole('button', { name: 'Send an invitation' }).click();
    await page.getByText('skipper@e2e.test has not answered yet').waitFor();
    expect(await page.getByText('E2E-BRIDGE-7').count()).toBe(0);

    const mariner = await openSession(journey.browser, portal.url);
    await signIn(mariner.page, 'skipper@e2e.test', 'skipper-password');
    await mariner.page.goto('/user');
    const invitation = mariner.page.getByRole('article', { name: 'Invitation of Fleet Charts to Bridge fleet 2027' });
    await invitation.waitFor();
    const accept = invitation.getByRole('button', { name: 'Accept with the chosen devices' });
    expect(await accept.isDisabled()).toBe(true);
    await invitation.getByRole('checkbox', { name: /E2E-BRIDGE-7/ }).check();
    await accept.click();
    await mariner.page.getByText('You joined “Bridge fleet 2027” of Fleet Charts.').waitFor();
    await invitation.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users of the agreement' }).getByRole('row').filter({ hasText: 'skipper@e2e.test' }).waitFor();

    // Limits: a credit line for the agreement and a limit for the user; empty would mean none.
    await page.getByRole('tab', { name: 'Limits' }).click();
    await page.getByRole('textbox', { name: 'Agreement limit' }).fill('10000');
    await page.getByRole('form', { name: 'Agreement limit' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('The agreement limit is saved.').waitFor();
    await page.getByRole('textbox', { name: 'skipper@e2e.test' }).fill('1500');
    await page.getByRole('form', { name: 'skipper@e2e.test' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText('The limit of skipper@e2e.test is saved.').waitFor();

    // The ship's app orders twice under the agreement, from the installation the Users tab shows.
    await page.getByRole('tab', { name: 'Users' }).click();
    const userRow = page.getByRole('table', { name: 'Users of the agreement' }).getByRole('row').filter({ hasText: 'skipper@e2e.test' });
    const installationId = Number(await userRow.getByRole('cell').nth(1).innerText());
    expect(installationId).toBeGreaterThan(0);
    const toProcess = await placeOrder(portal.url, token, {
      installationId,
      paymentMethod: 'agreement',
      agreementId,
      shipName: 'Aurora',
      items: [{ product: 'NOAA', months: 12 }],
    });
    const toCancel = await placeOrder(portal.url, token, {
      installationId,
      paymentMethod: 'agreement',
      agreementId,
      items: [{ product: 'NOAA', months: 1 }],
    });
    // 12 and 1 months at the 100 RUB net rate: 1300 of the user's 1500; 3 more months would break it.
    const refused = await placeOrder(portal.url, token, {
      installationId,
      paymentMethod: 'agreement',
      agreementId,
      items: [{ product: 'NOAA', months: 3 }],
    });
    expect([toProcess.status, toProcess.priceTotal, toCancel.status, refused.status]).toEqual(['new', '1200.00', 'new', 'error']);
    const processId = Number(toProcess.id);
    const cancelId = Number(toCancel.id);

    // The order desk lists both, warns about the 12-month item, processes one and cancels the other.
    await page.goto('/order-manager');
    const processCard = page.getByRole('article', { name: `Order ${processId}`, exact: true });
    await processCard.waitFor();
    expect(await processCard.innerText()).toContain('warning: long subscription!');
    expect(await processCard.innerText()).toContain('skipper@e2e.test');
    expect(await processCard.innerText()).toContain('Aurora');
    expect(await processCard.innerText()).toContain('1200.00 RUB');
    const refusedCard = page.getByRole('article', { name: `Order ${Number(refused.id)}`, exact: true });
    expect(await refusedCard.innerText()).toContain("Refused: the user's limit would be exceeded.");
    expect(await refusedCard.getByRole('button').count()).toBe(0);
    const cancelCard = page.getByRole('article', { name: `Order ${cancelId}`, exact: true });
    expect(await cancelCard.innerText()).not.toContain('warning: long subscription!');
    await processCard.getByRole('button', { name: 'Process' }).click();
    await expect.poll(() => readOrderStatus(page, processId)).toBe('complete');
    expect(await processCard.innerText()).toContain('complete');
    expect(await processCard.getByRole('button', { name: 'Process' }).count()).toBe(0);
    await cancelCard.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: `Cancel order ${cancelId}?` })
      .getByRole('button', { name: 'Cancel the order' })
      .click();
    await expect.poll(() => readOrderStatus(page, cancelId)).toBe('cancelled_by_distirbutor');
    expect(await cancelCard.innerText()).toContain('cancelled by distirbutor');

    // The ledger shows the two charges and the refund of the cancelled order.
    await page.goto(`/distributor2/transactions?agreementId=${agreementId}`);
    const ledger = page.getByRole('table', { name: 'Transactions' });
    await expect.poll(() => ledger.getByRole('row').filter({ hasText: 'refund' }).count()).toBe(1);
    expect(await ledger.getByRole('row').filter({ hasText: 'charge' }).count()).toBe(2);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.waitForURL((url) => url.search === '');

    // The mariner's cabinet shows the licence the processed order issued.
    await mariner.page.goto('/user');
    // NOAA is the demo admin's product: its licence, with the ordering device attached.
    const licence = mariner.page.getByRole('row').filter({ hasText: 'Admin Test Charts' });
    await licence.waitFor();
    expect(await licence.innerText()).toMatch(/1 of/);

    expect(desk.errors).toEqual([]);
    expect(mariner.errors).toEqual([]);
  });
});
