import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The demo provider uploads an XYZ depth file, sees its summary, publishes it and hides it again.
describe.runIf(hasBrowser)('raw depth publish and hide', () => {
  const journey = setUpJourney();

  it('uploads an XYZ file, publishes it, hides it and deletes it', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'provider@demo.test');
    await page.goto('/provider?tab=catalog&sub=raw');
    const table = page.getByTestId('raw-table');
    await table.getByText('annapolis-survey-2025.xyz').waitFor();

    const xyz = '-76.50 38.90 4.5\n-76.40 38.95 11.25\n-76.45 39.00 7.0\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'pier-survey.xyz', mimeType: 'text/plain', buffer: Buffer.from(xyz) });
    await page.getByLabel('Description (optional)').fill('Pier survey');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByTestId('upload-done').waitFor();
    const row = table.getByRole('row').filter({ hasText: 'pier-survey.xyz' });
    await row.waitFor();
    expect(await row.innerText()).toContain('3 points');
    expect(await row.innerText()).toContain('4.50…11.25');
    expect(await row.innerText()).toMatch(/hidden/i);

    await row.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => row.getByText('Published', { exact: true }).count()).toBe(1);
    await row.getByRole('button', { name: 'Hide' }).click();
    await expect.poll(() => row.getByText('Hidden', { exact: true }).count()).toBe(1);

    await page.reload();
    await row.waitFor();
    expect(await row.innerText()).toMatch(/hidden/i);
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, remove' }).click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'pier-survey.xyz' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
