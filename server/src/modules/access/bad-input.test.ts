import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/demo.js';
import { users } from '../../db/schema/index.js';
import { badRequestsFor, type BadRequest, type OpenApiOperation } from '../../../test/bad-input.js';
import { buildTestApp, type TestApp } from '../../../test/helper.js';

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

// Issue 10: bad input of any kind gets a 4xx naming what is wrong, never a 500. Every route of the
// OpenAPI document receives the generated set, signed in as the demo admin, who holds every role.
describe('bad input to every documented route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: 100_000 });
    await seedDemo(t.database.db);
  });
  afterAll(() => t.close());

  it('never answers 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Partial<Record<string, OpenApiOperation>>>;
    };
    const admin = (await t.database.db.query.users.findFirst({ where: eq(users.email, 'admin@demo.test') }))!;
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path.startsWith('/api/docs')) continue;
      for (const method of methods) {
        const op = item[method];
        if (!op) continue;
        operations++;
        for (const c of badRequestsFor(path, op)) {
          sent++;
          const res = await send(method, c, sent);
          if (res.statusCode >= 500)
            failures.push(`${method.toUpperCase()} ${path} [${c.label}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }

    async function send(method: (typeof methods)[number], c: BadRequest, n: number) {
      // A fresh session and address per request: a logout or a throttle of one case does not mask the next.
      const token = t.app.signToken(admin);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      const hasBody = method !== 'get' && method !== 'delete';
      if (c.rawBody !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
      return t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: c.url,
        headers,
        remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        ...(hasBody && c.rawBody !== undefined
          ? { payload: c.rawBody }
          : hasBody && c.payload !== undefined
            ? { payload: c.payload as object }
            : {}),
      });
    }

    console.info(`bad-input sweep: ${sent} requests to ${operations} operations, ${failures.length} answered 5xx`);
    expect(operations).toBeGreaterThan(50);
    expect(sent).toBeGreaterThan(1000);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 900_000);
});
