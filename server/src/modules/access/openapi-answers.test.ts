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
  requestBody?: object;
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
      // The tile of the demo harbour cell (10.05° E, 54.03° N).
      z: '12',
      x: '2162',
      y: '1314',
      email: 'user@demo.test',
      // A text no demo chart refers to: the documented 404.
      file: 'NOTEXT.TXT',
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

  it('declares the security, the 401 and the request body of every operation', () => {
    // Calls that take no body at all (the token, the path or the query says everything).
    const bodyless = new Set([
      'POST /auth/refresh',
      'POST /auth/logout',
      'POST /api/agreement/get-user-by-email', // the e-mail is in the query
      'POST /api/user/agreement-invitations/{id}/decline',
      'POST /api/licenses/{id}/installations/{installationId}/swap',
      'POST /api/admin/license-keys/rotate',
    ]);
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item) as [
        string,
        Operation & {
          requestBody?: {
            content: Record<string, { schema: { properties?: Record<string, { format?: string; items?: { format?: string } }> } }>;
          };
        },
      ][]) {
        const name = `${method.toUpperCase()} ${path}`;
        const secured = (op.security ?? []).some((s) => Object.keys(s).length > 0);
        // A wrong password is a 401 of a call that needs no token.
        if (!secured && (op.responses['403'] || (op.responses['401'] && name !== 'POST /auth/login')))
          problems.push(`${name}: lists 401/403 but declares no security`);
        if (secured && !op.responses['401']) problems.push(`${name}: secured but no 401`);
        if (['post', 'put', 'patch'].includes(method) && !op.requestBody && !bodyless.has(name)) problems.push(`${name}: no request body`);
        const form = op.requestBody?.content['multipart/form-data']?.schema;
        if (form && !Object.values(form.properties ?? {}).some((p) => p.format === 'binary' || p.items?.format === 'binary'))
          problems.push(`${name}: a multipart body without a file part`);
        for (const [status, answer] of Object.entries(op.responses))
          if (!answer.content && !['204', '304', '416'].includes(status)) problems.push(`${name} ${status}: no content type`);
      }
    }
    expect(problems).toEqual([]);
    const multipart = Object.entries(doc.paths).filter(
      ([, item]) => item.post?.requestBody && 'multipart/form-data' in (item.post.requestBody as { content: object }).content,
    );
    expect(multipart.length).toBeGreaterThanOrEqual(7);
  });

  it('answers only documented statuses and media types, and each JSON 200 matches its schema', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(ajv);
    ajv.addSchema(doc as object, 'openapi');
    const problems: string[] = [];
    let called = 0;
    const validated: string[] = [];
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
      for (const caller of callers) {
        const res = await t.app.inject({ method: 'GET', url: query.size > 0 ? `${url}?${query}` : url, headers: caller });
        called++;
        const problem = check(path, op, res);
        if (problem) problems.push(problem);
        if (res.statusCode !== 403 && res.statusCode !== 404) break;
      }
    }

    /** What is wrong with one answer, if anything: its status, its media type, its body. */
    function check(path: string, op: Operation, res: Awaited<ReturnType<TestApp['app']['inject']>>): string | null {
      const answer = op.responses[String(res.statusCode)];
      const where = `GET ${path} → ${res.statusCode}`;
      if (!answer) return `${where}: status not documented (documents ${Object.keys(op.responses).join(', ')}) ${res.body.slice(0, 160)}`;
      const hasBody = res.rawPayload.length > 0;
      if (!answer.content) return hasBody ? `${where}: a body where the document says none` : null;
      if (!documentedMedia(answer.content, res.headers['content-type'] as string | undefined))
        return `${where}: ${res.headers['content-type']} not documented (${Object.keys(answer.content).join(', ')})`;
      // A JSON file served as bytes (a POI release, documented as binary) is a download, not an answer to parse.
      const jsonSchema = answer.content['application/json']?.schema as { format?: string } | undefined;
      if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json') && jsonSchema?.format !== 'binary') {
        const pointer = `openapi#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;
        const validate = ajv.compile({ $ref: pointer });
        validated.push(path);
        if (!validate(res.json())) return `${where}: body does not match the schema: ${ajv.errorsText(validate.errors)}`;
      }
      return null;
    }
    expect(problems).toEqual([]);
    expect(called).toBeGreaterThan(60);
    // Most reads answer their 200 with the demo data, each checked against its schema.
    expect(validated.length).toBeGreaterThan(40);
  });
});
