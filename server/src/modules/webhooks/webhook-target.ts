import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AppError } from '../../errors.js';

// Webhook URLs are chosen by distributors: unless WEBHOOK_ALLOW_PRIVATE is set (development, tests),
// the portal calls only public unicast addresses, so an endpoint cannot be used to reach the
// portal's own network (or anything else that is not the internet). The host is resolved once, the
// addresses are checked, and the request is made to the checked address: a name that answers with a
// public address to the check and a private one a moment later (DNS rebinding) gains nothing.

type Range = readonly [address: string, bits: number, what: string];

/** IPv4 ranges that are not public unicast (IANA special-purpose registry, RFC 6890 and later). */
const v4Ranges: readonly Range[] = [
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared address space (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved or broadcast'],
];

/**
 * IPv6 ranges refused inside global unicast (2000::/3; everything outside it — loopback,
 * unspecified, IPv4-compatible `::/96`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, discard `100::/64`,
 * unique-local, link-local, site-local, multicast — is refused as not global unicast). IPv4-mapped
 * addresses (`::ffff:0:0/96`) are judged by the IPv4 address they carry.
 */
const v6Ranges: readonly Range[] = [
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
];

function v4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (the caller has checked it with isIP). */
function v6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...v4Bytes(dotted[1]!));
    text = text.slice(0, -dotted[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').filter((g) => g !== '') : []).map((g) => parseInt(g, 16));
  const left = groups(head);
  const right = groups(rest);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  const all = [...left, ...Array<number>(rest === undefined ? 0 : missing).fill(0), ...right];
  return [...all.flatMap((g) => [g >> 8, g & 0xff]), ...tail];
}

function inRange(bytes: number[], base: number[], bits: number): boolean {
  for (let i = 0; i < bits; i++) {
    const bit = 7 - (i % 8);
    if (((bytes[i >> 3]! >> bit) & 1) !== ((base[i >> 3]! >> bit) & 1)) return false;
  }
  return true;
}

/** Why an address may not be called, or null when it is public unicast. */
export function refusedBecause(address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    const bytes = v4Bytes(address);
    return v4Ranges.find(([base, bits]) => inRange(bytes, v4Bytes(base), bits))?.[2] ?? null;
  }
  if (family !== 6) return 'not an IP address';
  const bytes = v6Bytes(address);
  if (inRange(bytes, v6Bytes('::ffff:0:0'), 96)) return refusedBecause(bytes.slice(12).join('.'));
  if (!inRange(bytes, v6Bytes('2000::'), 3)) return 'not global unicast';
  return v6Ranges.find(([base, bits]) => inRange(bytes, v6Bytes(base), bits))?.[2] ?? null;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** How a host name becomes addresses: DNS in the portal; tests pass their own. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const dnsResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: any address may be called (development, tests). */
  allowPrivate: boolean;
  /** Tests only: how names resolve, and addresses treated as public (their local receiver). */
  resolve?: Resolver;
  allowAddresses?: readonly string[];
}

function refuse(host: string, why: string): never {
  const message = `${host} is not a public address the portal may call (${why})`;
  throw new AppError('validation', message, [{ path: 'body.url', message }]);
}

/**
 * Resolves the URL's host once and checks every address it has: all must be public (a name with one
 * private address among public ones is refused too). Returns the address to connect to.
 */
export async function resolveWebhookTarget(url: string, policy: TargetPolicy): Promise<ResolvedAddress> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses: ResolvedAddress[] = literal
    ? [{ address: host, family: literal === 6 ? 6 : 4 }]
    : await (policy.resolve ?? dnsResolver)(host).catch(() => []);
  if (addresses.length === 0) refuse(host, 'it does not resolve');
  if (!policy.allowPrivate) {
    for (const a of addresses) {
      const why = policy.allowAddresses?.includes(a.address) ? null : refusedBecause(a.address);
      if (why) refuse(host, `${a.address}: ${why}`);
    }
  }
  return addresses[0]!;
}

/** A `lookup` for http(s).request that answers with the address already checked, never asking DNS again. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as (e: null, a: ResolvedAddress[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

/**
 * POSTs a body to a webhook URL: resolved and checked once, then connected to that address (the
 * URL's host still names the server in the Host header and, over TLS, in SNI and the certificate
 * check). Redirects are not followed. Resolves with the status; a refused target or a network
 * error rejects.
 */
export async function postToWebhook(
  url: string,
  opts: { headers: Record<string, string>; body: string; timeoutMs: number; policy: TargetPolicy },
): Promise<number> {
  const target = await resolveWebhookTarget(url, opts.policy);
  const parsed = new URL(url);
  const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      parsed,
      {
        method: 'POST',
        headers: { ...opts.headers, 'content-length': String(Buffer.byteLength(opts.body)) },
        lookup: pinnedLookup(target),
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res: IncomingMessage) => {
        res.resume(); // the answer's body is not read
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
