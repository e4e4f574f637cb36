import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// Every screen of the agreements area and the order desk, on a laptop and on a phone, in English and
// Russian: the demo data is on each, and nothing runs off the side of the page. With SCREENSHOT_DIR
// set, each screen is also saved as a PNG for a person to look at.
const widths = [1366, 390] as const;
const locales = ['', '/ru'] as const;

describe.runIf(hasBrowser)('agreements and orders screens fit', () => {
  const journey = setUpJourney();

  it('shows the demo data without horizontal overflow at 1366 and 390 px in both languages', async () => {
    const session = await openSession(journey.browser, journey.portal.url);
    const { page } = session;
    await signIn(page, 'distributor@demo.test');
    await page.goto('/distributor2/agreements');
    // The demo agreement with ships, limits and a ledger.
    const baltic = page.getByRole('link', { name: 'Baltic Fleet 2026' });
    await baltic.waitFor();
    const href = (await baltic.getAttribute('href')) ?? '';
    const agreementId = Number(/agreements\/(\d+)/.exec(href)?.[1]);
    expect(agreementId).toBeGreaterThan(0);

    const screens: { name: string; path: string; ready: string; openForm?: boolean }[] = [
      { name: 'orders', path: '/distributor2/orders', ready: 'article' },
      { name: 'agreements', path: '/distributor2/agreements', ready: 'article' },
      // The creation form (the list's first button switches to it).
      { name: 'agreement-create', path: '/distributor2/agreements', ready: 'article', openForm: true },
      { name: 'agreement-main', path: `/distributor2/agreements/${agreementId}?tab=main`, ready: 'form' },
      { name: 'agreement-users', path: `/distributor2/agreements/${agreementId}?tab=users`, ready: 'table' },
      { name: 'agreement-limits', path: `/distributor2/agreements/${agreementId}?tab=limits`, ready: 'form' },
      { name: 'agreement-orders', path: `/distributor2/agreements/${agreementId}?tab=orders`, ready: 'article' },
      { name: 'transactions', path: `/distributor2/transactions?agreementId=${agreementId}`, ready: 'table' },
      { name: 'members', path: '/distributor2/members', ready: 'form' },
      { name: 'order-manager', path: '/order-manager', ready: 'article' },
    ];
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) mkdirSync(dir, { recursive: true });

    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      for (const prefix of locales) {
        for (const screen of screens) {
          await page.goto(`${prefix}${screen.path}`);
          // Below 992 px a table's rows become a list of cards.
          const role = screen.ready === 'table' && width < 992 ? 'list' : screen.ready;
          await page
            .getByRole(role as 'article' | 'form' | 'table' | 'list')
            .first()
            .waitFor();
          if (screen.openForm) {
            await page.getByRole('tabpanel').getByRole('button').first().click();
            await page.getByRole('tabpanel').getByRole('form').waitFor();
          }
          await page.waitForLoadState('networkidle');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect({ screen: `${prefix}${screen.path} @${width}`, overflow }).toEqual({
            screen: `${prefix}${screen.path} @${width}`,
            overflow: 0,
          });
          if (dir) await page.screenshot({ path: join(dir, `${screen.name}-${prefix ? 'ru' : 'en'}-${width}.png`), fullPage: true });
        }
      }
    }
    expect(session.errors).toEqual([]);
  });
});
