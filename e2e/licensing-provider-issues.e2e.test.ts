import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A provider creates a com product and issues a licence to a new e-mail; that user reads the
// password from the outbox, signs in and sees the licence.
describe.runIf(hasBrowser)('provider issues a licence to a new e-mail', () => {
  const journey = setUpJourney();

  it('creates a com product, issues a licence, and the new user finds it after signing in', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 'office@e2e.test',
      password: 'office-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, { ownerUserId: owner.id, title: 'Fjord Survey', geocontentTitle: 'Fjord Approaches' });

    const provider = await openSession(journey.browser, journey.portal.url);
    await signIn(provider.page, 'office@e2e.test', 'office-password');
    await provider.page.goto('/provider');
    await provider.page.getByRole('tab', { name: 'Products' }).click();
    const comRow = provider.page.getByTestId('product-row-com');
    await comRow.getByLabel('Price').fill('75.50');
    await comRow.getByLabel('AIS').check();
    await comRow.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => comRow.getByRole('button', { name: 'Update' }).count()).toBe(1);
    await expect.poll(() => comRow.getByRole('button', { name: 'Disable' }).count()).toBe(1);

    await provider.page.getByRole('tab', { name: 'Licences' }).click();
    const form = provider.page.getByRole('form', { name: 'Issue a licence' });
    await form.getByLabel('User e-mail').fill('new.skipper@e2e.test');
    await form.getByRole('button', { name: 'Issue' }).click();
    const table = provider.page.getByRole('table', { name: 'Issued licences' });
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'new.skipper@e2e.test' }).count()).toBe(1);
    expect(await table.getByRole('row').filter({ hasText: 'new.skipper@e2e.test' }).innerText()).toContain('75.50');
    // The form is cleared when the issue succeeds; the table may show the new row a moment earlier.
    await expect.poll(() => form.getByLabel('User e-mail').inputValue()).toBe('');
    expect(provider.errors).toEqual([]);

    const skipper = await openSession(journey.browser, journey.portal.url);
    await skipper.page.goto('/outbox?email=new.skipper@e2e.test');
    const mail = skipper.page.getByRole('article').filter({ hasText: 'Password:' }).first();
    await mail.waitFor();
    const password = /Password: (\S+)/.exec(await mail.innerText())?.[1];
    expect(password).toBeTruthy();
    await signIn(skipper.page, 'new.skipper@e2e.test', password);
    await skipper.page.goto('/user');
    const row = skipper.page.getByRole('row').filter({ hasText: 'Fjord Approaches' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/0 of unlimited/);
    expect(await row.innerText()).toMatch(/AIS/);
    expect(skipper.errors).toEqual([]);
  });
});
