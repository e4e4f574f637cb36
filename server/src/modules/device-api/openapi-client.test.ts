import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDemo } from '../../db/seed/demo.js';
import { demoExtensions } from '../../db/seed/extensions.js';
import { findUserByEmail } from '../../db/seed/factories.js';

// Issue 35: a third-party app maker's client, written from the OpenAPI document alone. It knows
// operations only as "METHOD path" of the document; it fills the documented parameters, sends the
// credentials the operation's `security` names, sends the body as the documented media type, and
// reads each answer by the media type documented for its status (JSON, a JWS as text, a zip as
// bytes). An answer the document does not list is an error, as a generated client would make it.

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}
type Transport = (req: { method: string; url: string; headers: Record<string, string>; body?: string }) => Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}>;

class DocumentClient {
  constructor(
    private readonly doc: Doc,
    private readonly send: Transport,
    /** Credentials by security scheme name, as the app holds them. */
    readonly credentials: Record<string, string> = {},
  ) {}

  async call(
    method: string,
    path: string,
    input: {
      params?: Record<string, string | number>;
      query?: Record<string, string>;
      body?: unknown;
      headers?: Record<string, string>;
    } = {},
  ) {
    const op = this.doc.paths[path]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${path} is not in the document`);
    let url = path;
    const query = new URLSearchParams();
    for (const p of op.parameters ?? []) {
      const value = p.in === 'path' ? input.params?.[p.name] : p.in === 'query' ? input.query?.[p.name] : undefined;
      if (value === undefined) {
        if (p.required) throw new Error(`${method} ${path} needs the ${p.in} parameter ${p.name}`);
        continue;
      }
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
      else query.set(p.name, String(value));
    }
    const headers: Record<string, string> = { ...input.headers };
    // The first security requirement the app has credentials for; `{}` (none needed) last.
    const requirements = [...(op.security ?? [])].sort((a, b) => Object.keys(b).length - Object.keys(a).length);
    for (const requirement of requirements) {
      const names = Object.keys(requirement);
      if (names.every((n) => this.credentials[n])) {
        for (const n of names) {
          const scheme = this.doc.components.securitySchemes[n]!;
          if (scheme.type === 'http' && scheme.scheme === 'bearer') headers.authorization = `Bearer ${this.credentials[n]}`;
        }
        break;
      }
    }
    let body: string | undefined;
    if (input.body !== undefined) {
      const media = Object.keys(op.requestBody?.content ?? {});
      if (!media.includes('application/json')) throw new Error(`${method} ${path} takes no JSON body (${media.join(', ')})`);
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    const res = await this.send({ method, url: query.size ? `${url}?${query}` : url, headers, body });
    const answer = op.responses[String(res.status)];
    if (!answer)
      throw new Error(`${method} ${path} answered ${res.status}, which the document does not list: ${res.body.toString().slice(0, 200)}`);
    const media = String(res.headers['content-type'] ?? '').split(';')[0]!;
    if (!answer.content) return { status: res.status, headers: res.headers, data: null };
    if (!(media in answer.content))
      throw new Error(`${method} ${path} ${res.status} answered ${media}, documented ${Object.keys(answer.content)}`);
    const data =
      media === 'application/json'
        ? JSON.parse(res.body.toString('utf8'))
        : media.startsWith('text/') || media === 'application/jose'
          ? res.body.toString('utf8')
          : new Uint8Array(res.body);
    return { status: res.status, headers: res.headers, data };
  }
}

describe('a client written from the OpenAPI document alone', () => {
  let t: TestApp;
  let client: DocumentClient;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemo(t.database.db, { extensions: await demoExtensions(t.app.config) });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    client = new DocumentClient(doc, async (req) => {
      const res = await t.app.inject({
        method: req.method as 'GET',
        url: req.url,
        headers: req.headers,
        ...(req.body ? { payload: req.body } : {}),
      });
      return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
    });
    // The user signed in in the app (the sign-in call is the web's; the app holds its token).
    const user = (await findUserByEmail(t.database.db, 'user@demo.test'))!;
    client.credentials.bearer = t.app.signToken(user);
  });
  afterAll(() => t.close());

  it('activates, redeems, lists entitlements, fetches a set (whole and a range) and verifies the licence file with jose', async () => {
    const activation = await client.call('POST', '/api/installation/activate', {
      body: { deviceId: 'THIRD-PARTY-1', applicationTypeId: 101, platformId: 1 },
    });
    expect(activation.status).toBe(200);
    // S-63 user permit of HW_ID 12345 for the demo application (M_ID 10, M_KEY 10121).
    const redeemed = await client.call('POST', '/api/app/v1/activations/{code}/redeem', {
      params: { code: activation.data.id },
      body: { deviceId: 'THIRD-PARTY-1', platformId: 1, applicationTypeId: 101, userPermit: '66B5CBFDF7E4139D5B6086C23130' },
    });
    expect(redeemed.status).toBe(200);
    client.credentials.deviceToken = redeemed.data.token;
    delete client.credentials.bearer; // from here on the device speaks for itself

    const entitled = await client.call('GET', '/api/app/v1/entitlements');
    expect(entitled.data.cells.map((c: { name: string }) => c.name)).toContain('XX5DEMO1');

    const made = await client.call('POST', '/api/app/v1/exchange-sets', { body: { productVersions: [] } });
    expect(made.status).toBe(201);
    const id = String(made.data.url).split('/').pop()!;
    const set = await client.call('GET', '/api/app/v1/exchange-sets/{id}', { params: { id } });
    expect(set.status).toBe(200);
    const zip = set.data as Uint8Array;
    expect(zip.length).toBe(made.data.size);
    expect(Object.keys(unzipSync(zip))).toContain('V01X01/ENC_ROOT/XX/XX5DEMO1/1/0/XX5DEMO1.000');
    const tail = await client.call('GET', '/api/app/v1/exchange-sets/{id}', { params: { id }, headers: { range: 'bytes=100-' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(tail.data as Uint8Array)).toEqual(Buffer.from(zip.subarray(100)));

    const licence = await client.call('GET', '/api/app/v1/license-file');
    expect(typeof licence.data).toBe('string');
    const keys = await client.call('GET', '/api/app/v1/keys');
    const { payload, protectedHeader } = await jwtVerify(licence.data as string, createLocalJWKSet(keys.data as JSONWebKeySet));
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ deviceId: 'THIRD-PARTY-1', hwId: '12345' });
  });
});
