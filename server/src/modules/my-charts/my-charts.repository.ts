import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import {
  deviceRegistrations,
  installationCells,
  installations,
  licenses,
  products,
  registrationInstallations,
} from '../../db/schema/index.js';

export interface ReceivedCell {
  name: string;
  edition: number;
  update: number;
}

/**
 * Moves each of these installations' record of the cells to the versions of a completely downloaded
 * exchange set (one row per installation and cell, inserted or replaced).
 */
export async function recordReceivedCells(
  db: DbOrTx,
  set: { id: string; registrationId: number; installationIds: number[] },
  cells: ReceivedCell[],
) {
  if (set.installationIds.length === 0 || cells.length === 0) return;
  const rows = set.installationIds.flatMap((installationId) =>
    cells.map((c) => ({
      installationId,
      registrationId: set.registrationId,
      cellName: c.name,
      edition: c.edition,
      update: c.update,
      exchangeSetId: set.id,
    })),
  );
  await db
    .insert(installationCells)
    .values(rows)
    .onConflictDoUpdate({
      target: [installationCells.installationId, installationCells.cellName],
      set: {
        registrationId: sql`excluded.registration_id`,
        edition: sql`excluded.edition`,
        update: sql`excluded.update`,
        exchangeSetId: sql`excluded.exchange_set_id`,
        receivedAt: sql`now()`,
      },
    });
}

/** The installations (licence slots) of the user's licences, with the live device registration holding each. */
export async function listInstallationsOfUser(db: DbOrTx, userId: number) {
  return db
    .select({
      installationId: installations.id,
      licenseId: installations.licenseId,
      deviceId: installations.deviceId,
      applicationTypeId: installations.applicationTypeId,
      registrationId: deviceRegistrations.id,
    })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .leftJoin(registrationInstallations, eq(registrationInstallations.installationId, installations.id))
    .leftJoin(
      deviceRegistrations,
      and(eq(deviceRegistrations.id, registrationInstallations.registrationId), isNull(deviceRegistrations.revokedAt)),
    )
    .where(eq(licenses.userId, userId))
    .orderBy(asc(installations.id));
}

/** The user's licences of enabled ENC products, with their geocontent and expiry. */
export async function listEncLicensesOfUser(db: DbOrTx, userId: number) {
  return db
    .select({ licenseId: licenses.id, geocontentId: products.geocontentId, expiresAt: licenses.expiresAt })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, userId), eq(products.enc, true), eq(products.isEnabled, true)))
    .orderBy(asc(licenses.id));
}

/** What these installations received, cell by cell, on the device registration that holds each now. */
export async function listReceivedCells(db: Db | DbOrTx, installationIds: number[]) {
  if (installationIds.length === 0) return [];
  return db
    .select({
      installationId: installationCells.installationId,
      name: installationCells.cellName,
      edition: installationCells.edition,
      update: installationCells.update,
      receivedAt: installationCells.receivedAt,
    })
    .from(installationCells)
    .innerJoin(
      registrationInstallations,
      and(
        eq(registrationInstallations.installationId, installationCells.installationId),
        eq(registrationInstallations.registrationId, installationCells.registrationId),
      ),
    )
    .where(inArray(installationCells.installationId, installationIds));
}
