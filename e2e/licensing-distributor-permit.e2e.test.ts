import { describe, expect, it } from 'vitest';
import { seedDistributor, seedProvider, seedUser } from '../server/src/db/seed/factories.js';
import { seedProduct } from '../server/src/db/seed/licensing-demo.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// A distributor requests a permit, the provider accepts it, the distributor issues a licence.
describe.runIf(hasBrowser)('distributor permit from request to licence', () => {
  const journey = setUpJourney();

  it('requests, gets accepted and issues', async () => {
    const db = journey.portal.database.db;
    const owner = await seedUser(db, { email: 'owner@e2e.test', password: 'owner-password', roles: ['user', 'provider'] });
    const { geocontent } = await seedProvider(db, { ownerUserId: owner.id, title: 'Lagoon Office', geocontentTitle: 'Lagoon Soundings' });
    await seedProduct(db, { geocontentId: geocontent.id, licType: 'com', price: 20, ntm: true });
    const agent = await seedUser(db, { email: 'agent@e2e.test', password: 'agent-password', roles: ['user', 'distributor'] });
    await seedDistributor(db, { mainUserId: agent.id, title: 'Harbour Agents' });

    const distributor = await openSession(journey.browser, journey.portal.url);
    await signIn(distributor.page, 'agent@e2e.test', 'agent-password');
    await distributor.page.goto('/distributor');
    // No allowed products yet: the licences tab is disabled and the products tab is shown.
    expect(await distributor.page.getByRole('tab', { name: 'Licences' }).isDisabled()).toBe(true);
    const productRow = distributor.page.getByRole('row').filter({ hasText: 'Lagoon Soundings' });
    await productRow.getByRole('button', { name: 'Request a permit' }).click();
    await expect.poll(() => productRow.getByText('Pending').count()).toBe(1);

    const provider = await openSession(journey.browser, journey.portal.url);
    await signIn(provider.page, 'owner@e2e.test', 'owner-password');
    await provider.page.goto('/provider');
    await provider.page.getByRole('tab', { name: 'My distributors' }).click();
    const request = provider.page.getByRole('row').filter({ hasText: 'Harbour Agents' });
    await request.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => request.getByRole('button', { name: 'Pause' }).count()).toBe(1);
    expect(await request.getByRole('button', { name: 'Accept' }).count()).toBe(0);

    await distributor.page.reload();
    await distributor.page.getByRole('tab', { name: 'Licences' }).click();
    const form = distributor.page.getByRole('form', { name: 'Issue a licence' });
    await form.getByLabel('User e-mail').fill('deckhand@e2e.test');
    await form.getByLabel('Devices').fill('2');
    await form.getByRole('button', { name: 'Issue' }).click();
    const issued = distributor.page.getByRole('table', { name: 'Issued licences' });
    await expect.poll(() => issued.getByRole('row').filter({ hasText: 'deckhand@e2e.test' }).count()).toBe(1);
    expect(await issued.getByRole('row').filter({ hasText: 'deckhand@e2e.test' }).innerText()).toContain('2');
    expect(distributor.errors).toEqual([]);
    expect(provider.errors).toEqual([]);
  });
});
