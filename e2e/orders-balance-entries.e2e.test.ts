import { describe, expect, it } from 'vitest';
import { seedDistributor, seedUser } from '../server/src/db/seed/factories.js';
import { seedAgreement, seedAgreementUser, seedUserInstallation } from '../server/src/db/seed/orders-demo.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The distributor tops up an agreement and posts adjustments from its detail page, and sees them in
// the ledger; the agreement's supervisor, a plain user, reads the same page without edit controls.
describe.runIf(hasBrowser)('top-ups, adjustments and the supervisor’s view', () => {
  const journey = setUpJourney();

  it('tops up, adjusts (refused below minus the limit), lists both, and shows the supervisor a read-only agreement', async () => {
    const db = journey.portal.database.db;
    const owner = await seedUser(db, {
      email: 'owner@e2e.test',
      password: 'owner-password',
      roles: ['user', 'distributor', 'distributor2'],
    });
    const supervisor = await seedUser(db, { email: 'fleet-owner@e2e.test', password: 'fleet-password', roles: ['user'] });
    const skipper = await seedUser(db, { email: 'skipper@e2e.test', password: 'skipper-password', roles: ['user'] });
    const distributor = await seedDistributor(db, { mainUserId: owner.id, title: 'Fleet Charts' });
    const agreement = await seedAgreement(db, {
      distributorId: distributor.id,
      name: 'Baltic fleet',
      agreementLimit: '100.00',
      supervisorId: supervisor.id,
    });
    const installation = await seedUserInstallation(db, { userId: skipper.id, deviceId: 'E2E-DECK-1', applicationTypeId: 101 });
    await seedAgreementUser(db, { agreementId: agreement.id, userId: skipper.id, installationId: installation.id, userLimit: '40.00' });

    // The refused adjustment answers 409, which the browser logs.
    const desk = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 409/] });
    const { page } = desk;
    await signIn(page, 'owner@e2e.test', 'owner-password');
    await page.goto(`/distributor2/agreements/${agreement.id}`);
    await page.getByRole('button', { name: 'Top up or adjust' }).click();
    const form = page.getByRole('form', { name: 'Top up or adjust the balance' });

    // A top-up: a positive amount, the note optional.
    await form.getByLabel('Amount').fill('-5');
    await form.getByRole('button', { name: 'Top up' }).click();
    await form.getByText('Enter a positive amount such as 1500 or 99.50.').waitFor();
    await form.getByLabel('Amount').fill('250.5');
    await form.getByLabel('Note (optional)').fill('Payment 118');
    await form.getByRole('button', { name: 'Top up' }).click();
    await page.getByText('The balance is topped up: now 250.50 RUB.').waitFor();
    await page.getByText('Balance: 250.50 RUB').waitFor();

    // An adjustment needs its reason and may not take the balance below minus the limit (−100.00).
    await page.getByRole('button', { name: 'Top up or adjust' }).click();
    await form.getByText('Adjustment', { exact: true }).click();
    await form.getByLabel('Amount').fill('-400');
    await form.getByRole('button', { name: 'Post the adjustment' }).click();
    await form.getByText('Say why the balance is adjusted.').waitFor();
    await form.getByLabel('Reason').fill('Invoice 77 corrected');
    await form.getByRole('button', { name: 'Post the adjustment' }).click();
    await page.getByText('The agreement limit does not allow this change of the balance.').waitFor();
    await form.getByLabel('Amount').fill('-300');
    await form.getByRole('button', { name: 'Post the adjustment' }).click();
    await page.getByText('The adjustment is posted: the balance is now -49.50 RUB.').waitFor();

    await page.getByRole('link', { name: 'Transactions' }).click();
    const ledger = page.getByRole('table', { name: 'Transactions' });
    await ledger.getByRole('row').filter({ hasText: 'Invoice 77 corrected' }).waitFor();
    expect(await ledger.getByRole('row').filter({ hasText: 'adjustment' }).innerText()).toContain('-300.00');
    expect(await ledger.getByRole('row').filter({ hasText: 'top-up' }).innerText()).toContain('Payment 118');

    // The supervisor reads the agreement, its users and limits, with nothing to change.
    const reader = await openSession(journey.browser, journey.portal.url);
    await signIn(reader.page, 'fleet-owner@e2e.test', 'fleet-password');
    // Found from the user's cabinet.
    await reader.page.goto('/user');
    await reader.page.getByRole('region', { name: 'Agreements you supervise' }).getByRole('link', { name: 'Baltic fleet' }).click();
    await reader.page.waitForURL(`**/distributor2/agreements/${agreement.id}`);
    await reader.page.getByRole('heading', { name: 'Baltic fleet' }).waitFor();
    expect(await reader.page.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    expect(await reader.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await reader.page.getByRole('button', { name: 'Top up or adjust' }).count()).toBe(0);
    await reader.page.getByRole('tab', { name: 'Users' }).click();
    await reader.page
      .getByRole('table', { name: 'Users of the agreement' })
      .getByRole('row')
      .filter({ hasText: 'skipper@e2e.test' })
      .waitFor();
    expect(await reader.page.getByRole('form', { name: 'Add a user' }).count()).toBe(0);
    await reader.page.getByRole('tab', { name: 'Limits' }).click();
    await reader.page.getByText('40.00 RUB').waitFor();
    await reader.page.getByText('100.00 RUB').waitFor();
    expect(await reader.page.getByRole('textbox').count()).toBe(0);
    await reader.page.goto(`/distributor2/transactions?agreementId=${agreement.id}`);
    await reader.page.getByRole('table', { name: 'Transactions' }).getByRole('row').filter({ hasText: 'Payment 118' }).waitFor();

    expect(desk.errors).toEqual([]);
    expect(reader.errors).toEqual([]);
  });
});
