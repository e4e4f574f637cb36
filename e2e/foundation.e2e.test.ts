import { describe, expect, it } from 'vitest';
import { demoPassword, hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// Journeys of the foundation: registration through the outbox, guards, language, an expired session.
describe.skipIf(!hasBrowser)('foundation journeys', () => {
  const journey = setUpJourney();

  it('registers, reads the password in the outbox, signs in and lands on the user cabinet', async () => {
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url);
    const email = 'first.mate@example.test';
    await page.goto('/');
    await page.getByText('Register', { exact: true }).first().click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Registration complete').isVisible()).toBe(true);

    // Registration keeps the mail in the outbox at once (delivery is a background job).
    const outbox = await context.newPage();
    await outbox.goto(`/outbox?email=${encodeURIComponent(email)}`);
    await outbox
      .getByText(/Password: \S+/)
      .first()
      .waitFor({ timeout: 30_000 });
    const text =
      (await outbox
        .getByText(/Password: \S+/)
        .first()
        .textContent()) ?? '';
    const password = /Password: (\S+)/.exec(text)?.[1];
    expect(password).toBeTruthy();

    await page.getByLabel('Password', { exact: true }).fill(password!);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/\/user$/);
    await expect.poll(() => page.getByText(email).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the mailed link, and the cabinet changes it again', async () => {
    // The second use of the link is answered 400 on purpose.
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 400/] });
    const email = 'user@demo.test';
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByText('Forgot your password?').click();
    await page.getByRole('button', { name: 'Send a reset link' }).click();
    await expect.poll(() => page.getByText('Check your mail').isVisible()).toBe(true);

    // The old password still works until the link is used: nobody else can lock the owner out.
    const outbox = await context.newPage();
    await outbox.goto(`/outbox?email=${encodeURIComponent(email)}`);
    const linkText = outbox.getByText(/reset-password\?token=/).first();
    await linkText.waitFor({ timeout: 30_000 });
    const link = /(\S+\/reset-password\?token=[\w-]+)/.exec((await linkText.textContent()) ?? '')?.[1];
    expect(link).toBeTruthy();
    const target = new URL(link!);

    await page.goto(target.pathname + target.search);
    await page.getByLabel('New password', { exact: true }).fill('chosen-by-the-owner');
    await page.getByLabel('Repeat the new password').fill('chosen-by-the-owner');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.waitForURL(/\/user$/);

    // A used link is refused.
    await page.goto(target.pathname + target.search);
    await page.getByLabel('New password', { exact: true }).fill('someone-elses-password');
    await page.getByLabel('Repeat the new password').fill('someone-elses-password');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await expect.poll(() => page.getByText('This reset link has expired or was already used').isVisible()).toBe(true);

    // In the cabinet: change it back; the form says every other session ended.
    await page.goto('/user');
    await page.getByLabel('Current password').fill('chosen-by-the-owner');
    await page.getByLabel('New password', { exact: true }).fill(demoPassword);
    await page.getByLabel('Repeat the new password').fill(demoPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('The password is changed').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await signIn(page, email, demoPassword);
    await page.waitForURL(/\/user$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the reset page in Russian under /ru', async () => {
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 400/] });
    await page.goto('/ru/reset-password?token=' + 'x'.repeat(43));
    await expect.poll(() => page.getByRole('heading', { name: 'Новый пароль' }).isVisible()).toBe(true);
    await page.getByLabel('Новый пароль', { exact: true }).fill('a-new-password');
    await page.getByLabel('Повторите новый пароль').fill('a-new-password');
    await page.getByRole('button', { name: 'Сохранить пароль и войти' }).click();
    await expect.poll(() => page.getByText('Ссылка для сброса пароля устарела или уже использована').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a user without the provider role to provider registration, then back to the cabinet', async () => {
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url);
    await page.goto('/provider');
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('E-mail').fill('user@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(/\/provider\/registration/);

    await page.getByLabel('Content title').fill('Fjord Approaches');
    await page.getByLabel('Provider title').fill('Fjord Survey');
    const submit = page.getByRole('button', { name: 'Register as a provider' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/I confirm/).check();
    await submit.click();
    await page.waitForURL((u) => u.pathname === '/provider/geocontent/catalog/enc/list');
    await expect.poll(() => page.getByText('Fjord Survey').first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches to Russian and back on the same page', async () => {
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'distributor@demo.test');
    await page.goto('/user/cart');
    await expect.poll(() => page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await page.getByRole('group', { name: 'Language' }).getByText('RU').click();
    await page.waitForURL((u) => u.pathname === '/ru/user/cart');
    await expect.poll(() => page.getByRole('button', { name: 'Выйти' }).isVisible()).toBe(true);
    await page.getByRole('group', { name: 'Язык' }).getByText('EN').click();
    await page.waitForURL((u) => u.pathname === '/user/cart');
    await expect.poll(() => page.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets the session when the stored token has expired', async () => {
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/401/] });
    await signIn(page, 'user@demo.test');
    await page.waitForURL(/\/user$/);
    const [stored] = await page.evaluate(() => [window.localStorage.getItem('chartroom.user')]);
    const user = JSON.parse(stored!) as { id: number; email: string; token: string };
    const expired = journey.portal.app.jwt.sign(
      { sub: user.id, email: user.email, tv: 0, sid: 'an-old-session', sat: Math.floor(Date.now() / 1000) - 3600 },
      { expiresIn: -60 },
    );
    await page.evaluate((u) => window.localStorage.setItem('chartroom.user', JSON.stringify(u)), { ...user, token: expired });

    // The 401 clears the stored session and reloads; the guard then sends the visitor to sign in.
    // The reload may come before the first load's 'load' event (the answer comes that fast), which
    // aborts a goto that waits for it: wait for the navigation to begin only, then for where it ends.
    // The reload can even abort this navigation before it commits (net::ERR_ABORTED): that is the
    // reset at work, so only other errors count.
    await page.goto('/user', { waitUntil: 'commit' }).catch((err: unknown) => {
      if (!String(err).includes('ERR_ABORTED')) throw err;
    });
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('E-mail').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.localStorage.getItem('chartroom.user'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
