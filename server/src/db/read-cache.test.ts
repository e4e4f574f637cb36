import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema/index.js';
import { seedProvider } from './seed/factories.js';
import { seedProduct } from './seed/licensing-demo.js';
import { isReadOnlyStatement, readCacheOf } from './read-cache.js';
import { buildTestApp, type TestApp } from '../../test/helper.js';

describe('which statements count as writes', () => {
  it('takes plain SELECTs as reads and everything else, locking or side-effecting SELECTs included, as writes', () => {
    expect(isReadOnlyStatement('select "id" from "users" where "id" = $1')).toBe(true);
    expect(isReadOnlyStatement('  SELECT 1')).toBe(true);
    for (const write of [
      'update "users" set "roles" = $1',
      'insert into "licenses" values ($1)',
      'delete from "installations"',
      'with x as (update jobs set a = 1 returning *) select * from x',
      'select * from "licenses" where "id" = $1 for update',
      "select nextval('s')",
      'select pg_advisory_xact_lock(1)',
      'begin',
      'commit',
    ]) {
      expect(isReadOnlyStatement(write), write).toBe(false);
    }
  });
});

// What the cache promises a user: any change is seen by the very next request, on either database
// (on PostgreSQL there is no cache; on PGlite every write empties it).
describe('hot reads stay fresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses a role removed from an account on the very next request', async () => {
    const p = await t.loginAs('provider');
    await seedProvider(t.database.db, { ownerUserId: p.id, title: `Office ${p.id}`, geocontentTitle: `Charts ${p.id}` });
    const geocontents = () => t.app.inject({ method: 'GET', url: '/api/geocontent/', headers: p.headers });
    for (let i = 0; i < 3; i++) expect((await geocontents()).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ roles: ['user'] })
      .where(eq(users.id, p.id));
    expect((await geocontents()).statusCode).toBe(403);
    await t.database.db.execute(sql`update users set roles = array['user','provider'] where id = ${p.id}`);
    expect((await geocontents()).statusCode).toBe(200);
  });

  it('shows a licence issued to a user in the next profile read, and the provider list at once', async () => {
    const p = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: p.id,
      title: `Office ${p.id}`,
      geocontentTitle: `Charts ${p.id}`,
    });
    const product = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'com', price: 10 });
    const u = await t.loginAs('user');
    const profile = async () => (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers })).json().licenses;
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/providers/getLicenses?gcid=${geocontent.id}`, headers: p.headers })).json();
    expect(await profile()).toEqual([]);
    expect(await listed()).toEqual([]);
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/providers/addpermit?prodid=${product.id}&email=${encodeURIComponent(u.email)}&devnum=2`,
      headers: p.headers,
    });
    expect(issued.statusCode).toBe(200);
    expect((await profile()).map((l: { product: { id: number } }) => l.product.id)).toEqual([product.id]);
    expect((await listed()).map((l: { license: { user: { email: string } } }) => l.license.user.email)).toEqual([u.email]);

    const licenseId = (await profile())[0].id as number;
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/licenses/${licenseId}/installations`,
      headers: u.headers,
      payload: { deviceId: 'BRIDGE-PC-1', platformId: 1 },
    });
    expect(attach.statusCode).toBe(201);
    expect((await profile())[0].installations.map((i: { deviceId: string }) => i.deviceId)).toEqual(['BRIDGE-PC-1']);
  });

  it('keeps no cache inside a transaction, and none at all on PostgreSQL', async () => {
    await t.database.db.transaction(async (tx) => {
      expect(readCacheOf(tx).enabled).toBe(false);
    });
    expect(readCacheOf(t.database.db).enabled).toBe(t.database.kind === 'pglite');
  });
});
