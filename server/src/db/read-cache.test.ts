import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './schema/index.js';
import { seedProvider } from './seed/factories.js';
import { seedProduct } from './seed/licensing-demo.js';
import { actorFromUser } from '../plugins/auth.js';
import { sharedAnswerSerializer } from '../plugins/shared-answer-serializer.js';
import { getProfile } from '../modules/users/users.service.js';
import { isReadOnlyStatement, isSharedPresentation, presentOnce, presentOnceFor, ReadCache, readCacheOf } from './read-cache.js';
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

// PostgreSQL: nothing kept, but concurrent requests for one key share a read that began after each arrived.
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A load per call that ends when the test says: `started[i]` resolves or rejects the i-th. */
function deferredLoads() {
  const started: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const load = () => new Promise((resolve, reject) => started.push({ resolve, reject }));
  return { started, load };
}

describe('coalesced reads (PostgreSQL)', () => {
  it('gives requests that arrive during a read the next read, shared, and never one that began before them', async () => {
    const cache = new ReadCache(false, 0, true);
    const { started, load } = deferredLoads();
    // Requests of one turn of the event loop share a read that starts when the turn is over.
    const first = [cache.get('k', load), cache.get('k', load)];
    expect(started).toHaveLength(0);
    await nextTurn();
    expect(started).toHaveLength(1);
    const during = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    await nextTurn();
    expect(started).toHaveLength(1); // the latecomers wait for the read under way to end
    started[0]!.resolve({ version: 1 });
    expect(await Promise.all(first)).toEqual([{ version: 1 }, { version: 1 }]);
    await nextTurn();
    expect(started).toHaveLength(2); // one more read, started after all three arrived
    started[1]!.resolve({ version: 2 });
    expect(await Promise.all(during)).toEqual([{ version: 2 }, { version: 2 }, { version: 2 }]);
    // Nothing is kept: the next request reads again.
    const later = cache.get('k', load);
    await nextTurn();
    expect(started).toHaveLength(3);
    started[2]!.resolve({ version: 3 });
    expect(await later).toEqual({ version: 3 });
  });

  it('shares a failure only with those who shared the read, and keeps different keys apart', async () => {
    const cache = new ReadCache(false, 0, true);
    const { started, load } = deferredLoads();
    const a = cache.get('a', load);
    const b = cache.get('b', load);
    await nextTurn();
    expect(started).toHaveLength(2);
    started[0]!.reject(new Error('connection lost'));
    started[1]!.resolve('b1');
    await expect(a).rejects.toThrow('connection lost');
    expect(await b).toBe('b1');
    const again = cache.get('a', load);
    await nextTurn();
    started[2]!.resolve('a2');
    expect(await again).toBe('a2');
  });

  it("freezes what it shares, so one request cannot change another's answer", async () => {
    const cache = new ReadCache(false, 0, true);
    const value = await cache.get('k', async () => [{ id: 1 }]);
    expect(Object.isFrozen(value[0])).toBe(true);
  });

  it('presents a shared read once, frozen, and rows of one request every time', async () => {
    let calls = 0;
    const present = (rows: readonly { id: number }[]) => {
      calls++;
      return rows.map((r) => ({ label: `#${r.id}` }));
    };
    const shared = await new ReadCache(false, 0, true).get('k', async () => [{ id: 1 }]);
    const first = presentOnce(shared, present);
    expect(presentOnce(shared, present)).toBe(first);
    expect(calls).toBe(1);
    expect(Object.isFrozen(first[0])).toBe(true);
    const own = [{ id: 2 }];
    expect(presentOnce(own, present)).toEqual([{ label: '#2' }]);
    presentOnce(own, present);
    expect(calls).toBe(3);
  });

  it("shares an answer made of a shared read and the request's own fields per distinct own key, and writes its JSON once", async () => {
    const shared = await new ReadCache(false, 0, true).get('k', async () => [{ id: 1 }]);
    const answer = (rows: readonly { id: number }[], own: { locale: string }) => ({ ...own, ids: rows.map((r) => r.id) });
    const en = presentOnceFor(shared, 'en', { locale: 'en' }, answer);
    expect(presentOnceFor(shared, 'en', { locale: 'en' }, answer)).toBe(en);
    const ru = presentOnceFor(shared, 'ru', { locale: 'ru' }, answer);
    expect(ru).toEqual({ locale: 'ru', ids: [1] });
    expect(isSharedPresentation(en) && isSharedPresentation(ru)).toBe(true);
    expect(isSharedPresentation({ locale: 'en', ids: [1] })).toBe(false);
    // Rows of one request are presented every time, and not shared.
    expect(isSharedPresentation(presentOnceFor([{ id: 2 }], 'en', { locale: 'en' }, answer))).toBe(false);

    let written = 0;
    const serialize = sharedAnswerSerializer(() => (data: unknown) => {
      written++;
      return JSON.stringify(data);
    })({ schema: {}, method: 'GET', url: '/x', httpStatus: '200' });
    expect(serialize(en)).toBe('{"locale":"en","ids":[1]}');
    expect(serialize(en)).toBe('{"locale":"en","ids":[1]}');
    expect(serialize(ru)).toBe('{"locale":"ru","ids":[1]}');
    expect(serialize({ locale: 'en', ids: [1] })).toBe('{"locale":"en","ids":[1]}');
    expect(written).toBe(3);
  });
});

// What the cache promises a user: any change is seen by the very next request, on either database
// (on PostgreSQL there is no cache; on PGlite every write empties it).
describe('the epoch cache (embedded database)', () => {
  it('gives concurrent misses of one key one read, and keeps it', async () => {
    const cache = new ReadCache(true);
    const { started, load } = deferredLoads();
    const requests = [cache.get('k', load), cache.get('k', load), cache.get('k', load)];
    await nextTurn();
    expect(started).toHaveLength(1);
    started[0]!.resolve({ version: 1 });
    const answers = await Promise.all(requests);
    expect(answers).toEqual([{ version: 1 }, { version: 1 }, { version: 1 }]);
    expect(answers[1]).toBe(answers[0]);
    expect(await cache.get('k', load)).toEqual({ version: 1 }); // kept
    expect(started).toHaveLength(1);
  });

  it('does not hand a read that a write overtook to those who joined it: they read again', async () => {
    const cache = new ReadCache(true);
    const { started, load } = deferredLoads();
    const first = cache.get('k', load);
    const joined = cache.get('k', load);
    await nextTurn();
    expect(started).toHaveLength(1);
    cache.bump(); // a write starts while the read runs
    const afterWrite = cache.get('k', load);
    await nextTurn();
    expect(started).toHaveLength(2); // the request that came after the write does not join
    started[0]!.resolve({ version: 1 });
    // The first request gets the read it started (it began after the request came in)...
    expect(await first).toEqual({ version: 1 });
    await nextTurn();
    // ...but the one that joined it reads again, and that read is shared with the one after the write.
    started[1]!.resolve({ version: 2 });
    expect(await afterWrite).toEqual({ version: 2 });
    expect(await joined).toEqual({ version: 2 });
    expect(started).toHaveLength(2);
  });

  it('does not share a failure: those who joined read again', async () => {
    const cache = new ReadCache(true);
    const { started, load } = deferredLoads();
    const first = cache.get('k', load);
    const joined = cache.get('k', load);
    await nextTurn();
    started[0]!.reject(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await nextTurn();
    expect(started).toHaveLength(2);
    started[1]!.resolve('again');
    expect(await joined).toBe('again');
  });
});

describe('hot reads stay fresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A provider with a geocontent and a product, and a user to license it to. */
  async function providerWithProduct() {
    const p = await t.loginAs('provider');
    const { geocontent } = await seedProvider(t.database.db, {
      ownerUserId: p.id,
      title: `Office ${p.id}`,
      geocontentTitle: `Charts ${p.id}`,
    });
    const product = await seedProduct(t.database.db, { geocontentId: geocontent.id, licType: 'com', price: 10 });
    return { p, geocontent, product, u: await t.loginAs('user') };
  }

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
    const { p, geocontent, product, u } = await providerWithProduct();
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

  it('gives concurrent profile reads of one account one shared answer (so its JSON is written once)', async () => {
    const { p, product, u } = await providerWithProduct();
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/providers/addpermit?prodid=${product.id}&email=${encodeURIComponent(u.email)}&devnum=1`,
      headers: p.headers,
    });
    expect(issued.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.id));
    const actor = actorFromUser(row!);
    const profile = () => getProfile({ db: t.database.db, actor });
    await profile();
    // The first goes at once; the two that arrive while it is read share the next read (PostgreSQL),
    // or all three the cached one (PGlite): the last two answers are one object.
    const [, a, b] = await Promise.all([profile(), profile(), profile()]);
    expect(b).toBe(a);
    expect(a.licenses).toHaveLength(1);
    expect(isSharedPresentation(a)).toBe(true);
  });

  it("shows the account's own change (its language) in the next profile, and concurrent profiles alike", async () => {
    const u = await t.loginAs('user');
    const profile = async () => (await t.app.inject({ method: 'GET', url: '/users/getprofile', headers: u.headers })).json();
    const together = await Promise.all(Array.from({ length: 5 }, profile));
    expect(new Set(together.map((x) => JSON.stringify(x))).size).toBe(1);
    const before = together[0].locale as string;
    const other = before === 'ru' ? 'en' : 'ru';
    const set = await t.app.inject({ method: 'POST', url: '/users/locale', headers: u.headers, payload: { locale: other } });
    expect(set.statusCode).toBe(200);
    expect((await profile()).locale).toBe(other);
  });

  it('keeps no cache inside a transaction, and none at all on PostgreSQL', async () => {
    await t.database.db.transaction(async (tx) => {
      expect(readCacheOf(tx).enabled).toBe(false);
    });
    expect(readCacheOf(t.database.db).enabled).toBe(t.database.kind === 'pglite');
  });
});
