import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { distributors, users } from '../server/src/db/schema/index.js';
import { seedUser } from '../server/src/db/seed/factories.js';
import { ratesGrid, seedAgreement, seedAgreementUser, seedUserInstallation } from '../server/src/db/seed/orders-demo.js';
import { demoPassword, hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

type Json = Record<string, unknown>;

/** What a device's app does: JSON calls with the mariner's bearer token. */
async function callApi(baseUrl: string, path: string, init: { token?: string; body?: Json } = {}): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Json) : {} };
}

async function readOrderStatus(page: Page, orderId: number): Promise<string | null> {
  const card = page.getByRole('article', { name: `Order ${orderId}`, exact: true });
  if ((await card.count()) === 0) return null;
  return card.locator('[data-status]').getAttribute('data-status');
}

// Decision 0011: the agreement's supervisor is the fleet owner. A ship's app orders under the
// agreement; the owner, who holds only the user role, finds the agreement in the cabinet, opens its
// orders and approves the new one; the distributor's order desk shows it owner approved and processes it.
describe.runIf(hasBrowser)("the owner's approval of an order", () => {
  const journey = setUpJourney();

  it('lets the supervisor approve a new order from the agreement screen, which the desk then processes', async () => {
    const { portal } = journey;
    const db = portal.database.db;
    const owner = await seedUser(db, { email: 'owner@e2e.test', password: 'owner-password', roles: ['user'] });
    const mariner = await seedUser(db, { email: 'mate@e2e.test', password: 'mate-password', roles: ['user'] });
    const [distributorUser] = await db.select().from(users).where(eq(users.email, 'distributor@demo.test'));
    const [agency] = await db.select().from(distributors).where(eq(distributors.mainUserId, distributorUser!.id));
    const agreement = await seedAgreement(db, {
      distributorId: agency!.id,
      name: 'Owner Approved Fleet',
      supervisorId: owner.id,
      rates: ratesGrid(['mKart'], { NOAA: { RUB: ['100.00', '150.00'], USD: ['1.00', '1.50'] } }),
    });
    const installation = await seedUserInstallation(db, {
      userId: mariner.id,
      deviceId: 'E2E-OWNER-1',
      applicationTypeId: 101,
      shipName: 'Sea Owl',
    });
    await seedAgreementUser(db, { agreementId: agreement.id, userId: mariner.id, installationId: installation.id });

    // The ship's app orders twice under the agreement.
    const login = await callApi(portal.url, '/auth/login', { body: { username: 'mate@e2e.test', password: 'mate-password' } });
    const token = String(login.json.token);
    const order = (months: number) =>
      callApi(portal.url, '/api/app/v1/orders', {
        token,
        body: {
          installationId: installation.id,
          paymentMethod: 'agreement',
          agreementId: agreement.id,
          items: [{ product: 'NOAA', months }],
        },
      });
    const toApprove = await order(2);
    const toLose = await order(1);
    expect([toApprove.status, toApprove.json.status, toLose.json.status]).toEqual([201, 'new', 'new']);
    const approveId = Number(toApprove.json.id);
    const loseId = Number(toLose.json.id);

    // The owner signs in: the cabinet lists the supervised agreement with a link to its orders.
    // The refused approval below answers 409, which the browser logs.
    const ownerSession = await openSession(journey.browser, portal.url, { allowErrors: [/status of 409/] });
    const { page } = ownerSession;
    await signIn(page, 'owner@e2e.test', 'owner-password');
    await page.goto('/user');
    const supervised = page.getByRole('region', { name: 'Agreements you supervise' });
    await supervised.getByText('Owner Approved Fleet').waitFor();
    await supervised.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(`**/distributor2/agreements/${agreement.id}/orders`);
    const approveCard = page.getByRole('article', { name: `Order ${approveId}`, exact: true });
    await approveCard.waitFor();
    expect(await page.getByText('2 orders shown').count()).toBe(1);
    expect(await approveCard.innerText()).toContain('200.00 RUB');
    // Meanwhile the desk cancels the other order; the owner's screen still offers Approve until its
    // next refresh, and the refused approval is explained in the warning box by its code.
    const deskLogin = await callApi(portal.url, '/auth/login', { body: { username: 'distributor@demo.test', password: demoPassword } });
    const cancelled = await callApi(portal.url, '/api/agreement/cancel-order', {
      token: String(deskLogin.json.token),
      body: { orderId: loseId },
    });
    expect(cancelled.json.status).toBe('cancelled_by_distirbutor');
    const loseCard = page.getByRole('article', { name: `Order ${loseId}`, exact: true });
    await loseCard.getByRole('button', { name: 'Approve' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'The order was not changed' });
    await warning.getByText('This order cannot be moved from its current status.').waitFor();
    await expect.poll(() => readOrderStatus(page, loseId)).toBe('cancelled_by_distirbutor');
    await warning.getByRole('button', { name: 'Ok' }).click();
    await warning.waitFor({ state: 'detached' });

    // The owner approves the new one; it neither processes nor cancels.
    expect(await approveCard.getByRole('button', { name: 'Process' }).count()).toBe(0);
    expect(await approveCard.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await approveCard.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Order ${approveId} is approved: the order desk can process it now.`).waitFor();
    await expect.poll(() => readOrderStatus(page, approveId)).toBe('owner_approved');
    expect(await approveCard.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    // The status filter narrows the list to the approved order.
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'owner approved', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);

    // The distributor's order desk shows it owner approved, and processes it.
    const desk = await openSession(journey.browser, portal.url);
    await signIn(desk.page, 'distributor@demo.test');
    await desk.page.goto('/order-manager');
    const deskCard = desk.page.getByRole('article', { name: `Order ${approveId}`, exact: true });
    await deskCard.waitFor();
    expect(await deskCard.innerText()).toContain('owner approved');
    await deskCard.getByRole('button', { name: 'Process' }).click();
    await expect.poll(() => readOrderStatus(desk.page, approveId)).toBe('complete');

    // The owner's list follows.
    await page.reload();
    await page.getByRole('link', { name: 'Back to my licences' }).waitFor();
    await expect.poll(() => readOrderStatus(page, approveId)).toBe('complete');

    expect(ownerSession.errors).toEqual([]);
    expect(desk.errors).toEqual([]);
  });
});
