import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { geocontents, installations, licenses, products } from '../../db/schema/index.js';

/** Locks the user's licence row (SELECT … FOR UPDATE): attaches to one licence run one at a time. */
export async function lockUserLicense(tx: DbOrTx, licenseId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, licenseId), eq(licenses.userId, userId)))
    .for('update');
  return row;
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
