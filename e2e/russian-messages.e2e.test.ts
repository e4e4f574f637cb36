import { describe, expect, it } from 'vitest';
import { seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import type { Page } from 'playwright-core';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// What a Russian user notices: a wrong field is named in Russian before anything is sent, a server
// refusal is worded by its code (never the server's English message), a mail arrives in Russian,
// a change says it went through, and logging out goes home.
describe.runIf(hasBrowser)('a Russian user reads every message in Russian', () => {
  const journey = setUpJourney();

  it('shows a wrong e-mail at the field in Russian and sends nothing; a saved product says so; logout goes home', async () => {
    const owner = await seedUser(journey.portal.database.db, {
      email: 'kontora@e2e.test',
      password: 'kontora-password',
      roles: ['user', 'provider'],
    });
    await seedProvider(journey.portal.database.db, {
      ownerUserId: owner.id,
      title: 'Лоцманская служба',
      geocontentTitle: 'Подходы к порту',
    });

    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    const issueCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/providers/addpermit')) issueCalls.push(request.url());
    });
    await page.goto('/ru/login');
    await page.getByLabel('E-mail').first().fill('kontora@e2e.test');
    await page.getByLabel('Пароль', { exact: true }).fill('kontora-password');
    await page.getByLabel('Пароль', { exact: true }).press('Enter');
    await page.waitForURL((u) => !u.pathname.includes('/login'));

    await page.goto('/ru/provider');
    await page.getByRole('tab', { name: 'Продукты' }).click();
    const comRow = page.getByTestId('product-row-com');
    await comRow.getByLabel('Цена').fill('40');
    await comRow.getByRole('button', { name: 'Создать' }).click();
    await expect.poll(() => page.getByText('Продукт «Коммерческая» создан.').isVisible()).toBe(true);
    await comRow.getByLabel('Цена').fill('45');
    await comRow.getByRole('button', { name: 'Обновить' }).click();
    await expect.poll(() => page.getByText('Продукт «Коммерческая» обновлён.').isVisible()).toBe(true);

    await page.getByRole('tab', { name: 'Лицензии' }).click();
    const form = page.getByRole('form', { name: 'Выдать лицензию' });
    const submit = form.getByRole('button', { name: 'Выдать' });
    await expect.poll(() => form.getByTestId('submit-reason').innerText()).toBe('Введите e-mail пользователя, чтобы выдать лицензию.');
    await form.getByLabel('E-mail пользователя').fill('kapitan@');
    await form.getByLabel('Срок, месяцев').click();
    await expect.poll(() => form.getByText('Введите правильный e-mail, например captain@example.org').isVisible()).toBe(true);
    await expect.poll(() => form.getByTestId('submit-reason').innerText()).toBe('Исправьте поле «E-mail пользователя».');
    expect(await submit.isDisabled()).toBe(true);
    await form.getByLabel('E-mail пользователя').press('Enter');
    expect(issueCalls).toEqual([]);

    // Corrected, the same form sends once and says so.
    await form.getByLabel('E-mail пользователя').fill('kapitan@e2e.test');
    await submit.click();
    await expect.poll(() => page.getByText('Лицензия выдана kapitan@e2e.test.').isVisible()).toBe(true);
    expect(issueCalls).toHaveLength(1);

    await page.getByRole('button', { name: 'Выйти' }).first().click();
    await page.waitForURL((u) => u.pathname === '/ru' || u.pathname === '/ru/');
    expect(errors).toEqual([]);
  });

  it('words a server refusal by its code, and delivers the welcome mail in Russian', async () => {
    // The repeated registration is answered 409 on purpose.
    const { page, errors, context } = await openSession(journey.browser, journey.portal.url, { allowErrors: [/status of 409/] });
    await page.goto('/ru');
    // The hero's right half: what the catalogue holds now, in Russian.
    const figures = page.getByTestId('catalogue-figures');
    await figures.waitFor();
    expect(await figures.innerText()).toMatch(/Сейчас в каталоге[\s\S]*\d+\s*карт[аы]? ENC[\s\S]*поставщик/i);
    await page.getByText('Регистрация', { exact: true }).first().click();
    await page.getByLabel('E-mail').first().fill('shturman@e2e.test');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect.poll(() => page.getByText('Регистрация завершена').isVisible()).toBe(true);

    const outbox = await context.newPage();
    await outbox.goto('/outbox?email=shturman@e2e.test');
    const mail = outbox.getByRole('article').filter({ hasText: 'Добро пожаловать в Chartroom' }).first();
    await mail.waitFor({ timeout: 30_000 });
    const text = await mail.innerText();
    expect(text).toContain('Ваша учётная запись в Chartroom готова.');
    expect(text).toMatch(/Пароль: \S+/);
    expect(text).not.toMatch(/Welcome|Password:/);

    // The same e-mail again: the server answers user_exist; the page says it in Russian.
    await page.getByText('Регистрация', { exact: true }).first().click();
    await page.getByLabel('E-mail').first().fill('shturman@e2e.test');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Пользователь с таким e-mail уже зарегистрирован.' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.getByText('An account with this e-mail already exists').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('cuts off no badge, button or tab label of the provider cabinet at 1366 px and 390 px, in both languages', async () => {
    const { page, errors } = await openSession(journey.browser, journey.portal.url);
    await signIn(page, 'provider@demo.test');
    const views = [
      'tab=catalog&sub=enc',
      'tab=catalog&sub=s102',
      'tab=catalog&sub=ntm',
      'tab=catalog&sub=poi',
      'tab=catalog&sub=msg',
      'tab=catalog&sub=raw',
      'tab=products',
      'tab=licenses',
      'tab=my_distributors',
    ];
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const prefix of ['', '/ru']) {
        for (const view of views) {
          await page.goto(`${prefix}/provider?${view}`);
          await page.getByRole('tabpanel').first().waitFor();
          // Polled: the view fills in as its data arrives; a cut-off label stays in the list.
          await expect.poll(() => findCutOff(page), { message: `${width}px ${prefix || '/en'} ${view}` }).toEqual([]);
        }
      }
    }
    expect(errors).toEqual([]);
  });
});

/** Labels whose text is wider than their box, and a page wider than the window (its right side cut off). */
function findCutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const labels = document.querySelectorAll('.mantine-Badge-label, .mantine-Button-label, .mantine-Tabs-tabLabel, .mantine-Badge-root');
    for (const element of Array.from(labels)) {
      const box = element.getBoundingClientRect();
      if (box.width === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) found.push(`cut off: ${element.textContent ?? ''}`);
    }
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push(`page is ${document.documentElement.scrollWidth}px wide in a ${window.innerWidth}px window`);
    }
    return found;
  });
}
