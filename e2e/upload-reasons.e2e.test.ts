import { buildDemoHarbourCell } from '@chartroom/s57';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasTestdata, testdataPath } from '../test/testdata.js';
import { hasBrowser, openSession, seriousA11yViolations, setUpJourney, signIn } from './harness.js';

const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });

// Upload screens say why the server refused a file (by its code and the details it sent), name
// the files an upload left out, and leave no stuck progress bar behind.
describe.runIf(hasBrowser && hasTestdata)('upload screens show the server reason', () => {
  const journey = setUpJourney();

  it('names the file and the fault of a refused ENC, S-102 and NTM upload, and the files an upload left out', async () => {
    const { database } = journey.portal;
    const owner = await seedUser(database.db, { email: 'reasons@e2e.test', password: 'reasons-password', roles: ['user', 'provider'] });
    await seedProvider(database.db, { ownerUserId: owner.id, title: 'Reason Survey', geocontentTitle: 'Reason Approaches' });
    // Each refusal is a 400 that the browser logs.
    const { page, errors } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 400/] });
    await signIn(page, 'reasons@e2e.test', 'reasons-password');

    // ENC: only a PDF (and an S-101 catalogue) → no S-57 cell, each file named; no red bar stays.
    await page.goto('/provider?tab=catalog&sub=enc');
    const enc = page.getByTestId('enc-tab');
    await enc.locator('input[type=file]').setInputFiles([pdf('readme.pdf'), pdf('S-101_FC.pdf')]);
    await page.getByRole('button', { name: 'Upload and compare' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await failed.waitFor();
    const text = await failed.innerText();
    expect(text).toContain('The upload holds no S-57 cell');
    expect(text).toContain('readme.pdf was left out: it is not an S-57 chart file');
    expect(text).toContain('S-101_FC.pdf was left out');
    expect(text).not.toContain('Some of the entered values are not valid.');
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A cell with a PDF beside it: staged, and the review names the PDF it left out.
    await enc
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'XX5DEMO1.000', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourCell()) },
        pdf('notes.pdf'),
      ]);
    await page.getByRole('button', { name: 'Upload and compare' }).click();
    const ignored = page.getByTestId('enc-ignored');
    await ignored.waitFor();
    expect(await ignored.innerText()).toContain('1 file of the upload was left out');
    expect(await ignored.innerText()).toContain('notes.pdf');
    await page.getByTestId('enc-confirm').getByRole('button', { name: 'Revert' }).click();

    // S-102: the grid failing S-158 is refused with its name and each finding, not "file type not supported".
    await page.goto('/provider?tab=catalog&sub=s102');
    const s102 = page.getByTestId('s102-tab');
    await s102.locator('input[type=file]').setInputFiles(testdataPath('s102/102DE00NO13R_S158P1.H5'));
    await s102.getByRole('button', { name: 'Upload', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Upload failed' });
    await refused.waitFor({ timeout: 60_000 });
    const reason = await refused.innerText();
    expect(reason).toContain('102DE00NO13R_S158P1.H5 fails the S-158 checks of S-102:');
    expect(reason).toMatch(/issueDate/);
    expect(reason).not.toContain('This file type is not supported.');
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // NTM: a text file is refused as "not a PDF", by name, in Russian too.
    await page.goto('/ru/provider?tab=catalog&sub=ntm');
    await page.locator('input[type=file]').setInputFiles({ name: 'notice.txt', mimeType: 'text/plain', buffer: Buffer.from('Buoy moved') });
    await page.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByRole('alert').getByText('notice.txt не является документом PDF.').waitFor();
    expect(errors).toEqual([]);
  });
});
