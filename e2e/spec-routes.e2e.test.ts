import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agreements, distributors, encUploads, geocontents, providers, users } from '../server/src/db/schema/index.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// Spec §2 routes open their screens (bookmarks and links from the portal this one replaces), the
// tab bar follows the address, and the older `?tab=` addresses redirect to the spec's ones.
type RouteCheck = {
  /** The address opened. */
  open: string;
  /** Where it settles: the address itself unless it is an alias. */
  lands?: string | RegExp;
  /** Tabs that must be shown selected. */
  tabs?: string[];
  heading?: string;
};

describe.runIf(hasBrowser)('the spec’s addresses open their screens', () => {
  const journey = setUpJourney();

  it('opens every provider, distributor and agreement route as its role, and redirects the ?tab= aliases', async () => {
    const db = journey.portal.database.db;
    // A staged chart upload on each of the demo provider's geocontents, for the apply-changes screen.
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'provider@demo.test'));
    const ownGeocontents = await db
      .select({ id: geocontents.id })
      .from(geocontents)
      .innerJoin(providers, eq(providers.id, geocontents.providerId))
      .where(eq(providers.ownerUserId, owner!.id));
    for (const gc of ownGeocontents)
      await db.insert(encUploads).values({ guid: randomUUID(), geocontentId: gc.id, createdBy: owner!.id, comparison: [], plan: [] });
    const [agreement] = await db
      .select({ id: agreements.id })
      .from(agreements)
      .innerJoin(distributors, eq(distributors.id, agreements.distributorId))
      .innerJoin(users, eq(users.id, distributors.mainUserId))
      .where(eq(users.email, 'distributor@demo.test'));
    const agreementPath = `/distributor2/agreements/${agreement!.id}`;

    const byRole: Record<string, RouteCheck[]> = {
      'provider@demo.test': [
        { open: '/provider/geocontent/catalog/enc/list', tabs: ['Catalogue', 'ENC'] },
        {
          open: '/provider/geocontent/catalog/enc/confirm',
          lands: /\/provider\/geocontent\/catalog\/enc\/confirm\?guid=/,
          heading: 'Apply changes',
        },
        { open: '/provider/geocontent/catalog/s102/list', tabs: ['Catalogue', 'S-102'] },
        { open: '/provider/geocontent/catalog/poi', tabs: ['Catalogue', 'POI'] },
        { open: '/provider/geocontent/catalog/ntm', tabs: ['Catalogue', 'NTM'] },
        { open: '/provider/geocontent/catalog/msg', tabs: ['Catalogue', 'Nav messages'] },
        { open: '/provider/geocontent/catalog/raw', tabs: ['Catalogue', 'Raw depths'] },
        { open: '/provider/geocontent/licenses', tabs: ['Licences'] },
        { open: '/provider/geocontent/products', tabs: ['Products'] },
        { open: '/provider/geocontent/my_distributors', tabs: ['My distributors'] },
        { open: '/ru/provider/geocontent/products', tabs: ['Продукты'] },
        // The provider area and the catalogue open the chart list; the older addresses are aliases.
        { open: '/provider', lands: '/provider/geocontent/catalog/enc/list', tabs: ['Catalogue', 'ENC'] },
        { open: '/provider/geocontent/catalog/enc', lands: '/provider/geocontent/catalog/enc/list', tabs: ['ENC'] },
        { open: '/provider?tab=catalog&sub=raw', lands: '/provider/geocontent/catalog/raw', tabs: ['Catalogue', 'Raw depths'] },
        { open: '/provider?tab=my_distributors', lands: '/provider/geocontent/my_distributors', tabs: ['My distributors'] },
        { open: '/provider/geocontent/catalog/nowhere', lands: '/' },
      ],
      'distributor@demo.test': [
        { open: '/distributor/licenses', tabs: ['Licences'] },
        { open: '/distributor/products', tabs: ['Available products'] },
        { open: '/distributor/custom-products', tabs: ['Custom products'] },
        { open: '/distributor', lands: '/distributor/licenses', tabs: ['Licences'] },
        { open: '/distributor?tab=distributor_custom_products', lands: '/distributor/custom-products', tabs: ['Custom products'] },
        { open: agreementPath, tabs: ['Main'] },
        { open: `${agreementPath}/users`, tabs: ['Users'] },
        { open: `${agreementPath}/limits`, tabs: ['Limits'] },
        { open: `${agreementPath}?tab=limits`, lands: `${agreementPath}/limits`, tabs: ['Limits'] },
      ],
    };

    for (const [email, routes] of Object.entries(byRole)) {
      const { page, errors, context } = await openSession(journey.browser, journey.portal.url);
      await signIn(page, email);
      for (const route of routes) {
        await page.goto(route.open);
        const lands = route.lands ?? route.open;
        await page.waitForURL((u) => (typeof lands === 'string' ? u.pathname + u.search === lands : lands.test(u.pathname + u.search)));
        for (const name of route.tabs ?? []) await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
        if (route.heading) await page.getByRole('heading', { name: route.heading }).waitFor();
      }
      // Inside the app the tab bar navigates to the spec's addresses too.
      if (email === 'provider@demo.test') {
        await page.goto('/provider/geocontent/catalog/enc/list');
        await page.getByRole('tab', { name: 'Products', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/provider/geocontent/products');
        await page.getByRole('tab', { name: 'Catalogue', exact: true }).click();
        await page.getByRole('tab', { name: 'NTM', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/provider/geocontent/catalog/ntm');
        await page.goBack();
        await page.getByRole('tab', { name: 'ENC', exact: true, selected: true }).waitFor();
      } else {
        await page.goto('/distributor/licenses');
        await page.getByRole('tab', { name: 'Custom products', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/distributor/custom-products');
        await page.goto(agreementPath);
        await page.getByRole('tab', { name: 'Users', exact: true }).click();
        await page.waitForURL((u) => u.pathname === `${agreementPath}/users`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
