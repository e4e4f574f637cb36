import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { seedProvider } from '../../db/seed/factories.js';
import { seedProduct } from '../../db/seed/licensing-demo.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { passwordFrom } from '../../../test/smtp.js';

async function makeProvider(t: TestApp) {
  const who = await t.loginAs('provider');
  const { geocontent } = await seedProvider(t.database.db, {
    ownerUserId: who.id,
    title: `Office ${who.id}`,
    geocontentTitle: `Charts ${who.id}`,
  });
  const com = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'com', price: 49.5, ais: true });
  const corp = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'corp' });
  const free = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'free' });
  return { ...who, gcid: geocontent.id, com, corp, free };
}

describe('provider licences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('issues a licence to a new e-mail: an account is made, the password mailed, and the user sees the licence', async () => {
    const p = await makeProvider(t);
    const email = `skipper-${p.id}@example.test`;
    const res = await get(
      `/api/providers/addpermit?prodid=${p.com.id}&email=${encodeURIComponent(email.toUpperCase())}&devnum=3`,
      p.headers,
    );
    expect(res.statusCode).toBe(200);
    const lic = res.json();
    expect(lic).toMatchObject({
      license: { product: { id: p.com.id, licType: 'com' }, price: 49.5, deviceCount: 3, user: { email }, issuerType: 'publisher' },
      issuer: { title: `Office ${p.id}` },
    });
    const months = (new Date(lic.license.expirationDate).getTime() - new Date(lic.license.issued).getTime()) / (30.44 * 86400_000);
    expect(Math.round(months)).toBe(12);

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toMatch(/licence/i);
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: email, password: passwordFrom(mail!.text) },
    });
    expect(login.statusCode).toBe(200);
    const profile = await get('/users/getprofile', { authorization: `Bearer ${login.json().token}` });
    expect(profile.json().licenses).toEqual([
      expect.objectContaining({
        id: lic.id,
        deviceCount: 3,
        installations: [],
        product: expect.objectContaining({ licType: 'com', ais: true, geoContent: { id: p.gcid, title: `Charts ${p.id}` } }),
      }),
    ]);
  });

  it('uses 12 months and unlimited devices by default, and an existing account as it is', async () => {
    const p = await makeProvider(t);
    const user = await t.loginAs('user');
    const before = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    const res = await get(`/api/providers/addpermit?prodid=${p.corp.id}&email=${encodeURIComponent(user.email)}`, p.headers);
    expect(res.json().license).toMatchObject({ deviceCount: 0, price: null, user: { id: user.id, email: user.email } });
    const after = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(after.length).toBe(before.length);
  });

  it('refuses free and disabled products, bad e-mails and negative device counts', async () => {
    const p = await makeProvider(t);
    expect((await get(`/api/providers/addpermit?prodid=${p.free.id}&email=a@example.test`, p.headers)).statusCode).toBe(400);
    expect((await get(`/api/providers/addpermit?prodid=${p.com.id}&email=not-an-email`, p.headers)).statusCode).toBe(400);
    expect((await get(`/api/providers/addpermit?prodid=${p.com.id}&email=a@example.test&devnum=-1`, p.headers)).statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: '/api/providers/AddUpdateProduct',
      headers: p.headers,
      payload: { gcid: p.gcid, licType: 'corp', isEnabled: false },
    });
    expect((await get(`/api/providers/addpermit?prodid=${p.corp.id}&email=a@example.test`, p.headers)).statusCode).toBe(409);
  });

  it('lists, removes and audits licences of its own geocontent only', async () => {
    const p = await makeProvider(t);
    const other = await makeProvider(t);
    const issued = (
      await get(`/api/providers/addpermit?prodid=${p.com.id}&email=crew-${p.id}@example.test&exp=6&devnum=1`, p.headers)
    ).json();
    const list = await get(`/api/providers/getLicenses?gcid=${p.gcid}`, p.headers);
    expect(list.json()).toEqual([expect.objectContaining({ id: issued.id })]);

    expect((await get(`/api/providers/getLicenses?gcid=${p.gcid}`, other.headers)).statusCode).toBe(404);
    expect((await get(`/api/providers/addpermit?prodid=${p.com.id}&email=x@example.test`, other.headers)).statusCode).toBe(404);
    const foreignRemove = await get(`/api/providers/removepermit?prodid=${p.com.id}&userid=${issued.license.user.id}`, other.headers);
    expect(foreignRemove.statusCode).toBe(404);

    const removed = await get(`/api/providers/removepermit?prodid=${p.com.id}&userid=${issued.license.user.id}`, p.headers);
    expect(removed.json()).toEqual({ removed: 1 });
    expect((await get(`/api/providers/getLicenses?gcid=${p.gcid}`, p.headers)).json()).toEqual([]);
    expect((await get(`/api/providers/removepermit?prodid=${p.com.id}&userid=${issued.license.user.id}`, p.headers)).statusCode).toBe(404);

    const audit = (await get(`/api/providers/audit?gcid=${p.gcid}`, p.headers)).json();
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['license.remove', 'license.issue']);
    expect(audit[1]).toMatchObject({
      actor: { email: p.email },
      subject: expect.objectContaining({ email: `crew-${p.id}@example.test`, months: 6 }),
      ip: expect.any(String),
    });
    expect((await get(`/api/providers/audit?gcid=${other.gcid}`, other.headers)).json()).toEqual([]);
  });
});
