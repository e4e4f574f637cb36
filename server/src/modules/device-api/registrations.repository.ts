import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activations, deviceRegistrations, deviceSwaps, licenses, registrationInstallations } from '../../db/schema/index.js';

// Device registrations: the redeem that makes one, its installations, revocation and swaps.

/** The activation row, locked: one redeem of a code at a time. */
export async function lockActivationByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(activations).where(eq(activations.code, code)).for('update');
  return row;
}

export async function findRegistrationByActivation(db: DbOrTx, activationId: number) {
  const [row] = await db.select().from(deviceRegistrations).where(eq(deviceRegistrations.activationId, activationId));
  return row;
}

export async function insertRegistration(db: DbOrTx, values: typeof deviceRegistrations.$inferInsert) {
  const [row] = await db.insert(deviceRegistrations).values(values).returning();
  return row!;
}

export async function linkInstallation(db: DbOrTx, registrationId: number, installationId: number) {
  await db
    .insert(registrationInstallations)
    .values({ registrationId, installationId })
    .onConflictDoUpdate({ target: registrationInstallations.installationId, set: { registrationId } });
}

/** Revokes the registrations left without any installation (their token stops working). */
export async function revokeEmptyRegistrations(db: DbOrTx, registrationIds: number[], reason: string) {
  if (registrationIds.length === 0) return;
  await db
    .update(deviceRegistrations)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        inArray(deviceRegistrations.id, registrationIds),
        isNull(deviceRegistrations.revokedAt),
        sql`not exists (select 1 from ${registrationInstallations} where ${registrationInstallations.registrationId} = ${deviceRegistrations.id})`,
      ),
    );
}

export async function revokeRegistration(db: DbOrTx, registrationId: number, reason: string) {
  await db
    .update(deviceRegistrations)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(eq(deviceRegistrations.id, registrationId));
}

export async function findRegistrationsOfInstallations(db: DbOrTx, installationIds: number[]) {
  if (installationIds.length === 0) return [];
  return db
    .select({ registrationId: registrationInstallations.registrationId, installationId: registrationInstallations.installationId })
    .from(registrationInstallations)
    .where(inArray(registrationInstallations.installationId, installationIds));
}

export async function countSwapsSince(db: DbOrTx, licenseId: number, since: Date): Promise<number> {
  const rows = await db
    .select({ id: deviceSwaps.id })
    .from(deviceSwaps)
    .where(and(eq(deviceSwaps.licenseId, licenseId), gt(deviceSwaps.createdAt, since)));
  return rows.length;
}

export async function insertSwap(db: DbOrTx, values: typeof deviceSwaps.$inferInsert) {
  await db.insert(deviceSwaps).values(values);
}

/** The user's licences still current, newest first (a redeem without licenseId fills each with a free slot). */
export async function listCurrentUserLicenseIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.userId, userId), sql`(${licenses.expiresAt} is null or ${licenses.expiresAt} > now())`))
    .orderBy(desc(licenses.id));
  return rows.map((r) => r.id);
}

/** A device's S-100 user permit and HW_ID; a new HW_ID forgets what was delivered to the old one. */
export async function setS100UserPermit(db: DbOrTx, registrationId: number, values: { hwId: string; userPermit: string }) {
  await db
    .update(deviceRegistrations)
    .set({
      s100HwId: values.hwId,
      s100UserPermit: values.userPermit,
      s100Delivered: sql`case when ${deviceRegistrations.s100HwId} = ${values.hwId} then ${deviceRegistrations.s100Delivered} else '{}'::jsonb end`,
    })
    .where(eq(deviceRegistrations.id, registrationId));
}
