import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '@chartroom/s57';
import { buildExchangeSet, createCellPermit, encryptCell, writePermitFile } from '@chartroom/s63';
import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A provider uploads an S-63 exchange set (built with packages/s63) with its device key, follows
// the background conversion and then sees the converted cell in the list. The permit has expired:
// the files issued before its expiry are converted with the standard's SSE 25 warning, the update
// issued after it is refused (SSE 15), and the page says so per file.
describe.runIf(hasBrowser)('provider converts an S-63 exchange set', () => {
  const journey = setUpJourney();

  it('uploads the zip, shows the conversion state, then lists the cell', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 's63@e2e.test',
      password: 's63-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, {
      ownerUserId: owner.id,
      title: 'Protected Charts Office',
      geocontentTitle: 'Protected Harbour',
    });
    const ck1 = '0123456789';
    const hwId = '8A4C1';
    const zip = buildExchangeSet({
      cells: [
        { name: 'XX5DEMO1', edition: 1, update: 0, encrypted: encryptCell(buildDemoHarbourCell(), 'XX5DEMO1.000', ck1) },
        { name: 'XX5DEMO1', edition: 1, update: 1, encrypted: encryptCell(buildDemoHarbourUpdate(1), 'XX5DEMO1.001', ck1) },
        {
          name: 'XX5DEMO1',
          edition: 1,
          update: 2,
          encrypted: encryptCell(buildDemoHarbourUpdate(2, { issueDate: '20240301' }), 'XX5DEMO1.002', ck1),
        },
      ],
      permitText: writePermitFile({
        enc: [{ permit: createCellPermit({ cellName: 'XX5DEMO1', expiry: '20240220', ck1, ck2: 'ABCDEF0123', hwId }), edition: 1 }],
      }),
    });

    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 's63@e2e.test', 's63-password');
    await page.goto('/provider?tab=catalog&sub=enc');
    await page.getByText('S63 zip archive').click();
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);
    await page.getByLabel('Device key').fill(hwId);
    await page
      .getByTestId('enc-tab')
      .locator('input[type=file]')
      .setInputFiles({ name: 'XX_set.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await upload.click();
    // The form confirms the upload while the conversion waits or runs. This set is tiny: when the
    // portal has converted it before the page refetches, the conversion's status (below) replaces the
    // form at once, so the confirmation may be on screen for a few milliseconds only.
    await page
      .getByText("Files uploaded. Convertation will take some time. You may close this browser's tab.")
      .first()
      .or(page.getByTestId('conversion-status'))
      .first()
      .waitFor();

    // The job runs in the portal; the page follows its state until the list appears.
    const status = page.getByTestId('conversion-status');
    await status.waitFor();
    await page.getByTestId('chart-table').waitFor({ timeout: 30_000 });
    await status.getByText('Done').waitFor();
    expect(await status.getByTestId('conversion-summary').innerText()).toBe('Converted: 0, with a warning: 2, refused: 1');
    expect(await status.getByText('Converted with a warning').count()).toBe(2);
    expect(await status.getByText(/^SSE 25 - The ENC permit for this cell has expired/).count()).toBe(2);
    const refused = status.getByTestId('conversion-cell').filter({ hasText: 'XX5DEMO1.002' });
    expect(await refused.innerText()).toMatch(/permit expired/i);
    expect(await refused.innerText()).toContain('SSE 15 - Subscription service has expired');
    expect(await page.getByTestId('s63-meta').innerText()).toContain('Converted from XX_set.zip');
    const row = page.getByTestId('chart-table').getByRole('row').filter({ hasText: 'XX5DEMO1' });
    expect(await row.innerText()).toContain('1.1');
    expect(errors).toEqual([]);
  });
});
