import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sharedSecrets } from '../db/schema/index.js';

/**
 * The secret stored under `name`: the first process to ask writes `make()`'s value, every later
 * one (and every process racing it) reads that same value back. The database decides the winner.
 */
export async function sharedSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(sharedSecrets).values({ name, value: make() }).onConflictDoNothing({ target: sharedSecrets.name });
  const [row] = await db.select({ value: sharedSecrets.value }).from(sharedSecrets).where(eq(sharedSecrets.name, name));
  if (!row) throw new Error(`shared secret ${name} vanished after it was written`);
  return row.value;
}

/**
 * The token-signing secret: JWT_SECRET when set; otherwise one secret kept in the database, so a
 * token signed by one process is accepted by all. An installation that had a secret in its data
 * folder (before the database kept it) seeds the database with that one, so nobody is signed out.
 */
export async function resolveJwtSecret(db: Db, opts: { jwtSecret: string | undefined; dataDir: string }): Promise<string> {
  if (opts.jwtSecret) return opts.jwtSecret;
  return sharedSecret(db, 'jwt', () => {
    const file = join(opts.dataDir, 'jwt-secret');
    const old = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    return old.length >= 32 ? old : randomBytes(48).toString('base64url');
  });
}

export class DataKeyMismatchError extends Error {}

/**
 * The data key seals secrets in the database (M_KEYs, cell keys), so every process must hold the
 * same one. The database keeps a check value (an HMAC of a constant, which tells nothing of the
 * key); a process whose key does not match it refuses to start instead of failing to unseal later.
 */
export async function checkDataKey(db: Db, dataKey: Buffer): Promise<void> {
  const check = (key: Buffer) => createHmac('sha256', key).update('chartroom data key check').digest('base64');
  const mine = check(dataKey);
  const stored = await sharedSecret(db, 'data-key-check', () => mine);
  if (stored.length !== mine.length || !timingSafeEqual(Buffer.from(stored), Buffer.from(mine))) {
    throw new DataKeyMismatchError(
      'This process has a different data key from the one the database was sealed with: give every process the same DATA_KEY (the data-key file of the first installation, in base64)',
    );
  }
}
