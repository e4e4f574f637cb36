import { desc, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { licenseSigningKeys } from '../../db/schema/index.js';

// The licence file's signing keys (license-file.service.ts): one in use, retired ones published
// until what they signed has expired.

export async function insertSigningKey(db: DbOrTx, values: { kid: string; publicX: string; privateSealed: string }) {
  const [row] = await db.insert(licenseSigningKeys).values(values).returning();
  return row!;
}

/** Serialises key creation and rotation across processes (in the caller's transaction): never two keys in use at once. */
export async function lockSigningKeys(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chartroom.license-signing-key'))`);
}

/** The key in use: the newest one not retired. */
export async function findCurrentSigningKey(db: DbOrTx) {
  const [row] = await db
    .select()
    .from(licenseSigningKeys)
    .where(isNull(licenseSigningKeys.retiredAt))
    .orderBy(desc(licenseSigningKeys.createdAt))
    .limit(1);
  return row;
}

/** Retires the key in use, published until `expiresAt`; answers the retired kids. */
export async function retireCurrentSigningKeys(db: DbOrTx, expiresAt: Date): Promise<string[]> {
  const retired = await db
    .update(licenseSigningKeys)
    .set({ retiredAt: sql`now()`, expiresAt })
    .where(isNull(licenseSigningKeys.retiredAt))
    .returning({ kid: licenseSigningKeys.kid });
  return retired.map((r) => r.kid);
}

/** Every key with its state, newest first; `published` while it has not expired (by the database's clock). */
export async function listSigningKeyStates(db: DbOrTx) {
  return db
    .select({
      kid: licenseSigningKeys.kid,
      createdAt: licenseSigningKeys.createdAt,
      retiredAt: licenseSigningKeys.retiredAt,
      expiresAt: licenseSigningKeys.expiresAt,
      published: sql<boolean>`(${licenseSigningKeys.expiresAt} is null or ${licenseSigningKeys.expiresAt} > now())`,
    })
    .from(licenseSigningKeys)
    .orderBy(desc(licenseSigningKeys.createdAt));
}

/** The keys the JWKS publishes: in use, or retired and not yet expired; newest first. */
export async function listPublishedSigningKeys(db: DbOrTx) {
  return db
    .select()
    .from(licenseSigningKeys)
    .where(or(isNull(licenseSigningKeys.expiresAt), gt(licenseSigningKeys.expiresAt, sql`now()`)))
    .orderBy(desc(licenseSigningKeys.createdAt));
}
