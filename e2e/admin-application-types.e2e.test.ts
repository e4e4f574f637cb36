import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, seriousA11yViolations, setUpJourney, signIn } from './harness.js';

// Issue 35: application types are data. The portal admin registers a navigation app with its S-63
// key, switches it off, rotates the keys of another, and never sees a key again.
describe.runIf(hasBrowser)('admin: application types', () => {
  const journey = setUpJourney();

  it('lists, registers, switches off and rotates the keys of application types, in English and Russian', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'admin@demo.test');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/application-types');
    const table = page.getByRole('table', { name: 'Application types' });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    // The demo's three apps, each with its S-63 manufacturer.
    await row('dKart Fishing').getByText('M_ID 15 · version 1').waitFor();
    await row('mKart ECDIS').getByText('M_ID 10 · version 1').waitFor();
    await row('dKart Navigator').getByText('M_ID 12 · version 1').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Register a new app for Android and iOS with its S-63 key; the key is not shown back.
    await page.getByRole('button', { name: 'Register an application' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register an application type' });
    await dialog.getByLabel(/^Application type id/).fill('110');
    await dialog.getByLabel(/^Name/).fill('Harbour Pilot');
    await dialog.getByRole('checkbox', { name: 'WinPC' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'WinCE' }).uncheck();
    await dialog.getByLabel(/^S-63 M_ID/).fill('HP');
    await dialog.getByLabel(/^S-63 M_KEY/).fill('XYZ');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.getByText('Five hexadecimal digits, e.g. 10121').last().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByLabel(/^S-63 M_KEY/).fill('1a2b3');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row('Harbour Pilot').getByText('M_ID HP · version 1').waitFor();
    expect(await row('Harbour Pilot').innerText()).toContain('Android, iOS');
    expect(await page.content()).not.toMatch(/1a2b3/i);

    // Switched off, it takes no new devices.
    await page.getByRole('button', { name: 'Edit Harbour Pilot' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Harbour Pilot' });
    await edit.getByRole('switch', { name: 'Takes new devices' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await row('Harbour Pilot').getByText('Switched off').waitFor();

    // Rotating asks first and says what happens to the devices already redeemed.
    await page.getByRole('button', { name: 'Rotate the keys of dKart Fishing' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the keys of dKart Fishing' });
    await rotate.getByRole('button', { name: 'Continue' }).click();
    await rotate.getByText('Type a new S-63 key, a new S-100 key or both.').waitFor();
    await rotate.getByLabel(/^S-63 M_ID/).fill('16');
    await rotate.getByLabel(/^S-63 M_KEY/).fill('6E6E6');
    await rotate.getByRole('button', { name: 'Continue' }).click();
    await rotate.getByText(/Devices already redeemed keep their charts and licences/).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await rotate.getByRole('button', { name: 'Rotate keys' }).click();
    await rotate.waitFor({ state: 'detached' });
    await row('dKart Fishing').getByText('M_ID 16 · version 2').waitFor();
    await row('dKart Fishing').getByText('and 1 older key, still read for the devices redeemed with it').waitFor();
    expect(await page.content()).not.toContain('6E6E6');

    // The activation form offers what is switched on, from the portal's data.
    await page.goto('/activ8license');
    const application = page.getByRole('textbox', { name: 'Application' });
    await expect.poll(() => application.inputValue()).toBe('101 — mKart ECDIS');
    await application.click();
    await page.getByRole('option', { name: '105 — dKart Fishing' }).waitFor();
    expect(await page.getByRole('option', { name: /Harbour Pilot/ }).count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto('/ru/admin/application-types');
    await page
      .getByRole('table', { name: 'Типы приложений' })
      .getByRole('row')
      .filter({ hasText: 'Harbour Pilot' })
      .getByText('Выключен')
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('is not offered to a user without the admin role, and sends them home', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'user@demo.test');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Admin' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.goto('/admin/application-types');
    await page.getByText('This page is for the portal administrator.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
  });
});
