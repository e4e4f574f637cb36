import { describe, expect, it } from 'vitest';
import { makePdf } from '../server/src/db/seed/catalog-data-files.js';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A provider uploads a notice to mariners, opens its PDF from the release date, and removes it.
describe.runIf(hasBrowser)('NTM upload, open and delete', () => {
  const journey = setUpJourney();

  it('uploads a PDF with a description, opens it and removes it after confirming', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 'notices@e2e.test',
      password: 'notices-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, { ownerUserId: owner.id, title: 'Notices Office', geocontentTitle: 'Gulf Notices' });
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'notices@e2e.test', 'notices-password');
    await page.goto('/provider?tab=catalog&sub=ntm');
    await page.getByText('No notices to mariners yet.').waitFor();

    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'ntm-7.pdf', mimeType: 'application/pdf', buffer: makePdf(['NTM 7/2025', 'Wreck buoy laid']) });
    await page.getByLabel('Description (optional)').fill('Wreck buoy laid');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('upload-done').waitFor();
    const table = page.getByTestId('ntm-table');
    const row = table.getByRole('row').filter({ hasText: 'Wreck buoy laid' });
    await row.waitFor();

    const pdfAnswer = page.waitForResponse((r) => /\/api\/ntm\/\d+$/.test(r.url()) && r.request().method() === 'GET');
    const popup = page.waitForEvent('popup');
    await row.getByRole('button', { name: /^\d{4}-\d\d-\d\d/ }).click();
    const answer = await pdfAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(Number(answer.headers()['content-length'])).toBeGreaterThan(100);
    const pdfTab = await popup;
    await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
    await pdfTab.close();

    // A refused file shows the spec's failure text.
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('alert').filter({ hasText: 'Upload failed' }).waitFor();

    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await page.getByText('No notices to mariners yet.').waitFor();
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
