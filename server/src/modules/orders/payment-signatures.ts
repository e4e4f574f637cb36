import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// Signature checks of the two card providers' notifications, per their published schemes (decision 0011).

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * Stripe: `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=…]`, where v1 is HMAC-SHA256 with the
 * endpoint's signing secret over `<t>.<raw body>`; a timestamp outside the tolerance is refused
 * (replays). Returns the reason it fails, or null when it holds.
 */
export function checkStripeSignature(opts: {
  header: string | undefined;
  rawBody: string;
  secret: string;
  toleranceSeconds: number;
  now?: number;
}): string | null {
  if (!opts.header) return 'the Stripe-Signature header is missing';
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of opts.header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') timestamp = value;
    if (key === 'v1') signatures.push(value);
  }
  if (!timestamp || !/^\d+$/.test(timestamp)) return 'the Stripe-Signature header has no timestamp';
  if (signatures.length === 0) return 'the Stripe-Signature header has no v1 signature';
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > opts.toleranceSeconds) return 'the Stripe-Signature timestamp is outside the tolerance';
  const expected = createHmac('sha256', opts.secret).update(`${timestamp}.${opts.rawBody}`, 'utf8').digest('hex');
  return signatures.some((s) => /^[0-9a-f]+$/i.test(s) && safeEqualHex(s.toLowerCase(), expected))
    ? null
    : 'the Stripe signature does not match';
}

/** Makes a Stripe-Signature header the way Stripe does: for tests and the demo's local simulator. */
export function signStripePayload(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}

const yooMoneyFields = ['notification_type', 'operation_id', 'amount', 'currency', 'datetime', 'sender', 'codepro'] as const;

/**
 * YooMoney HTTP notification: `sha1_hash` is the hex SHA-1 of
 * `notification_type&operation_id&amount&currency&datetime&sender&codepro&notification_secret&label`.
 */
export function yooMoneyHash(fields: Record<string, string | undefined>, secret: string): string {
  const parts = [...yooMoneyFields.map((f) => fields[f] ?? ''), secret, fields.label ?? ''];
  return createHash('sha1').update(parts.join('&'), 'utf8').digest('hex');
}

export function checkYooMoneySignature(fields: Record<string, string | undefined>, secret: string): string | null {
  const given = fields.sha1_hash;
  if (!given || !/^[0-9a-f]{40}$/i.test(given)) return 'sha1_hash is missing';
  return safeEqualHex(given.toLowerCase(), yooMoneyHash(fields, secret)) ? null : 'sha1_hash does not match';
}
