import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A provider adds a geocontent, which becomes the current one and stays so after a reload, then
// switches back; the catalogue follows the current geocontent.
describe.runIf(hasBrowser)('provider cabinet: add and switch geocontents', () => {
  const journey = setUpJourney();

  it('adds a geocontent, keeps it current across a reload and switches back', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 'switch@e2e.test',
      password: 'switch-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, { ownerUserId: owner.id, title: 'Switch Office', geocontentTitle: 'Northern Charts' });
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'switch@e2e.test', 'switch-password');
    await page.goto('/provider?tab=catalog&sub=ntm');
    await page.getByRole('heading', { name: 'Northern Charts' }).waitFor();
    expect(await page.getByTestId('provider-title').innerText()).toMatch(/switch office/i);

    const title = page.getByRole('textbox', { name: 'Add new geocontent' });
    await title.fill('Sout');
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await title.fill('Southern Charts');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Southern Charts' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Southern Charts' }).waitFor();
    await page.getByText('No notices to mariners yet.').waitFor();

    await page.getByTestId('geocontent-switcher').click();
    await page.getByRole('option', { name: 'Northern Charts' }).click();
    await page.getByRole('heading', { name: 'Northern Charts' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Northern Charts' }).waitFor();
    expect(errors).toEqual([]);
  });
});
