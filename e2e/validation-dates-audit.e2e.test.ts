import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { distributors, users } from '../server/src/db/schema/index.js';
import { makePdf } from '../server/src/db/seed/catalog-data-files.js';
import { seedUser } from '../server/src/db/seed/factories.js';
import { seedAgreement } from '../server/src/db/seed/orders-demo.js';
import { hasBrowser, openSession, seriousA11yViolations, setUpJourney, signIn } from './harness.js';

const longEmail = `${'a'.repeat(60)}@${'b'.repeat(240)}.test`;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

// Forms say what is wrong with what was typed (e-mail length, agreement name and date, rates,
// description length); dates read YYYY-MM-DD; the audit log speaks words, not codes; the distributor
// screens open where a user expects, count and export their lists and name people, not ids.
describe.runIf(hasBrowser)('validation, dates, audit words and the distributor lists', () => {
  const journey = setUpJourney();

  it('shows the rule each field breaks and the audit log in words, for the provider', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'provider@demo.test');

    // A notice with a description past 1000 characters is named and not sent; a short one is.
    await page.goto('/provider?tab=catalog&sub=ntm');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'ntm-9.pdf', mimeType: 'application/pdf', buffer: makePdf(['NTM 9/2026']) });
    await page.getByLabel('Description (optional)').fill('d'.repeat(1001));
    await page.getByText('The description is too long: at most 1000 characters.').waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Description (optional)').fill('Light changed');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('upload-done').waitFor();

    // Licences: an e-mail of 300 characters is refused at the field for its length.
    await page.goto('/provider?tab=licenses');
    const issue = page.getByRole('form', { name: 'Issue a licence' });
    await issue.getByLabel('User e-mail').fill(longEmail);
    await issue.getByLabel('User e-mail').blur();
    await issue.getByText('An e-mail address has at most 254 characters.').waitFor();

    // The audit log names the notice just added in words, in English and in Russian.
    const audit = page.getByRole('table').filter({ hasText: 'Notice to mariners added' });
    await audit.waitFor();
    expect(await page.getByText('ntm.add').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto('/ru/provider?tab=licenses');
    await page.getByText('Извещение мореплавателям добавлено').first().waitFor();
    expect(await page.getByText('ntm.add').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('refuses a past or malformed agreement, names the rate rule, marks the expired, counts and exports', async () => {
    const { database } = journey.portal;
    const [agency] = await database.db
      .select({ id: distributors.id })
      .from(distributors)
      .innerJoin(users, eq(users.id, distributors.mainUserId))
      .where(eq(users.email, 'distributor@demo.test'));
    await seedAgreement(database.db, { distributorId: agency!.id, name: 'Old Coast 2020', validTill: '2020-06-30' });

    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'distributor@demo.test');

    // The Licences tab opens on a product a licence can be issued for, not the paused one.
    await page.goto('/distributor?tab=distributor_licenses');
    await page.getByRole('form', { name: 'Issue a licence' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A new agreement: a 500-character name and a past day are each named.
    await page.goto('/distributor2/agreements');
    const expired = page.getByRole('article', { name: 'Old Coast 2020' });
    await expired.getByText('Expired').waitFor();
    expect(await page.getByRole('article', { name: 'Baltic Fleet 2026' }).getByText('Expired').count()).toBe(0);
    await page.getByRole('button', { name: 'New agreement' }).click();
    const create = page.getByRole('form', { name: 'New agreement' });
    await create.getByLabel('Name').fill('N'.repeat(500));
    await create.getByLabel('Valid till').fill('2020-01-01');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('The name is too long: at most 200 characters.').waitFor();
    await create.getByText('This date has passed: an agreement must be valid till today or later.').waitFor();
    await create.getByLabel('Valid till').fill('31.12.2027');
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Enter the date as YYYY-MM-DD, such as 2027-12-31.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An agreement's date reads YYYY-MM-DD, and each wrong rate says what is wrong with it.
    await create.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Baltic Fleet 2026' }).first().click();
    await page.waitForURL(/\/distributor2\/agreements\/\d+/);
    const agreementId = Number(/agreements\/(\d+)/.exec(page.url())?.[1]);
    const main = page.getByRole('form', { name: 'Agreement details and rates' });
    await expect.poll(() => main.getByLabel('Valid till').inputValue()).toMatch(isoDay);
    await page.getByLabel('mKart NOAA RUB net').fill('-100');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A rate cannot be negative.').waitFor();
    await page.getByLabel('mKart NOAA RUB net').fill('99999999999');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A rate is at most 9 999 999 999.99.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The ledger names people and devices, and exports as CSV.
    await page.goto(`/distributor2/transactions?agreementId=${agreementId}`);
    const ledger = page.getByRole('table', { name: 'Transactions' });
    await ledger.getByRole('row').filter({ hasText: 'user@demo.test' }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [ledgerFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(ledgerFile.suggestedFilename()).toMatch(new RegExp(`^transactions-agreement-${agreementId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const ledgerCsv = readFileSync(await ledgerFile.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(ledgerCsv[0]).toBe(
      'id,timestamp,agreementId,userId,userEmail,installationId,device,orderId,type,amount,balance,agreementLimit,userLimit,reason',
    );
    expect(ledgerCsv.some((line) => line.includes('user@demo.test'))).toBe(true);

    // The order desk says how many orders there are in all, and exports them all.
    await page.goto('/order-manager');
    const count = page.getByText(/\d+ orders? shown of \d+/);
    await count.waitFor();
    const [, shown, total] = /(\d+) orders? shown of (\d+)/.exec(await count.innerText())!;
    expect(Number(shown)).toBeLessThanOrEqual(Number(total));
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [ordersFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(ordersFile.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const ordersCsv = readFileSync(await ordersFile.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(ordersCsv[0]).toBe('id,createdAt,userEmail,shipName,status,paymentMethod,currency,priceTotal,agreement,items');
    expect(ordersCsv).toHaveLength(Number(total) + 1);
    expect(errors).toEqual([]);
  });

  it('sends a user who is no distributor from an agreement address to the distributor registration', async () => {
    await seedUser(journey.portal.database.db, { email: 'plain@e2e.test', password: 'plain-password', roles: ['user'] });
    // The agreement call answers 404, which the browser logs.
    const { page, errors } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 404/] });
    await signIn(page, 'plain@e2e.test', 'plain-password');
    await page.goto('/distributor2/agreements/1');
    await page.waitForURL((url) => url.pathname === '/distributor/registration');
    expect(await page.getByText('Agreement not found').count()).toBe(0);
    await page.goto('/distributor2');
    await page.waitForURL((url) => url.pathname === '/distributor/registration');
    expect(errors).toEqual([]);
  });
});
