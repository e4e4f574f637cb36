import { setTimeout as sleep } from 'node:timers/promises';
import { and, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { clearThrottle, countThrottle, hitThrottle } from '../../lib/throttle.js';

const windowMs = 15 * 60_000;
/** Failures from one address (any account) before each further attempt from it is slowed. */
const slowAfter = 5;
/** Failures from one address (any account) after which it is refused for the window. */
const addressLimit = 100;

export interface LoginThrottle {
  /** Failed sign-ins for one account from one address before that pair is refused for 15 minutes. */
  failuresPerPair: number;
}

// Keys are `login:<address>:<account>` and `login-addr:<address>`: a lock never covers the
// account as a whole, so failures from elsewhere cannot lock its owner out.
const pairKey = (address: string, email: string) => `login:${address}:${email}`;
const addressKey = (address: string) => `login-addr:${address}`;

/**
 * Refuses a locked (address, account) pair or a flooding address, and slows an address that has
 * been failing: each attempt after the fifth failure waits a little longer (at most 3 s).
 */
export async function checkLoginAllowed(db: DbOrTx, limits: LoginThrottle, address: string, email: string): Promise<void> {
  const [pair, fromAddress] = await Promise.all([countThrottle(db, pairKey(address, email)), countThrottle(db, addressKey(address))]);
  if (pair >= limits.failuresPerPair) {
    throw new AppError(
      'rate_limited',
      'Too many failed sign-ins for this account from your address: wait 15 minutes or reset the password',
    );
  }
  if (fromAddress >= addressLimit) {
    throw new AppError('rate_limited', 'Too many failed sign-ins from your address: wait 15 minutes');
  }
  if (fromAddress > slowAfter) await sleep(Math.min(3000, 250 * (fromAddress - slowAfter)));
}

export async function recordLoginFailure(db: DbOrTx, address: string, email: string): Promise<void> {
  await hitThrottle(db, pairKey(address, email), windowMs);
  await hitThrottle(db, addressKey(address), windowMs);
}

export async function recordLoginSuccess(db: DbOrTx, address: string, email: string): Promise<void> {
  await clearThrottle(db, pairKey(address, email));
}

/** After a reset the owner starts clean from every address. */
export async function clearAccountLocks(db: DbOrTx, email: string): Promise<void> {
  const suffix = `:${email}`;
  await db
    .delete(authThrottle)
    .where(and(sql`left(${authThrottle.key}, 6) = 'login:'`, sql`right(${authThrottle.key}, ${suffix.length}) = ${suffix}`));
}
