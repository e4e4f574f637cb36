import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoHarbourCell } from '@chartroom/s57';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemo } from '../../db/seed/demo.js';
import { geocontents, users } from '../../db/schema/index.js';
import { multipart, type Part } from '../charts/charts.test-helper.js';

// Issue 34: the ids of multipart requests are read after the files, outside the route's schema.
// Each is checked with the shared id schema: an id past PostgreSQL's integer, a float, a negative, a
// word or nothing at all is a 400 naming the field, never a 500.

const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a6b00000000049454e44ae426082',
  'hex',
);

/** A two-point GPX route (for the route check). */
const gpxRoute = Buffer.from(
  '<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><rte><rtept lat="59.9" lon="30.2"/><rtept lat="59.95" lon="30.3"/></rte></gpx>',
);

/** Every multipart route, its id field (`optional` when the request goes without it), and the other parts of a request it would accept. */
function routes(cell: Uint8Array): { url: string; idField: string; optional?: boolean; parts: Part[] }[] {
  return [
    {
      url: '/api/user/route-check',
      idField: 'installationId',
      optional: true,
      parts: [{ name: 'file', filename: 'route.gpx', data: gpxRoute }],
    },
    { url: '/api/geocontent/addenc', idField: 'gcid', parts: [{ name: 'files', filename: 'XX5DEMO1.000', data: cell }] },
    {
      url: '/api/geocontent/AddS63ToGeocontent',
      idField: 'geocontentId',
      parts: [
        { name: 'deviceKey', value: '1A2B3' },
        { name: 'file', filename: 'exchange-set.zip', data: cell },
      ],
    },
    { url: '/api/geocontent/adds102', idField: 'gcid', parts: [{ name: 'files', filename: '102XX00_DEMO.h5', data: Buffer.from('x') }] },
    { url: '/api/geocontent/adds100', idField: 'gcid', parts: [{ name: 'files', filename: '101XX00DEMO1.000', data: cell }] },
    {
      url: '/api/geocontent/addraw',
      idField: 'gcid',
      parts: [
        { name: 'descr', value: 'survey' },
        { name: 'file', filename: 'depth.xyz', data: Buffer.from('1 2 3\n') },
      ],
    },
    {
      url: '/api/ntm',
      idField: 'gcid',
      parts: [
        { name: 'description', value: 'notice' },
        { name: 'file', filename: 'ntm.pdf', data: pdf },
      ],
    },
    {
      url: '/api/navmessages',
      idField: 'gcid',
      parts: [
        { name: 'text', value: 'a buoy is off station' },
        { name: 'lat', value: '59.9' },
        { name: 'lng', value: '30.3' },
        { name: 'images', filename: 'buoy.png', data: png },
      ],
    },
  ];
}

const outOfRange = ['2147483648', '1e15', '1000000000000000', '99999999999999999999999', '-1', '0', '-2147483649'];
const garbage = ['1.5', 'abc', '12abc', 'NaN', 'Infinity', '', ' ', '\u0000', '9'.repeat(400), '１２']; // the last: full-width digits

describe('multipart ids: out-of-range and garbage ids never give a 500', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let ownGcid = 0;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: 100_000, ROUTE_CHECKS_PER_MINUTE: 100_000 });
    await seedDemo(t.database.db);
    // The demo admin holds every role, so each route is reached past its role check.
    const admin = (await t.database.db.query.users.findFirst({ where: eq(users.email, 'admin@demo.test') }))!;
    headers = { authorization: `Bearer ${t.app.signToken(admin)}` };
    ownGcid = (await t.database.db.select().from(geocontents).limit(1))[0]!.id;
  });
  afterAll(() => t.close());

  it('covers every multipart route of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    const documented = Object.entries(doc.paths)
      .filter(([, item]) => Object.values(item).some((op) => /multipart/i.test(`${op.summary} ${op.description}`)))
      .map(([path]) => path)
      .sort();
    expect(documented).toEqual(
      routes(new Uint8Array())
        .map((r) => r.url)
        .sort(),
    );
  });

  it('answers 400 naming the id field for every bad id, before or after the files', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes(buildDemoHarbourCell())) {
      for (const value of [...outOfRange, ...garbage]) {
        for (const idFirst of [true, false]) {
          const id: Part = { name: route.idField, value };
          const body = multipart(idFirst ? [id, ...route.parts] : [...route.parts, id]);
          const res = await t.app.inject({
            method: 'POST',
            url: route.url,
            headers: { ...headers, ...body.headers },
            payload: body.payload,
          });
          sent++;
          const label = `${route.url} ${route.idField}=${JSON.stringify(value.slice(0, 20))} (${idFirst ? 'first' : 'last'})`;
          if (res.statusCode !== 400) {
            failures.push(`${label} → ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          const paths = (res.json().details ?? []).map((d: { path: string }) => d.path);
          if (!paths.includes(`body.${route.idField}`))
            failures.push(`${label} → 400 without body.${route.idField}: ${res.body.slice(0, 200)}`);
        }
      }
      // The field left out altogether: a 400, or the answer for an optional one.
      const body = multipart(route.parts);
      const res = await t.app.inject({ method: 'POST', url: route.url, headers: { ...headers, ...body.headers }, payload: body.payload });
      sent++;
      if (res.statusCode !== (route.optional ? 200 : 400)) failures.push(`${route.url} without ${route.idField} → ${res.statusCode}`);
    }
    expect(sent).toBe(routes(new Uint8Array()).length * ((outOfRange.length + garbage.length) * 2 + 1));
    expect(failures, failures.join('\n')).toEqual([]);
  }, 300_000);

  it('says what the limit is for an id past the largest integer', async () => {
    const body = multipart([{ name: 'gcid', value: '2147483648' }, ...routes(buildDemoHarbourCell())[0]!.parts]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/geocontent/addenc',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation',
      details: [{ path: 'body.gcid', code: 'too_big', params: { maximum: 2147483647 } }],
    });
  });

  it('still takes the largest id there is and a real one (a 404 for a geocontent that does not exist, not a 400)', async () => {
    for (const route of routes(buildDemoHarbourCell()).filter((r) => r.url.startsWith('/api/geocontent/'))) {
      const body = multipart([{ name: route.idField, value: '2147483647' }, ...route.parts]);
      const res = await t.app.inject({ method: 'POST', url: route.url, headers: { ...headers, ...body.headers }, payload: body.payload });
      expect([403, 404], `${route.url} ${res.body}`).toContain(res.statusCode);
    }
    const body = multipart([{ name: 'gcid', value: String(ownGcid) }, ...routes(buildDemoHarbourCell())[0]!.parts]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/geocontent/addenc',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).not.toBe(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
