import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, installations, licenses, products, type InstallationRow } from '../../db/schema/index.js';

/** Locks the user's licence row (SELECT … FOR UPDATE): attaches to one licence run one at a time. */
export async function lockUserLicense(tx: DbOrTx, licenseId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .for('update');
  return row;
}

/** The user's licence, locked for the transaction, with its geocontent (read in the same statement). */
export async function lockUserLicenseWithGeocontent(tx: DbOrTx, licenseId: number, userId: number) {
  const [row] = await tx
    .select({ license: licenses, geocontentId: products.geocontentId })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .for('update', { of: licenses });
  return row;
}

/**
 * Adds the installation when the device is not on the licence yet and a slot is free (deviceCount 0
 * = unlimited), decided in the insert itself. Run it after the licence row is locked: a statement
 * that starts after the lock sees every attach committed before it. Nothing comes back otherwise.
 */
export async function insertInstallationIfRoom(tx: DbOrTx, deviceCount: number, values: typeof installations.$inferInsert) {
  const result = await tx.execute(sql`
    INSERT INTO ${installations} (license_id, device_id, platform_id, application_type_id)
    SELECT ${values.licenseId}::integer, ${values.deviceId}::text, ${values.platformId}::integer, ${values.applicationTypeId ?? null}::integer
    WHERE NOT EXISTS (SELECT 1 FROM ${installations} WHERE license_id = ${values.licenseId} AND device_id = ${values.deviceId})
      AND (${deviceCount}::integer = 0 OR (SELECT count(*) FROM ${installations} WHERE license_id = ${values.licenseId}) < ${deviceCount}::integer)
    RETURNING id, license_id AS "licenseId", device_id AS "deviceId", platform_id AS "platformId",
      application_type_id AS "applicationTypeId", created_at AS "createdAt"`);
  const row = (result as unknown as { rows: InstallationRow[] }).rows[0];
  // Both drivers parse timestamptz; make sure the time is a Date either way.
  return row ? { ...row, createdAt: new Date(row.createdAt) } : undefined;
}

export async function findLicenseGeocontentId(db: DbOrTx, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ gcId: geocontents.id })
    .from(products)
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .where(eq(products.id, productId));
  return row?.gcId ?? null;
}

export async function findInstallationByDevice(db: DbOrTx, licenseId: number, deviceId: string) {
  const [row] = await db
    .select()
    .from(installations)
    .where(and(eq(installations.licenseId, licenseId), eq(installations.deviceId, deviceId)));
  return row;
}

export async function countInstallations(db: DbOrTx, licenseId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(installations).where(eq(installations.licenseId, licenseId));
  return Number(row?.n ?? 0);
}

export async function insertInstallation(db: DbOrTx, values: typeof installations.$inferInsert) {
  const [row] = await db.insert(installations).values(values).returning();
  return row!;
}

export async function deleteInstallation(db: DbOrTx, licenseId: number, installationId: number) {
  const [row] = await db
    .delete(installations)
    .where(and(eq(installations.id, installationId), eq(installations.licenseId, licenseId)))
    .returning();
  return row;
}
