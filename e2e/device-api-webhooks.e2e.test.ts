import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { findUserByEmail } from '../server/src/db/seed/factories.js';
import { queueCellsUpdated } from '../server/src/modules/device-api/update-notices.job.js';
import { hasBrowser, openSession, setUpJourney, signIn } from './harness.js';

// The demo agency registers a webhook endpoint, charts of a device under its licence change, and the
// delivery shows in its log.
describe.runIf(hasBrowser)('distributor webhooks', () => {
  const journey = setUpJourney({ WEBHOOK_ALLOW_PRIVATE: true });

  it('registers an endpoint, sees its secret once and the delivery of a chart update in the log', async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['x-chartroom-signature']));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
    try {
      const { page, errors } = await openSession(journey.browser, journey.portal.url);
      await signIn(page, 'distributor@demo.test');
      await page.goto('/distributor?tab=distributor_webhooks');
      await page.getByRole('tab', { name: 'Webhooks' }).waitFor();
      await page.getByText('http://127.0.0.1:9/chart-updates').waitFor();
      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByRole('button', { name: 'Register endpoint' }).click();
      expect(await page.getByTestId('webhook-secret').innerText()).toMatch(/^whsec_/);
      await page.getByRole('table', { name: 'Endpoints' }).getByText(url).waitFor();

      // A device on the manager's agency-issued licence holds the demo harbour cell, which is updated.
      const { app, database } = journey.portal;
      const manager = (await findUserByEmail(database.db, 'manager@demo.test'))!;
      const headers = { authorization: `Bearer ${app.signToken(manager)}` };
      const [license] = (await app.inject({ method: 'GET', url: '/users/getprofile', headers })).json().licenses;
      await app.inject({
        method: 'POST',
        url: `/api/licenses/${license.id}/installations`,
        headers,
        payload: { deviceId: 'AGENCY-SHIP', platformId: 1, applicationTypeId: 101 },
      });
      await queueCellsUpdated(database.db, {
        geocontentId: license.product.geoContent.id,
        cells: [{ name: 'XX5DEMO1', edition: 1, update: 1 }],
      });

      const log = page.getByRole('table', { name: 'Delivery log' });
      // One event per installation holding the cell: the demo distributor's licences have several.
      const delivered = log.getByRole('row').filter({ hasText: url }).filter({ hasText: 'Delivered' }).first();
      await delivered.waitFor({ timeout: 30_000 });
      expect(await delivered.innerText()).toContain('204');
      expect(received[0]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

      await page.goto('/ru/distributor?tab=distributor_webhooks');
      await page.getByRole('table', { name: 'Журнал доставки' }).getByText('Доставлено').first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
