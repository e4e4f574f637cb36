import { readFileSync } from 'node:fs';
import { demoHarbourCell, writeS57 } from '@chartroom/s57';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedLicense, seedProduct } from '../../db/seed/licensing-demo.js';
import { seedAgreementUser } from '../../db/seed/orders-demo.js';
import { linkRateProduct } from '../agreements/agreements.repository.js';
import { listUserInstallations, syncUserInstallations } from '../agreements/installations.repository.js';
import { loginProvider, multipart } from '../charts/charts.test-helper.js';
import { applyCells, seedApplications, seedRedeemedDevice } from '../device-api/device-api.test-helper.js';
import { placeOrder, setUpDesk } from '../orders/orders.test-helper.js';

// The route check (issue 37) against the IHO S-64 test cells: GB4X0000 (band 4, approach) and,
// inside it, the harbour cells GB5X01NW/NE/SW/SE (band 5). The approach cell is one provider's
// (the ship's licence), the harbour cells another's (not licensed: offered at their price).

const s64 = (name: string) => ({
  name: 'files',
  filename: `${name}.000`,
  data: readFileSync(testdataPath('s57/iho-s64-2.1.1', `${name}.000`)),
});

/** Along the parallel 32.52° S from 60.80° E eastwards: in GB4X0000, through GB5X01SW and GB5X01NE, out past GB4X0000's eastern edge. */
const LAT = -32.52;
const route = [
  [60.8, LAT],
  [61.0, LAT],
  [61.45, LAT],
] as const;
/** Nautical miles along the parallel from the route's start to longitude `lon` (a check independent of the server's great circles). */
const nmTo = (lon: number) => (lon - 60.8) * 60 * Math.cos((LAT * Math.PI) / 180);

const gpx = (points: readonly (readonly [number, number])[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><rte><name>Harbour</name>${points
    .map(([lon, lat]) => `<rtept lat="${lat}" lon="${lon}"/>`)
    .join('')}</rte></gpx>`;
const rtz = (points: readonly (readonly [number, number])[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<route xmlns="http://www.cirm.org/RTZ/1/0" version="1.0"><routeInfo routeName="Harbour"/><waypoints>${points
    .map(([lon, lat], i) => `<waypoint id="${i + 1}"><position lat="${lat}" lon="${lon}"/></waypoint>`)
    .join('')}</waypoints></route>`;

interface Answer {
  route: { points: [number, number][]; lengthNm: number };
  corridor: { type: string; coordinates: unknown[] };
  devices: { installationId: number; deviceId: string }[];
  cells: {
    product: string;
    name: string;
    band: number | null;
    licensed: boolean;
    licenseIds: number[];
    status: Record<string, string> | null;
    fromNm: number;
    toNm: number;
    stretches: { fromNm: number; toNm: number }[];
  }[];
  gaps: { fromNm: number; toNm: number; points: [number, number][] }[];
  offers: {
    cellNames: string[];
    products: { productId: number; productName: string; providerName: string; price: number | null; currency: string }[];
  }[];
  order: { installationId: number; paymentMethod: string; agreementId: number; items: { product: string; months: number }[] } | null;
}

describe.skipIf(!hasTestdata)('route check against the S-64 cells', () => {
  let t: TestApp;
  let ship: Awaited<ReturnType<typeof seedRedeemedDevice>>;
  let harbourProductId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    const approach = await loginProvider(t, 'Approach Office');
    await applyCells(t, approach, [s64('GB4X0000')]);
    const approachProduct = await seedProduct(t.database.db, { geocontentId: approach.gcId, licType: 'com', price: 10 });
    const harbour = await loginProvider(t, 'Harbour Office');
    await applyCells(t, harbour, ['GB5X01NE', 'GB5X01NW', 'GB5X01SE', 'GB5X01SW'].map(s64));
    harbourProductId = (await seedProduct(t.database.db, { geocontentId: harbour.gcId, licType: 'com', price: 40 })).id;
    ship = await seedRedeemedDevice(t, { productId: approachProduct.id, hwId: '1A2B3' });
  });
  afterAll(() => t.close());

  const check = async (opts: { payload: string | Buffer; contentType?: string; query?: string; headers?: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/route-check${opts.query ?? ''}`,
      headers: { ...(opts.headers ?? ship.user.headers), 'content-type': opts.contentType ?? 'application/gpx+xml' },
      payload: opts.payload,
    });
  const upload = async (file: string | Buffer, fields: Record<string, string> = {}, headers = ship.user.headers) => {
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', filename: 'route.gpx', data: typeof file === 'string' ? Buffer.from(file) : file },
    ]);
    return t.app.inject({ method: 'POST', url: '/api/user/route-check', headers: { ...headers, ...body.headers }, payload: body.payload });
  };

  it('picks the band-5 cells where they cover, GB4X0000 elsewhere, and reports the stretch outside all coverage', async () => {
    const res = await check({ payload: gpx(route), query: '?corridorNm=0.1' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.route.points).toEqual(route);
    expect(answer.route.lengthNm).toBeCloseTo(nmTo(61.45), 1);
    expect(answer.corridor.type).toBe('Polygon');
    expect(answer.devices).toEqual([{ installationId: ship.installationId, deviceId: ship.deviceId, applicationTypeId: 101 }]);
    expect(answer.cells.map((c) => [c.name, c.band])).toEqual([
      ['GB4X0000', 4],
      ['GB5X01SW', 5],
      ['GB5X01NE', 5],
    ]);
    const cell = (name: string) => answer.cells.find((c) => c.name === name)!;
    // The harbour cells' edges (GB5X01SW 60.8733°–60.9667° E, GB5X01NE to 60.9973° E) and GB4X0000's (61.3173° E).
    const near = (value: number, lon: number) => expect(Math.abs(value - nmTo(lon))).toBeLessThan(0.05);
    near(cell('GB5X01SW').fromNm, 60.8733);
    near(cell('GB5X01SW').toNm, 60.9667);
    near(cell('GB5X01NE').fromNm, 60.9667);
    near(cell('GB5X01NE').toNm, 60.9973);
    const approach = cell('GB4X0000');
    expect(approach.stretches).toHaveLength(2);
    expect(approach.stretches[0]!.fromNm).toBe(0);
    near(approach.stretches[0]!.toNm, 60.8733);
    near(approach.stretches[1]!.fromNm, 60.9973);
    near(approach.stretches[1]!.toNm, 61.3173);
    expect(answer.gaps).toHaveLength(1);
    near(answer.gaps[0]!.fromNm, 61.3173);
    expect(answer.gaps[0]!.toNm).toBe(answer.route.lengthNm);
    expect(answer.gaps[0]!.points.at(-1)).toEqual([61.45, LAT]);
    expect(answer.gaps[0]!.points[0]![0]).toBeCloseTo(61.3173, 3);

    // The ship's licence holds the approach cell, not on board yet; the harbour cells are offered at their price.
    expect(approach).toMatchObject({ licensed: true, licenseIds: [ship.license.id], status: { [ship.installationId]: 'not-on-board' } });
    expect(cell('GB5X01SW')).toMatchObject({ licensed: false, licenseIds: [], status: null });
    expect(answer.offers).toEqual([
      {
        cellNames: ['GB5X01SW', 'GB5X01NE'],
        products: [
          {
            productId: harbourProductId,
            productName: 'Harbour Office charts (com)',
            providerName: 'Harbour Office',
            price: 40,
            currency: 'RUB',
          },
        ],
      },
    ]);
    expect(answer.order).toBeNull();
  });

  it('widens the choice with the corridor: at 5 NM the harbour cell north of the route serves too', async () => {
    const answer = (await check({ payload: gpx(route) })).json() as Answer;
    expect(answer.cells.map((c) => c.name).sort()).toEqual(['GB4X0000', 'GB5X01NE', 'GB5X01NW', 'GB5X01SW']);
    expect(answer.offers[0]!.cellNames.sort()).toEqual(['GB5X01NE', 'GB5X01NW', 'GB5X01SW']);
  });

  it('gives the same answer for a GPX and an RTZ of the same route, raw or as a multipart file', async () => {
    const fromGpx = await check({ payload: gpx(route), query: '?corridorNm=2' });
    const fromRtz = await check({ payload: rtz(route), contentType: 'text/xml', query: '?corridorNm=2' });
    const fromUpload = await upload(rtz(route), { corridorNm: '2' });
    const fromTrack = await check({
      payload: `<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${route.map(([lon, lat]) => `<trkpt lat="${lat}" lon="${lon}"/>`).join('')}</trkseg></trk></gpx>`,
      contentType: 'text/plain',
      query: '?corridorNm=2',
    });
    for (const res of [fromGpx, fromRtz, fromUpload, fromTrack]) expect(res.statusCode, res.body).toBe(200);
    expect(fromRtz.json()).toEqual(fromGpx.json());
    expect(fromUpload.json()).toEqual(fromGpx.json());
    expect(fromTrack.json()).toEqual(fromGpx.json());
  });

  it('answers 4xx naming the problem for bad input', async () => {
    const notRoute = await check({ payload: 'hello, this is not a route', contentType: 'text/plain' });
    expect(notRoute.statusCode).toBe(400);
    expect(notRoute.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('not GPX or RTZ') });
    const html = await check({ payload: '<html><body/></html>', contentType: 'text/xml' });
    expect(html.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('<html>') });
    const entity = await check({ payload: '<!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx><wpt lat="&x;" lon="1"/></gpx>' });
    expect(entity.statusCode).toBe(400);
    expect(entity.json()).toMatchObject({ code: 'unsupported_file', message: expect.stringContaining('DOCTYPE') });

    const onePoint = await check({ payload: gpx([route[0]]) });
    expect(onePoint.statusCode).toBe(400);
    expect(onePoint.json()).toMatchObject({
      code: 'validation',
      details: [{ path: 'body.file', code: 'too_small', params: { minimum: 2 } }],
    });
    const badPoint = await check({ payload: rtz([route[0], [200, LAT]]) });
    expect(badPoint.json()).toMatchObject({
      code: 'validation',
      details: [{ path: 'body.file', message: expect.stringContaining('point 2') }],
    });

    const huge = Buffer.alloc(50 * 1024 * 1024, 0x20);
    const raw = await check({ payload: huge, contentType: 'application/octet-stream' });
    expect(raw.statusCode).toBe(413);
    expect(raw.json()).toMatchObject({ code: 'payload_too_large' });
    const file = await upload(huge);
    expect(file.statusCode).toBe(413);
    expect(file.json()).toMatchObject({ code: 'payload_too_large' });

    const corridor = await check({ payload: gpx(route), query: '?corridorNm=-1' });
    expect(corridor.statusCode).toBe(400);
    expect(corridor.json()).toMatchObject({ code: 'validation', details: [{ path: 'querystring.corridorNm', code: 'too_small' }] });
    const wide = await upload(gpx(route), { corridorNm: '51' });
    expect(wide.json()).toMatchObject({ code: 'validation', details: [{ path: 'body.corridorNm', code: 'too_big' }] });
    const json = await t.app.inject({ method: 'POST', url: '/api/user/route-check', headers: ship.user.headers, payload: { points: [] } });
    expect(json.json()).toMatchObject({ code: 'unsupported_file' });
    const noFile = multipart([{ name: 'corridorNm', value: '3' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/route-check',
      headers: { ...ship.user.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.json()).toMatchObject({ code: 'validation', details: [{ path: 'body.file' }] });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/route-check',
      headers: { 'content-type': 'text/xml' },
      payload: gpx(route),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows each user their own licences and devices only; another user's device is a 404", async () => {
    const other = await seedRedeemedDevice(t, { productId: harbourProductId, hwId: 'C0FFE' });
    const theirs = (await check({ payload: gpx(route), query: '?corridorNm=0.1', headers: other.user.headers })).json() as Answer;
    expect(theirs.devices.map((d) => d.deviceId)).toEqual([other.deviceId]);
    expect(theirs.cells.map((c) => [c.name, c.licensed])).toEqual([
      ['GB4X0000', false],
      ['GB5X01SW', true],
      ['GB5X01NE', true],
    ]);
    expect(theirs.cells[1]!.licenseIds).toEqual([other.license.id]);
    expect(theirs.cells[1]!.status).toEqual({ [other.installationId]: 'not-on-board' });
    expect(theirs.offers.map((o) => o.cellNames)).toEqual([['GB4X0000']]);

    const mine = (await check({ payload: gpx(route), query: '?corridorNm=0.1' })).json() as Answer;
    expect(mine.devices.map((d) => d.deviceId)).toEqual([ship.deviceId]);
    expect(JSON.stringify(mine)).not.toContain(other.deviceId);
    expect(mine.cells.find((c) => c.name === 'GB5X01SW')).toMatchObject({ licensed: false, licenseIds: [] });
    const foreign = await check({ payload: gpx(route), query: `?installationId=${other.installationId}` });
    expect(foreign.statusCode).toBe(404);
  });

  it('offers a one-click order for a ship on an agreement, which the order flow takes as it is', async () => {
    const { agreement } = await setUpDesk(t);
    await linkRateProduct(t.database.db, 'Primar', harbourProductId);
    await syncUserInstallations(t.database.db, ship.user.id);
    const [installation] = await listUserInstallations(t.database.db, ship.user.id);
    await seedAgreementUser(t.database.db, { agreementId: agreement.id, userId: ship.user.id, installationId: installation!.id });

    const answer = (await check({ payload: gpx(route), query: `?corridorNm=0.1&installationId=${ship.installationId}` })).json() as Answer;
    expect(answer.order).toEqual({
      installationId: installation!.id,
      paymentMethod: 'agreement',
      agreementId: agreement.id,
      items: [{ product: 'Primar', months: 12 }],
    });
    const placed = await placeOrder(t, ship.user, answer.order!);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      status: 'new',
      installationId: installation!.id,
      orderItems: [{ product: 'Primar', duration: 12 }],
    });
  });

  it('is described on the OpenAPI page with its query', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, { post?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }>;
    };
    const op = doc.paths['/api/user/route-check']!.post!;
    expect(op.parameters!.map((p) => p.name).sort()).toEqual(['corridorNm', 'installationId']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '413']));
  });
});

describe('route check without charts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ROUTE_CHECKS_PER_MINUTE: 2 });
  });
  afterAll(() => t.close());

  it('reports the whole route as a gap when no chart is published near it', async () => {
    const user = await t.loginAs('user');
    const p = await loginProvider(t, 'Unpublished Office');
    await seedLicense(t.database.db, {
      productId: (await seedProduct(t.database.db, { geocontentId: p.gcId, licType: 'free' })).id,
      userId: user.id,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/route-check',
      headers: { ...user.headers, 'content-type': 'application/gpx+xml' },
      payload: gpx(route),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    expect(answer.cells).toEqual([]);
    expect(answer.gaps).toMatchObject([{ fromNm: 0, toNm: answer.route.lengthNm }]);
    expect(answer.gaps[0]!.points[0]).toEqual(route[0]);
    expect(answer.gaps[0]!.points).toContainEqual(route[1]);
    expect(answer.gaps[0]!.points.at(-1)).toEqual(route[2]);
    expect(answer.offers).toEqual([]);
    expect(answer.order).toBeNull();
  });

  it('limits route checks per signed-in session', async () => {
    const [a, b] = [await t.loginAs('user'), await t.loginAs('user')];
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/route-check',
        headers: { ...headers, 'content-type': 'text/xml' },
        payload: gpx(route),
      });
    expect((await send(a.headers)).statusCode).toBe(200);
    expect((await send(a.headers)).statusCode).toBe(200);
    const limited = await send(a.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect((await send(b.headers)).statusCode).toBe(200);
  });
});

describe('route check across the antimeridian', () => {
  let t: TestApp;
  let ship: Awaited<ReturnType<typeof seedRedeemedDevice>>;
  /** The demo harbour cell (10.0°–10.1° E, 54.00°–54.06° N) moved east by `dlon` degrees and renamed. */
  const moved = (name: string, dlon: number) => {
    const cell = demoHarbourCell();
    cell.name = `${name}.000`;
    cell.vectors = cell.vectors.map((v) => (v.points ? { ...v, points: v.points.map(([lon, ...rest]) => [lon! + dlon, ...rest]) } : v));
    return { name: 'files', filename: `${name}.000`, data: writeS57(cell) };
  };
  beforeAll(async () => {
    t = await buildTestApp();
    await seedApplications(t);
    const p = await loginProvider(t, 'Dateline Office');
    // One cell just west of the antimeridian (179.9°–180° E), one just east of it (180°–179.9° W).
    await applyCells(t, p, [moved('XX5EAST1', 169.9), moved('XX5WEST1', -190)]);
    const product = await seedProduct(t.database.db, { geocontentId: p.gcId, licType: 'com', price: 10 });
    ship = await seedRedeemedDevice(t, { productId: product.id, hwId: '4C5D6' });
  });
  afterAll(() => t.close());

  it('takes the short way across ±180 and finds the charts on both sides, with no gap', async () => {
    const lat = 54.05;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/route-check?corridorNm=0.1',
      headers: { ...ship.user.headers, 'content-type': 'application/gpx+xml' },
      payload: gpx([
        [179.93, lat],
        [-179.93, lat],
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as Answer;
    // 0.14° of longitude on the parallel, not the 359.86° the other way round.
    const nmPerDegree = 60 * Math.cos((lat * Math.PI) / 180);
    expect(answer.route.lengthNm).toBeCloseTo(0.14 * nmPerDegree, 1);
    expect(answer.route.points[1]![0]).toBeCloseTo(180.07, 9);
    expect(answer.cells.map((c) => c.name)).toEqual(['XX5EAST1', 'XX5WEST1']);
    const [east, west] = answer.cells as (Answer['cells'][number] & { bbox: number[] })[];
    expect(Math.abs(east!.toNm - 0.07 * nmPerDegree)).toBeLessThan(0.01);
    expect(Math.abs(west!.fromNm - 0.07 * nmPerDegree)).toBeLessThan(0.01);
    expect(west!.toNm).toBe(answer.route.lengthNm);
    // Each cell's box is where it lies.
    expect(west!.bbox[0]).toBeCloseTo(-180, 6);
    expect(east!.bbox[2]).toBeCloseTo(180, 6);
    expect(answer.gaps).toEqual([]);
    expect(answer.cells.every((c) => c.licensed)).toBe(true);
    // The corridor runs on past 180° as one shape.
    expect(answer.corridor.type).toBe('Polygon');
  });
});
