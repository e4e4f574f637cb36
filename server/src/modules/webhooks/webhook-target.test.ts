import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { seedDistributor } from '../../db/seed/factories.js';
import { postToWebhook, refusedBecause, type ResolvedAddress } from './webhook-target.js';

// One address of each range a webhook may not call, with the reason given.
const refused: [address: string, why: RegExp][] = [
  ['0.1.2.3', /this network/],
  ['10.20.30.40', /private/],
  ['172.31.255.1', /private/],
  ['192.168.1.1', /private/],
  ['127.0.0.1', /loopback/],
  ['127.255.255.254', /loopback/],
  ['169.254.169.254', /link-local/],
  ['100.64.0.1', /CGNAT/],
  ['100.127.255.254', /CGNAT/],
  ['192.0.0.8', /IETF/],
  ['192.0.2.10', /documentation/],
  ['198.51.100.7', /documentation/],
  ['203.0.113.99', /documentation/],
  ['198.18.0.1', /benchmarking/],
  ['198.19.255.255', /benchmarking/],
  ['192.88.99.1', /6to4/],
  ['224.0.0.251', /multicast/],
  ['239.255.255.250', /multicast/],
  ['240.0.0.1', /reserved/],
  ['255.255.255.255', /broadcast/],
  ['::', /not global unicast/],
  ['::1', /not global unicast/],
  ['::7f00:1', /not global unicast/], // IPv4-compatible ::/96
  ['::8.8.8.8', /not global unicast/],
  ['::ffff:127.0.0.1', /loopback/], // IPv4-mapped: judged by the IPv4 address it carries
  ['::ffff:7f00:1', /loopback/],
  ['::ffff:10.0.0.1', /private/],
  ['::ffff:a9fe:a9fe', /link-local/],
  ['64:ff9b::7f00:1', /not global unicast/], // NAT64
  ['64:ff9b::8.8.8.8', /not global unicast/],
  ['64:ff9b:1::a00:1', /not global unicast/], // local-use NAT64
  ['100::1', /not global unicast/], // discard-only
  ['fc00::1', /not global unicast/], // unique-local
  ['fd12:3456:789a::1', /not global unicast/],
  ['fe80::1', /not global unicast/], // link-local
  ['fec0::1', /not global unicast/], // site-local
  ['ff02::1', /not global unicast/], // multicast
  ['2001::1', /Teredo/],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', /Teredo/],
  ['2001:2::1', /benchmarking/],
  ['2001:db8::1', /documentation/],
  ['2001:db8:ffff::1', /documentation/],
  ['3fff::1', /documentation/],
  ['2002:7f00:1::1', /6to4/],
  ['2002:c0a8:101::', /6to4/],
];

const publicAddresses = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255', // just below CGNAT
  '100.128.0.0', // just above
  '172.32.0.1', // just above 172.16/12
  '192.0.3.1',
  '198.20.0.1',
  '223.255.255.254',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '2001:4860:4860::8888', // Google: outside 2001::/23
  '2003::1',
];

describe('webhook targets: which addresses may be called', () => {
  it.each(refused)('refuses %s', (address, why) => {
    expect(refusedBecause(address)).toMatch(why);
  });

  it.each(publicAddresses)('allows the public address %s', (address) => {
    expect(refusedBecause(address)).toBeNull();
  });

  it('refuses what is not an address', () => {
    expect(refusedBecause('example.com')).toBe('not an IP address');
    expect(refusedBecause('')).toBe('not an IP address');
  });
});

describe('webhook targets: registration', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const agent = await t.loginAs('distributor');
    await seedDistributor(t.database.db, { mainUserId: agent.id, title: 'Target Agency' });
    headers = agent.headers;
  });
  afterAll(() => t.close());

  const register = (url: string) => t.app.inject({ method: 'POST', url: '/api/distributor/webhooks', headers, payload: { url } });

  it('registers public IPv4 and IPv6 endpoints (no network call needed)', async () => {
    for (const url of ['https://8.8.8.8/hook', 'https://[2606:4700:4700::1111]/hook', 'http://[::ffff:1.1.1.1]:8080/hook']) {
      const res = await register(url);
      expect(res.statusCode, url).toBe(201);
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/distributor/webhooks', headers })).json();
    expect(listed.map((e: { url: string }) => e.url)).toEqual([
      'https://8.8.8.8/hook',
      'https://[2606:4700:4700::1111]/hook',
      'http://[::ffff:1.1.1.1]:8080/hook',
    ]);
  });

  it('refuses an endpoint in every refused range, naming the field and the reason', async () => {
    for (const [address, why] of refused) {
      const host = address.includes(':') ? `[${address}]` : address;
      const res = await register(`https://${host}/hook`);
      expect(res.statusCode, address).toBe(400);
      const detail = res.json().details[0];
      expect(detail.path).toBe('body.url');
      expect(detail.message, address).toMatch(/not a public address/);
      expect(detail.message, address).toMatch(why);
    }
  });

  it('refuses spellings of loopback that URL parsing turns into an address, and names that resolve to one', async () => {
    for (const url of [
      'http://2130706433/x',
      'http://0x7f.1/x',
      'http://0177.0.0.1/x',
      'http://localhost/x',
      'http://[0:0:0:0:0:ffff:7f00:1]/x',
    ]) {
      expect((await register(url)).statusCode, url).toBe(400);
    }
  });
});

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

describe('webhook targets: delivery resolves the host once and connects to the checked address', () => {
  let server: Server;
  let port = 0;
  const hits: Hit[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A name server that answers from a script, one answer per question, and counts the questions. */
  function scriptedResolver(answers: ResolvedAddress[][]) {
    const asked: string[] = [];
    return {
      asked,
      resolve: async (host: string) => {
        asked.push(host);
        return answers[Math.min(asked.length - 1, answers.length - 1)]!;
      },
    };
  }

  // The local receiver stands in for a public endpoint: only its address is treated as public.
  const policyWith = (resolve: (host: string) => Promise<ResolvedAddress[]>) => ({
    allowPrivate: false,
    resolve,
    allowAddresses: ['127.0.0.1'],
  });

  it('posts to the address it checked, with the name in the Host header, asking the resolver once', async () => {
    // A rebinding name: public (here: the allowed receiver) when checked, the metadata service after.
    const dns = scriptedResolver([[{ address: '127.0.0.1', family: 4 }], [{ address: '169.254.169.254', family: 4 }]]);
    hits.length = 0;
    const status = await postToWebhook(`http://hooks.example.test:${port}/hooks`, {
      headers: { 'content-type': 'application/json' },
      body: '{"n":1}',
      timeoutMs: 5000,
      policy: policyWith(dns.resolve),
    });
    expect(status).toBe(204);
    expect(dns.asked).toEqual(['hooks.example.test']);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.headers.host).toBe(`hooks.example.test:${port}`);
    expect(hits[0]!.body).toBe('{"n":1}');

    // The next delivery asks again, hears the private address, and never connects.
    await expect(
      postToWebhook(`http://hooks.example.test:${port}/hooks`, {
        headers: {},
        body: '{"n":2}',
        timeoutMs: 5000,
        policy: policyWith(dns.resolve),
      }),
    ).rejects.toThrow(/169\.254\.169\.254: link-local/);
    expect(dns.asked).toHaveLength(2);
    expect(hits).toHaveLength(1);
  });

  it('refuses a name with one private address among public ones, and a name that does not resolve', async () => {
    const mixed = scriptedResolver([
      [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    ]);
    hits.length = 0;
    const send = (resolve: (host: string) => Promise<ResolvedAddress[]>) =>
      postToWebhook(`http://hooks.example.test:${port}/hooks`, { headers: {}, body: '{}', timeoutMs: 5000, policy: policyWith(resolve) });
    await expect(send(mixed.resolve)).rejects.toThrow(/10\.0\.0\.5: private/);
    await expect(send(scriptedResolver([[]]).resolve)).rejects.toThrow(/does not resolve/);
    await expect(
      send(async () => {
        throw new Error('ENOTFOUND');
      }),
    ).rejects.toThrow(/does not resolve/);
    expect(hits).toHaveLength(0);
  });
});
