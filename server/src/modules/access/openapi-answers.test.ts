import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemo } from '../../db/seed/demo.js';
import { demoExtensions } from '../../db/seed/extensions.js';
import { findUserByEmail } from '../../db/seed/factories.js';
import { geocontents } from '../../db/schema/index.js';

// Issue 35: the OpenAPI document describes every answer. Every GET operation of the document is
// called with the credentials its `security` names (the demo admin, who holds every role, for a
// sign-in token; a redeemed demo device for a device token), its parameters filled from the demo
// data; the answer's status and media type must be ones the document lists, and a JSON 200 must
// validate against the documented schema (Ajv). The test iterates the document: a route added
// later is covered without touching it.

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: { type?: string; enum?: unknown[] } }[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type Doc = { paths: Record<string, Partial<Record<string, Operation>>> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Media type `type/sub` matches a documented one, ranges (`image/*`) included. */
function documentedMedia(content: Record<string, unknown> | undefined, header: string | undefined): boolean {
  const media = (header ?? '').split(';')[0]!.trim().toLowerCase();
  return Object.keys(content ?? {}).some((m) => m === media || (m.endsWith('/*') && media.startsWith(m.slice(0, -1))));
}

describe('the OpenAPI document describes every GET answer', () => {
  let t: TestApp;
  let doc: Doc;
  const values: Record<string, string> = {};
  const headers: Record<string, Record<string, string>> = {};
  const bearers: Record<string, string>[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: 100_000, DEVICE_CALLS_PER_MINUTE: 100_000 });
    await seedDemo(t.database.db, { extensions: await demoExtensions(t.app.config) });
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    const admin = (await findUserByEmail(t.database.db, 'admin@demo.test'))!;
    const user = (await findUserByEmail(t.database.db, 'user@demo.test'))!;
    headers.bearer = { authorization: `Bearer ${t.app.signToken(admin)}` };
    for (const email of ['admin', 'provider', 'distributor', 'manager', 'user']) {
      const who = (await findUserByEmail(t.database.db, `${email}@demo.test`))!;
      bearers.push({ authorization: `Bearer ${t.app.signToken(who)}` });
    }
    // The demo user's device (user permit of HW_ID 12345 for the demo application 101).
    const userHeaders = { authorization: `Bearer ${t.app.signToken(user)}` };
    const code = (
      await t.app.inject({
        method: 'POST',
        url: '/api/installation/activate',
        headers: userHeaders,
        payload: { deviceId: 'OPENAPI-SHIP', applicationTypeId: 101, platformId: 1 },
      })
    ).json().id as string;
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/app/v1/activations/${code}/redeem`,
      payload: { deviceId: 'OPENAPI-SHIP', platformId: 1, applicationTypeId: 101, userPermit: '66B5CBFDF7E4139D5B6086C23130' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    headers.deviceToken = { authorization: `Bearer ${redeemed.json().token}` };
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/app/v1/exchange-sets',
      headers: headers.deviceToken,
      payload: { productVersions: [] },
    });
    expect(set.statusCode, set.body).toBe(201);

    // Parameter values by name, from the demo data (an id that names nothing answers a documented 404).
    const gc = (await t.database.db.select().from(geocontents).orderBy(geocontents.id).limit(1))[0]!;
    const provider = (await findUserByEmail(t.database.db, 'provider@demo.test'))!;
    const providerHeaders = { authorization: `Bearer ${t.app.signToken(provider)}` };
    const task = await t.app.inject({ method: 'GET', url: `/api/geocontent/gotomap?gcid=${gc.id}`, headers: providerHeaders });
    Object.assign(values, {
      gcid: String(gc.id),
      geoContentId: String(gc.id),
      id: '1',
      userId: String(user.id),
      userid: String(user.id),
      installationId: String(redeemed.json().installationId),
      taskId: String(task.json().taskId ?? task.json().id ?? 'none'),
      z: '0',
      x: '0',
      y: '0',
      email: 'user@demo.test',
      prodid: '1',
      reqid: '1',
      status: '1',
      rdid: '1',
      guid: '00000000-0000-4000-8000-000000000000',
      agreementId: '1',
      orderId: '1',
      gcTitle: 'OpenAPI test',
      title: 'OpenAPI test',
      since: '2020-01-01T00:00:00.000Z',
    });
    values['exchange-sets:id'] = set.json().id as string;
  });
  afterAll(() => t.close());

  it('answers only documented statuses and media types, and each JSON 200 matches its schema', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc as object, 'openapi');
    const problems: string[] = [];
    let called = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      const op = item.get;
      if (!op || path.startsWith('/api/docs')) continue;
      const missing: string[] = [];
      const query = new URLSearchParams();
      let url = path;
      for (const p of op.parameters ?? []) {
        const value = values[`${path.split('/')[4] ?? ''}:${p.name}`] ?? values[p.name];
        if (p.in === 'path') {
          if (value === undefined) missing.push(p.name);
          else url = url.replace(`{${p.name}}`, encodeURIComponent(value));
        } else if (p.in === 'query' && p.required) {
          if (value === undefined) missing.push(p.name);
          else query.set(p.name, value);
        }
      }
      if (missing.length > 0) {
        problems.push(`GET ${path}: no test value for ${missing.join(', ')} (add it to \`values\`)`);
        continue;
      }
      const scheme = op.security?.flatMap((s) => Object.keys(s))[0];
      // A sign-in token: the admin first (every role); refused or not found, the demo account that
      // owns the demo data of that role (provider, distributor, manager, user) in turn.
      const callers = scheme === 'bearer' ? bearers : [scheme ? headers[scheme]! : {}];
      let res = await t.app.inject({ method: 'GET', url: query.size > 0 ? `${url}?${query}` : url, headers: callers[0] });
      for (const caller of callers.slice(1)) {
        if (res.statusCode !== 403 && res.statusCode !== 404) break;
        if (!op.responses[String(res.statusCode)]) break;
        res = await t.app.inject({ method: 'GET', url: query.size > 0 ? `${url}?${query}` : url, headers: caller });
      }
      called++;
      const answer = op.responses[String(res.statusCode)];
      const where = `GET ${path} → ${res.statusCode}`;
      if (!answer) {
        problems.push(`${where}: status not documented (documents ${Object.keys(op.responses).join(', ')}) ${res.body.slice(0, 160)}`);
        continue;
      }
      const hasBody = res.rawPayload.length > 0;
      if (!answer.content) {
        if (hasBody) problems.push(`${where}: a body where the document says none`);
        continue;
      }
      if (!hasBody && res.statusCode !== 200) continue;
      if (!documentedMedia(answer.content, res.headers['content-type'] as string | undefined)) {
        problems.push(`${where}: ${res.headers['content-type']} not documented (${Object.keys(answer.content).join(', ')})`);
        continue;
      }
      if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json')) {
        const pointer = `openapi#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;
        const validate = ajv.compile({ $ref: pointer });
        if (!validate(res.json())) problems.push(`${where}: body does not match the schema: ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(called).toBeGreaterThan(60);
  });
});
