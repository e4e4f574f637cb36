import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../server/src/app.js';
import { loadConfig, type Env } from '../server/src/config.js';
import { openDatabase, type Database } from '../server/src/db/client.js';
import { demoExtensions } from '../server/src/db/seed/extensions.js';
import { demoPassword, seedDemo } from '../server/src/db/seed/demo.js';
import { chromiumPath } from './browser.js';

export { hasBrowser } from './browser.js';
export { demoPassword };

export interface Portal {
  app: FastifyInstance;
  database: Database;
  url: string;
  close(): Promise<void>;
}

/**
 * The whole portal in this process: a fresh in-memory PGlite with the demo data, the built web app,
 * the job runner on, listening on a free loopback port.
 */
export async function startPortal(env: Partial<Env> = {}): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-e2e-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, { PUBLIC_URL: 'http://127.0.0.1', ...env });
  const database = await openDatabase({ url: undefined, dataDir: undefined });
  await database.migrate();
  await seedDemo(database.db, { extensions: await demoExtensions(config) });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      // WebGL (the chart map) without a GPU: Chromium's software renderer.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** console errors and uncaught page errors seen so far (a journey asserts there are none). */
  errors: string[];
}

/** A fresh browser context (empty local storage) whose console errors are collected. */
export async function openSession(browser: Browser, baseURL: string, opts: { allowErrors?: RegExp[] } = {}): Promise<Session> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const allowed = (text: string) => (opts.allowErrors ?? []).some((re) => re.test(text));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !allowed(msg.text())) errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

/** Signs in through the home page's form. */
export async function signIn(page: Page, email: string, password = demoPassword): Promise<void> {
  await page.goto('/login');
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill(email);
  await page
    .getByLabel(/password/i)
    .first()
    .fill(password);
  await page
    .getByLabel(/password/i)
    .first()
    .press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export interface Journey {
  readonly portal: Portal;
  readonly browser: Browser;
}

/** For the enclosing describe: a fresh portal and a browser before its journeys, closed after. */
export function setUpJourney(env: Partial<Env> = {}): Journey {
  const state: { portal?: Portal; browser?: Browser } = {};
  beforeAll(async () => {
    state.portal = await startPortal(env);
    state.browser = await launchBrowser();
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.portal?.close();
  });
  return {
    get portal() {
      if (!state.portal) throw new Error('the portal is not started yet');
      return state.portal;
    },
    get browser() {
      if (!state.browser) throw new Error('the browser is not launched yet');
      return state.browser;
    },
  };
}

/**
 * Waits until the page's finite animations and transitions (a modal fading in, a menu sliding
 * open) have ended, at most 3 s, so that axe measures colours as the user sees them at rest, not
 * halfway through a fade. Endless ones (a loader) are not waited for.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const deadline = performance.now() + 3000;
    let quietFrames = 0;
    while (quietFrames < 2 && performance.now() < deadline) {
      await frame();
      const moving = document
        .getAnimations()
        .filter((a) => a.playState !== 'finished' && a.playState !== 'idle')
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
      if (moving.length === 0) {
        quietFrames += 1;
        continue;
      }
      quietFrames = 0;
      const left = Math.max(0, deadline - performance.now());
      await Promise.race([
        Promise.all(moving.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
}

/**
 * The page's serious and critical accessibility violations by axe-core (WCAG 2.1 A and AA rules),
 * each as "rule-id: selector, selector…", so a failing journey names what to fix.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
