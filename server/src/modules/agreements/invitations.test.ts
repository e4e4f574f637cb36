import { buildDemoHarbourUpdate } from '@chartroom/s57';
import { createServer, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { plainTextOf, startSmtpServer } from '../../../test/smtp.js';
import { agreementInstallations, agreementInvitations, mailOutbox, users } from '../../db/schema/index.js';
import { seedUserInstallation } from '../../db/seed/orders-demo.js';
import { applyCells, seedApplications, seedChartsProduct, seedRedeemedDevice } from '../device-api/device-api.test-helper.js';
import { addShip, setUpDesk } from '../orders/orders.test-helper.js';
import { invitationsPerHour } from './invitations.service.js';

/** A local endpoint standing in for a distributor's webhook: answers 204 and counts what it got. */
async function startReceiver() {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

// Issue 34: a distributor reaches a user's devices only through an invitation the user accepts,
// choosing which devices join; until then it sees the e-mail and nothing else.
describe('agreement invitations: devices only with consent', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE: true });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  type Headers = { authorization: string };
  const lookUp = (headers: Headers, email: string, agreementId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/agreement/get-user-for-agreement?email=${encodeURIComponent(email)}&agreementId=${agreementId}`,
      headers,
    });
  const addInst = (headers: Headers, payload: { agreementId: number; userId: number; installationId: number }) =>
    t.app.inject({ method: 'POST', url: '/api/agreement/add-user-inst', headers, payload });
  const invite = (headers: Headers, agreementId: number, email: string) =>
    t.app.inject({ method: 'POST', url: '/api/agreement/invite-user', headers, payload: { agreementId, email } });
  const myInvitations = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/user/agreement-invitations', headers });
  const answer = (headers: Headers, id: number, verb: 'accept' | 'decline', payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/user/agreement-invitations/${id}/${verb}`, headers, ...(payload ? { payload } : {}) });
  const agreementUsers = (headers: Headers, agreementId: number) =>
    t.app.inject({ method: 'GET', url: `/api/agreement/agreement-users?agreementId=${agreementId}`, headers });
  const linksOf = (agreementId: number) =>
    t.database.db.select().from(agreementInstallations).where(eq(agreementInstallations.agreementId, agreementId));

  /** A user with two devices of their own (one with a ship name). */
  async function sailorWithDevices() {
    const user = await t.loginAs('user');
    const bridge = await seedUserInstallation(t.database.db, {
      userId: user.id,
      deviceId: `BRIDGE-${user.id}`,
      applicationTypeId: 102,
      platformId: 3,
      shipName: 'MV Private',
    });
    const spare = await seedUserInstallation(t.database.db, { userId: user.id, deviceId: `SPARE-${user.id}`, applicationTypeId: 101 });
    return { user, bridge, spare };
  }

  it('shows a stranger distributor the e-mail only, and refuses add-user-inst without consent', async () => {
    const victim = await sailorWithDevices();
    const stranger = await setUpDesk(t);
    const seen = await lookUp(stranger.owner.headers, victim.user.email.toUpperCase(), stranger.agreement.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ userId: null, email: victim.user.email, invitation: null, installations: [] });
    expect(seen.body).not.toContain('MV Private');
    expect(seen.body).not.toContain('BRIDGE');
    expect((await lookUp(stranger.owner.headers, 'ghost@example.test', stranger.agreement.id)).json()).toMatchObject({
      code: 'no_such_user',
    });

    // Guessed ids do not help: the victim's own device and another's answer alike, and nothing joins.
    for (const installationId of [victim.bridge.id, victim.spare.id, 987654]) {
      const res = await addInst(stranger.owner.headers, { agreementId: stranger.agreement.id, userId: victim.user.id, installationId });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'consent_required' });
      expect(res.body).not.toContain('BRIDGE');
    }
    expect(await linksOf(stranger.agreement.id)).toEqual([]);
    expect((await agreementUsers(stranger.owner.headers, stranger.agreement.id)).json()).toEqual([]);

    // Another distributor's agreement stays its own.
    const rival = await setUpDesk(t);
    expect((await lookUp(rival.owner.headers, victim.user.email, stranger.agreement.id)).statusCode).toBe(404);
    expect((await invite(rival.owner.headers, stranger.agreement.id, victim.user.email)).statusCode).toBe(404);
    expect((await invite(victim.user.headers, stranger.agreement.id, victim.user.email)).statusCode).toBe(403);
  });

  it("mails the invitation once, in the recipient's language, and shows nothing more while it is pending", async () => {
    const desk = await setUpDesk(t);
    const russian = await sailorWithDevices();
    await t.database.db.update(users).set({ locale: 'ru' }).where(eq(users.id, russian.user.id));
    const english = await sailorWithDevices();

    const first = await invite(desk.owner.headers, desk.agreement.id, russian.user.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      userId: null,
      email: russian.user.email,
      invitation: { id: expect.any(Number), status: 'pending', createdAt: expect.any(String), answeredAt: null },
      installations: [],
    });
    expect((await invite(desk.owner.headers, desk.agreement.id, english.user.email)).statusCode).toBe(200);
    // Asking again sends nothing more.
    expect((await invite(desk.owner.headers, desk.agreement.id, russian.user.email)).json().invitation.id).toBe(first.json().invitation.id);
    await t.app.jobs.drain();

    const toRussian = smtp.received.filter((m) => m.to.includes(russian.user.email));
    expect(toRussian).toHaveLength(1);
    const ruText = plainTextOf(toRussian[0]!.raw);
    expect(ruText).toContain(`приглашает вас присоединиться к договору «${desk.agreement.name}»`);
    expect(ruText).toContain(`Agency ${desk.owner.id}`);
    expect(ruText).toMatch(/\/ru\/user\b/);
    expect(ruText).not.toContain('invites you');
    const [ruRow] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, russian.user.email));
    expect(ruRow).toMatchObject({ subject: `Agency ${desk.owner.id} приглашает вас в договор в Chartroom`, sentAt: expect.any(Date) });

    const toEnglish = smtp.received.filter((m) => m.to.includes(english.user.email));
    expect(toEnglish).toHaveLength(1);
    const enText = plainTextOf(toEnglish[0]!.raw);
    expect(enText).toContain(`invites you to join its agreement “${desk.agreement.name}”`);
    expect(enText).not.toContain('/ru/user');
    // The mail names no device either.
    expect(enText).not.toContain('BRIDGE');

    // Pending: still the e-mail only, and add-user-inst still refused.
    expect((await lookUp(desk.owner.headers, russian.user.email, desk.agreement.id)).json()).toMatchObject({
      userId: null,
      invitation: { status: 'pending' },
      installations: [],
    });
    const refused = await addInst(desk.owner.headers, {
      agreementId: desk.agreement.id,
      userId: russian.user.id,
      installationId: russian.bridge.id,
    });
    expect(refused.json()).toMatchObject({ code: 'consent_required' });
    expect((await invite(desk.owner.headers, desk.agreement.id, 'ghost@example.test')).json()).toMatchObject({ code: 'no_such_user' });
  });

  it('lets the user accept with the devices they choose: only those join and become visible', async () => {
    const desk = await setUpDesk(t);
    const sailor = await sailorWithDevices();
    await invite(desk.owner.headers, desk.agreement.id, sailor.user.email);

    const listed = await myInvitations(sailor.user.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      invitations: [
        {
          id: expect.any(Number),
          createdAt: expect.any(String),
          agreement: { id: desk.agreement.id, name: desk.agreement.name, validTill: expect.any(String) },
          distributor: { title: `Agency ${desk.owner.id}` },
        },
      ],
      installations: [
        expect.objectContaining({ id: sailor.bridge.id, deviceCode: sailor.bridge.deviceId, shipName: 'MV Private' }),
        expect.objectContaining({ id: sailor.spare.id, deviceCode: sailor.spare.deviceId }),
      ],
    });
    const invitationId = listed.json().invitations[0].id as number;

    // Someone else cannot answer it; the user cannot put another's device on it; a bad body is a 400.
    const other = await sailorWithDevices();
    expect((await answer(other.user.headers, invitationId, 'accept', { installationIds: [other.bridge.id] })).statusCode).toBe(404);
    expect((await answer(other.user.headers, invitationId, 'decline')).statusCode).toBe(404);
    const foreign = await answer(sailor.user.headers, invitationId, 'accept', { installationIds: [sailor.bridge.id, other.bridge.id] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found', params: { thing: 'installation' } });
    expect(await linksOf(desk.agreement.id)).toEqual([]); // the whole answer was undone
    expect((await answer(sailor.user.headers, invitationId, 'accept', { installationIds: [] })).statusCode).toBe(400);
    expect((await answer(sailor.user.headers, invitationId, 'accept', { installationIds: [2147483648] })).statusCode).toBe(400);

    const accepted = await answer(sailor.user.headers, invitationId, 'accept', { installationIds: [sailor.bridge.id] });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().invitations).toEqual([]);
    expect((await answer(sailor.user.headers, invitationId, 'accept', { installationIds: [sailor.spare.id] })).statusCode).toBe(404);

    // The chosen device joined; the other stays unseen.
    expect((await agreementUsers(desk.owner.headers, desk.agreement.id)).json()).toEqual([
      expect.objectContaining({ userId: sailor.user.id, installationId: sailor.bridge.id, shipName: 'MV Private' }),
    ]);
    const seen = await lookUp(desk.owner.headers, sailor.user.email, desk.agreement.id);
    expect(seen.json()).toEqual({
      userId: sailor.user.id,
      email: sailor.user.email,
      invitation: { id: invitationId, status: 'accepted', createdAt: expect.any(String), answeredAt: expect.any(String) },
      installations: [expect.objectContaining({ id: sailor.bridge.id, deviceCode: sailor.bridge.deviceId, shipName: 'MV Private' })],
    });
    expect(seen.body).not.toContain(sailor.spare.deviceId);
    // add-user-inst answers the consented device's entry (as before) and refuses the other.
    const added = await addInst(desk.owner.headers, {
      agreementId: desk.agreement.id,
      userId: sailor.user.id,
      installationId: sailor.bridge.id,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ userId: sailor.user.id, installationId: sailor.bridge.id, deviceId: sailor.bridge.deviceId });
    const spare = await addInst(desk.owner.headers, {
      agreementId: desk.agreement.id,
      userId: sailor.user.id,
      installationId: sailor.spare.id,
    });
    expect(spare.statusCode).toBe(403);
    // Consent is per agreement: the same distributor's other agreement sees nothing.
    const second = await setUpDesk(t);
    expect((await lookUp(second.owner.headers, sailor.user.email, second.agreement.id)).json().installations).toEqual([]);
  });

  it('lets the user decline: nothing joins, and the distributor cannot invite again', async () => {
    const desk = await setUpDesk(t);
    const sailor = await sailorWithDevices();
    const invitationId = (await invite(desk.owner.headers, desk.agreement.id, sailor.user.email)).json().invitation.id as number;
    const declined = await answer(sailor.user.headers, invitationId, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().invitations).toEqual([]);
    expect((await answer(sailor.user.headers, invitationId, 'accept', { installationIds: [sailor.bridge.id] })).statusCode).toBe(404);
    expect(await linksOf(desk.agreement.id)).toEqual([]);
    expect((await lookUp(desk.owner.headers, sailor.user.email, desk.agreement.id)).json()).toMatchObject({
      userId: null,
      invitation: { status: 'declined', answeredAt: expect.any(String) },
      installations: [],
    });
    await t.app.jobs.drain();
    const mails = () => smtp.received.filter((m) => m.to.includes(sailor.user.email)).length;
    expect(mails()).toBe(1);
    const again = await invite(desk.owner.headers, desk.agreement.id, sailor.user.email);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'invitation_declined' });
    await t.app.jobs.drain();
    expect(mails()).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(agreementInvitations)
      .where(and(eq(agreementInvitations.agreementId, desk.agreement.id), eq(agreementInvitations.userId, sailor.user.id)));
    expect(row?.status).toBe('declined');
  });

  it('sends at most so many new invitations an hour per distributor, and no mail beyond them', async () => {
    const desk = await setUpDesk(t);
    const invitees = [];
    for (let i = 0; i <= invitationsPerHour; i += 1) invitees.push(await t.loginAs('user'));
    for (const who of invitees.slice(0, invitationsPerHour))
      expect((await invite(desk.owner.headers, desk.agreement.id, who.email)).statusCode).toBe(200);
    // Asking again about one already invited sends nothing and is not counted.
    expect((await invite(desk.owner.headers, desk.agreement.id, invitees[0]!.email)).statusCode).toBe(200);
    const last = invitees[invitationsPerHour]!.email;
    const over = await invite(desk.owner.headers, desk.agreement.id, last);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
    expect(await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, last))).toEqual([]);
    expect((await lookUp(desk.owner.headers, last, desk.agreement.id)).json().invitation).toBeNull();
  });

  it('keeps memberships made before consent: the distributor still sees and uses them', async () => {
    const desk = await setUpDesk(t);
    const ship = await addShip(t, desk.agreement.id); // attached directly, as before invitations existed
    expect((await agreementUsers(desk.owner.headers, desk.agreement.id)).json()).toEqual([
      expect.objectContaining({ userId: ship.user.id, installationId: ship.installation.id }),
    ]);
    expect((await lookUp(desk.owner.headers, ship.user.email, desk.agreement.id)).json()).toMatchObject({
      userId: ship.user.id,
      invitation: null,
      installations: [expect.objectContaining({ id: ship.installation.id })],
    });
    const added = await addInst(desk.owner.headers, {
      agreementId: desk.agreement.id,
      userId: ship.user.id,
      installationId: ship.installation.id,
    });
    expect(added.statusCode).toBe(200);
  });

  it("sends a distributor's webhooks nothing of a user who has not accepted, and the chosen device's notices once they have", async () => {
    await seedApplications(t);
    const { productId, provider } = await seedChartsProduct(t, 1);
    await t.app.jobs.drain();
    const desk = await setUpDesk(t);
    const receiver = await startReceiver();
    try {
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/distributor/webhooks',
        headers: desk.owner.headers,
        payload: { url: receiver.url },
      });
      expect(hook.statusCode).toBe(201);
      // A licence the distributor did not issue, on a device of the user's.
      const d = await seedRedeemedDevice(t, { productId, hwId: '7C7C7' });
      await invite(desk.owner.headers, desk.agreement.id, d.user.email);
      const listed = (await myInvitations(d.user.headers)).json();
      const device = listed.installations.find((i: { deviceCode: string }) => i.deviceCode === d.deviceId);
      expect(device).toBeDefined();
      expect(
        (await addInst(desk.owner.headers, { agreementId: desk.agreement.id, userId: d.user.id, installationId: device.id })).statusCode,
      ).toBe(403);

      await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.002', data: buildDemoHarbourUpdate(2) }]);
      await t.app.jobs.drain();
      expect(receiver.received).toEqual([]);

      const accepted = await answer(d.user.headers, listed.invitations[0].id, 'accept', { installationIds: [device.id] });
      expect(accepted.statusCode).toBe(200);
      await applyCells(t, provider, [{ name: 'files', filename: 'XX5DEMO1.003', data: buildDemoHarbourUpdate(3) }]);
      await t.app.jobs.drain();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!)).toMatchObject({
        type: 'com.chartroom.cells.updated',
        data: { deviceId: d.deviceId, userId: d.user.id, cells: [{ name: 'XX5DEMO1', edition: 1, update: 3 }] },
      });
    } finally {
      await receiver.close();
    }
  });
});
