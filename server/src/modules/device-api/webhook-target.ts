import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../errors.js';

// Webhook URLs are chosen by distributors: unless WEBHOOK_ALLOW_PRIVATE is set (development, tests),
// the portal refuses to call loopback, private, link-local or unspecified addresses, so an endpoint
// cannot be used to reach the portal's own network.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The host's addresses must all be public; throws naming the host otherwise. */
export async function checkWebhookTarget(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true })
        .then((r) => r.map((a) => a.address))
        .catch(() => []);
  if (addresses.length === 0 || addresses.some(isBlockedAddress)) {
    const message = `${host} is not a public address the portal may call`;
    throw new AppError('validation', message, [{ path: 'body.url', message }]);
  }
}
