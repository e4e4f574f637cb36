import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A provider with no charts yet uploads S-57 files (cell and two updates written by packages/s57),
// watches the upload progress, reviews the comparison, applies it and sees the chart list.
describe.runIf(hasBrowser)('provider uploads S-57 charts, reviews and applies them', () => {
  const journey = setUpJourney();

  it('uploads with progress, reviews, applies and lists the chart', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 'charts@e2e.test',
      password: 'charts-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, {
      ownerUserId: owner.id,
      title: 'Harbour Survey',
      geocontentTitle: 'Harbour Approaches',
    });

    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'charts@e2e.test', 'charts-password');
    await page.goto('/provider?tab=catalog&sub=enc');
    await page.getByText('Choose the source of the chart collection').waitFor();
    await page
      .getByTestId('enc-tab')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'XX5DEMO1.000', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourCell()) },
        { name: 'XX5DEMO1.001', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourUpdate(1)) },
        { name: 'XX5DEMO1.002', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourUpdate(2)) },
      ]);
    await page.getByText('3 files chosen').waitFor();
    await page.getByRole('button', { name: 'Upload and compare' }).click();
    await page.getByTestId('upload-progress').getByText('Done').waitFor();

    // The review screen: old and new edition.update, no errors, Apply / Save / Revert.
    const review = page.getByTestId('enc-confirm');
    await review.waitFor();
    expect(new URL(page.url()).searchParams.get('guid')).toMatch(/^[0-9a-f-]{36}$/);
    const row = review.getByRole('row').filter({ hasText: 'XX5DEMO1' });
    expect(await row.innerText()).toMatch(/—\s+1\.2\s+changed/i);
    expect(await review.getByText('No changes were made').count()).toBe(0);
    await review.getByRole('button', { name: 'Save' }).waitFor();
    await review.getByRole('button', { name: 'Revert' }).waitFor();
    await review.getByRole('button', { name: 'Apply' }).click();

    // Back in the catalogue: the list.
    const table = page.getByTestId('chart-table');
    await table.waitFor();
    expect(new URL(page.url()).searchParams.get('guid')).toBeNull();
    const chart = table.getByRole('row').filter({ hasText: 'XX5DEMO1' });
    const text = await chart.innerText();
    expect(text).toContain('1.2');
    expect(text).toContain('2024-02-07');
    expect(text).toContain('1:12 000');
    expect(text).toContain('5 — Harbour');
    expect(text).toContain('Fictional demo harbour');

    // The same files again: the progress ends as done, and the review says nothing changed.
    await page
      .getByTestId('enc-tab')
      .locator('input[type=file]')
      .setInputFiles([
        { name: 'XX5DEMO1.000', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourCell()) },
        { name: 'XX5DEMO1.001', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourUpdate(1)) },
        { name: 'XX5DEMO1.002', mimeType: 'application/octet-stream', buffer: Buffer.from(buildDemoHarbourUpdate(2)) },
      ]);
    await page.getByRole('button', { name: 'Upload and compare' }).click();
    await page.getByTestId('upload-progress').getByText('Done').waitFor();
    await review.waitFor();
    await review.getByText('No changes were made').waitFor();
    expect(await review.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    await review.getByRole('button', { name: 'Revert' }).click();
    await table.waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'XX5DEMO1' }).count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
