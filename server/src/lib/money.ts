// Exact money in cents (bigint): amounts arrive and leave as decimal strings, never as binary floats.

/** "12.5" → 1250n, "-3" → -300n. Throws on anything that is not a decimal with at most two places. */
export function toCents(text: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new Error(`not a money amount: ${text}`);
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** 1250n → "12.50", -5n → "-0.05". */
export function formatCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A numeric column's value in the canonical two-decimal form ("5" → "5.00"); null stays null. */
export function normalizeMoney(text: string | null): string | null {
  return text === null ? null : formatCents(toCents(text));
}
