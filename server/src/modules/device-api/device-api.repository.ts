import { and, desc, eq, gt, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import { groupBy } from '../../lib/group-by.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  activations,
  cellKeys,
  chartCollections,
  charts,
  deviceApplications,
  deviceRegistrations,
  deviceSwaps,
  exchangeSets,
  geocontents,
  installations,
  licenses,
  products,
  registrationInstallations,
  type ChartDbRow,
} from '../../db/schema/index.js';

export async function findDeviceApplication(db: DbOrTx, applicationTypeId: number) {
  const [row] = await db.select().from(deviceApplications).where(eq(deviceApplications.applicationTypeId, applicationTypeId));
  return row;
}

export async function upsertDeviceApplication(db: DbOrTx, values: typeof deviceApplications.$inferInsert) {
  await db
    .insert(deviceApplications)
    .values(values)
    .onConflictDoUpdate({
      target: deviceApplications.applicationTypeId,
      set: { name: values.name, mId: values.mId, mKeySealed: values.mKeySealed },
    });
}

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

/**
 * A live registration by its token hash, with its installations' licences, in one query (every
 * device call starts here, so it is kept to one round trip).
 */
export function findDeviceByToken(db: DbOrTx, tokenHash: string | Placeholder, manyTokens = false) {
  return db
    .select({
      registration: deviceRegistrations,
      installation: installations,
      license: licenses,
      product: products,
      geocontentTitle: geocontents.title,
    })
    .from(deviceRegistrations)
    .leftJoin(registrationInstallations, eq(registrationInstallations.registrationId, deviceRegistrations.id))
    .leftJoin(installations, eq(installations.id, registrationInstallations.installationId))
    .leftJoin(licenses, eq(licenses.id, installations.licenseId))
    .leftJoin(products, eq(products.id, licenses.productId))
    .leftJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .where(
      and(
        manyTokens ? sql`${deviceRegistrations.tokenHash} = any(${tokenHash}::text[])` : eq(deviceRegistrations.tokenHash, tokenHash),
        isNull(deviceRegistrations.revokedAt),
      ),
    )
    .orderBy(installations.id);
}

/**
 * What the device API reads of a cell: never its coverage geometry, which for a real cell is a large
 * JSON document that no device answer needs (reading it made every update check slow).
 */
export const deliveryCellColumns = {
  id: charts.id,
  name: charts.name,
  edition: charts.edition,
  update: charts.update,
  releaseDate: charts.releaseDate,
  band: charts.band,
  west: charts.west,
  south: charts.south,
  east: charts.east,
  north: charts.north,
  blobKeys: charts.blobKeys,
  updatedAt: charts.updatedAt,
};
export type DeliveryCell = { [K in keyof typeof deliveryCellColumns]: ChartDbRow[K] };

/** The same as a prepared statement of the database: every device call reads it. */
export function findDeviceByTokenPrepared(db: Db, tokenHash: string) {
  return preparedQuery(db, 'device_by_token', (d, name) => findDeviceByToken(d, sql.placeholder('tokenHash')).prepare(name)).execute({
    tokenHash,
  });
}

/** The devices of several tokens at once (`findDeviceByToken` for each), by token hash. */
export async function findDevicesByTokensPrepared(db: Db, tokenHashes: string[]) {
  const rows = await preparedQuery(db, 'devices_by_tokens', (d, name) =>
    findDeviceByToken(d, sql.placeholder('tokenHashes'), true).prepare(name),
  ).execute({ tokenHashes });
  return groupBy(rows, (row) => row.registration.tokenHash);
}

/**
 * The ENC cells of some geocontents, with `since` only those changed after it (what an update check
 * answers with). Prepared once per database: every update check of every device reads it.
 */
export async function listEncCells(db: Db, geocontentIds: number[], since?: Date) {
  if (geocontentIds.length === 0) return [];
  const ofGeocontents = sql`${chartCollections.geocontentId} = any(${sql.placeholder('gcIds')}::integer[])`;
  const query = (name: string, changed: boolean) =>
    preparedQuery(db, name, (d, n) =>
      d
        .select({ chart: deliveryCellColumns, geocontentId: chartCollections.geocontentId })
        .from(charts)
        .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
        .where(
          and(
            ofGeocontents,
            eq(chartCollections.kind, 'enc'),
            changed ? sql`${charts.updatedAt} > ${sql.placeholder('since')}::timestamptz` : undefined,
          ),
        )
        .orderBy(charts.name)
        .prepare(n),
    );
  return since
    ? query('enc_cells_since', true).execute({ gcIds: geocontentIds, since: since.toISOString() })
    : query('enc_cells', false).execute({ gcIds: geocontentIds });
}

/** Which of these cell names exist anywhere (to tell "not licensed" from "unknown"). */
export async function listKnownCellNames(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ name: charts.name })
    .from(charts)
    .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
    .where(and(inArray(charts.name, names), eq(chartCollections.kind, 'enc')));
  return new Set(rows.map((r) => r.name));
}

export async function findCellKeys(db: DbOrTx, cellName: string, edition: number) {
  const [row] = await db
    .select()
    .from(cellKeys)
    .where(and(eq(cellKeys.cellName, cellName), eq(cellKeys.edition, edition)));
  return row;
}

/** Inserts unless another request made the keys first; the stored row wins either way. */
export async function insertCellKeysOnce(db: DbOrTx, values: typeof cellKeys.$inferInsert) {
  await db.insert(cellKeys).values(values).onConflictDoNothing();
  return (await findCellKeys(db, values.cellName, values.edition))!;
}

export async function insertExchangeSet(db: DbOrTx, values: typeof exchangeSets.$inferInsert) {
  await db.insert(exchangeSets).values(values);
}

export async function findExchangeSet(db: DbOrTx, id: string, registrationId: number) {
  const [row] = await db
    .select()
    .from(exchangeSets)
    .where(and(eq(exchangeSets.id, id), eq(exchangeSets.registrationId, registrationId), gt(exchangeSets.expiresAt, sql`now()`)));
  return row;
}

/** Removes the registration's exchange sets past their download window; returns their blob keys. */
export async function deleteExpiredExchangeSets(db: DbOrTx, registrationId: number): Promise<string[]> {
  const rows = await db
    .delete(exchangeSets)
    .where(and(eq(exchangeSets.registrationId, registrationId), sql`${exchangeSets.expiresAt} <= now()`))
    .returning({ blobKey: exchangeSets.blobKey });
  return rows.map((r) => r.blobKey);
}

export async function setDelivered(db: DbOrTx, registrationId: number, delivered: Record<string, { edition: number; update: number }>) {
  await db.update(deviceRegistrations).set({ delivered }).where(eq(deviceRegistrations.id, registrationId));
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
