import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { buildDemoHarbourUpdate } from '@chartroom/s57';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { startSmtpServer } from '../../../test/smtp.js';
import { agreementInstallations, agreements, licenses, mailOutbox, userInstallations, users } from '../../db/schema/index.js';
import { seedDistributor } from '../../db/seed/factories.js';
import { applyCells, seedApplications, seedChartsProduct, seedRedeemedDevice } from './device-api.test-helper.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for a distributor's endpoint: answers `status` and keeps what it got. */
async function startReceiver(status: number) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('device API: staying current', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ok: Awaited<ReturnType<typeof startReceiver>>;
  let failing: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ok = await startReceiver(204);
    failing = await startReceiver(500);
    t = await buildTestApp({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: true });
    await seedApplications(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([smtp.close(), ok.close(), failing.close()]);
  });

  it("mails each holder in their language and posts a signed CloudEvent to the distributor's endpoints when ApplyEnc changes a cell", async () => {
    const { productId, provider } = await seedChartsProduct(t, 1);
    await t.app.jobs.drain(); // the first apply's notice finds no device yet
    const agent = await t.loginAs('distributor');
    const distributor = await seedDistributor(t.database.db, { mainUserId: agent.id, title: 'Webhook Agency' });
    const hooks = '/api/distributor/webhooks';
    const registered = await t.app.inject({ method: 'POST', url: hooks, headers: agent.headers, payload: { url: ok.url } });
    expect(registered.statusCode).toBe(201);
    const secret = registered.json().secret as string;
    expect(secret).toMatch(/^whsec_/);
    await t.app.inject({ method: 'POST', url: hooks, headers: agent.headers, payload: { url: failing.url } });
    expect((await t.app.inject({ method: 'POST', url: hooks, headers: agent.headers, payload: { url: 'ftp://x' } })).statusCode).toBe(400);
    const listed = (await t.app.inject({ method: 'GET', url: hooks, headers: agent.headers })).json();
    expect(listed.map((e: { url: string }) => e.url)).toEqual([ok.url, failing.url]);
    expect(listed[0].secret).toBeUndefined();

    const d = await seedRedeemedDevice(t, { productId, hwId: '5A5A5' });
    await t.database.db.update(users).set({ locale: 'ru' }).where(eq(users.id, d.user.id));
    await t.database.db.update(licenses).set({ distributorId: distributor.id }).where(eq(licenses.id, d.license.id));

    await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.002', data: buildDemoHarbourUpdate(2) }]);
    await t.app.jobs.drain();

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, d.user.email));
    expect(mail).toMatchObject({
      subject: expect.stringContaining('Обновление карт'),
      text: expect.stringContaining('XX5DEMO1  1.2'),
      sentAt: expect.any(Date),
    });
    expect(smtp.received.filter((m) => m.to.includes(d.user.email))).toHaveLength(1);

    expect(ok.received).toHaveLength(1);
    const hit = ok.received[0]!;
    const signature = String(hit.headers['x-chartroom-signature']);
    const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${ts}.${hit.body}`).digest('hex'));
    expect(createHmac('sha256', 'whsec_wrong').update(`${ts}.${hit.body}`).digest('hex')).not.toBe(v1);
    expect(hit.headers['content-type']).toMatch(/application\/cloudevents\+json/);
    expect(JSON.parse(hit.body)).toMatchObject({
      specversion: '1.0',
      type: 'com.chartroom.cells.updated',
      subject: `installations/${d.installationId}`,
      data: {
        installationId: d.installationId,
        deviceId: d.deviceId,
        licenseId: d.license.id,
        cells: [{ name: 'XX5DEMO1', edition: 1, update: 2 }],
      },
    });

    // The failing endpoint was tried once and waits for its retry; the log shows both.
    expect(failing.received).toHaveLength(1);
    const log = (await t.app.inject({ method: 'GET', url: `${hooks}/deliveries`, headers: agent.headers })).json();
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ url: ok.url, state: 'delivered', attempts: 1, lastStatus: 204 }),
        expect.objectContaining({ url: failing.url, state: 'pending', attempts: 1, lastStatus: 500, lastError: 'endpoint answered 500' }),
      ]),
    );

    // Another distributor sees none of it; removing an endpoint stops its deliveries.
    const other = await t.loginAs('distributor');
    await seedDistributor(t.database.db, { mainUserId: other.id, title: 'Other Agency' });
    expect((await t.app.inject({ method: 'GET', url: `${hooks}/deliveries`, headers: other.headers })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `${hooks}/${listed[1].id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${hooks}/${listed[1].id}`, headers: agent.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: hooks, headers: d.user.headers })).statusCode).toBe(403);
  });
  it("posts to the endpoints of a distributor whose current agreement the device's user joined with that device", async () => {
    const { productId, provider } = await seedChartsProduct(t, 1);
    await t.app.jobs.drain();
    const agent = await t.loginAs('distributor');
    const distributor = await seedDistributor(t.database.db, { mainUserId: agent.id, title: 'Agreement Agency' });
    const receiver = await startReceiver(204);
    try {
      const hooks = '/api/distributor/webhooks';
      expect((await t.app.inject({ method: 'POST', url: hooks, headers: agent.headers, payload: { url: receiver.url } })).statusCode).toBe(
        201,
      );

      // The licence was not issued by this distributor; the user joined its agreement with the device.
      const d = await seedRedeemedDevice(t, { productId, hwId: '6B6B6' });
      const db = t.database.db;
      await db.insert(userInstallations).values({ userId: d.user.id, deviceId: d.deviceId, platformId: 1 }).onConflictDoNothing();
      const [inst] = await db
        .select()
        .from(userInstallations)
        .where(and(eq(userInstallations.userId, d.user.id), eq(userInstallations.deviceId, d.deviceId)));
      const [current] = await db
        .insert(agreements)
        .values({ distributorId: distributor.id, name: 'Fleet 2026', type: 'com', currency: 'USD', validTill: '2099-12-31' })
        .returning();
      const [lapsed] = await db
        .insert(agreements)
        .values({ distributorId: distributor.id, name: 'Fleet 2019', type: 'com', currency: 'USD', validTill: '2019-12-31' })
        .returning();
      await db.insert(agreementInstallations).values([
        { agreementId: current!.id, userId: d.user.id, installationId: inst!.id },
        { agreementId: lapsed!.id, userId: d.user.id, installationId: inst!.id },
      ]);

      await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.002', data: buildDemoHarbourUpdate(2) }]);
      await t.app.jobs.drain();

      // One event for the device, however many of the distributor's agreements it is under.
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
        subject: `installations/${d.installationId}`,
        data: { deviceId: d.deviceId, licenseId: d.license.id, cells: [{ name: 'XX5DEMO1', edition: 1, update: 2 }] },
      });

      // Once the agreement has lapsed too, the distributor hears no more of the device.
      await db.update(agreements).set({ validTill: '2020-01-01' }).where(eq(agreements.id, current!.id));
      await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.003', data: buildDemoHarbourUpdate(3) }]);
      await t.app.jobs.drain();
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
