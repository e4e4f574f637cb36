import { and, desc, eq, gt, inArray, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { groupBy } from '../../lib/group-by.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import {
  activations,
  cellKeys,
  chartCollections,
  charts,
  deviceRegistrations,
  deviceSwaps,
  exchangeSets,
  geocontents,
  installations,
  licenses,
  products,
  registrationInstallations,
  s100DatasetKeys,
  s100Datasets,
  type ChartDbRow,
} from '../../db/schema/index.js';

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
 * One cell of an update check as `findDeviceUpdatesPrepared` reads it: name, edition, update,
 * release date, band, west, south, east, north, the geocontent that holds it, and whether this copy
 * changed after the check's `since` (always true without one).
 */
export type UpdateCellTuple = [
  name: string,
  edition: number,
  update: number | null,
  releaseDate: string | null,
  band: number | null,
  west: number | null,
  south: number | null,
  east: number | null,
  north: number | null,
  geocontentId: number,
  changed: boolean,
];

/** What one update check asks: the device's token hash and the `since` of its poll (ISO), if any. */
export interface DeviceUpdatesKey {
  tokenHash: string;
  since: string | null;
}

/** What an update check reads of its device: whether it holds an installation, its ENC licences and its cells. */
export interface DeviceUpdatesRow {
  /** The registration is live and holds at least one installation (else the token is refused). */
  held: boolean;
  /** Its enabled ENC products' licences: geocontent id, and expiry in ms since 1970 (null = never). */
  licences: [geocontentId: number, expiresAt: number | null][] | null;
  /**
   * The ENC cells with an edition and files in the geocontents of its ENC products, by name; with
   * `since`, every copy of each name of which some copy changed after it (another office's older
   * copy changing must not make it the answer: the caller picks the newest copy, then asks if it changed).
   */
  cells: UpdateCellTuple[] | null;
}

/**
 * Update checks in one statement, one row per key whose token is live: the device and its cells
 * come from one snapshot in one round trip, where they took two in turn. With `since`, only the names
 * some copy of which changed after it. Which licences are current is left to the caller, as for every device call. Rows are
 * answered by position (`Map` key = index in `keys`); a key without a live registration has none.
 */
export async function findDeviceUpdatesPrepared(db: Db, keys: readonly DeviceUpdatesKey[]): Promise<Map<number, DeviceUpdatesRow>> {
  const held = (what: ReturnType<typeof sql>) => sql`
    from registration_installations ri
    join installations i on i.id = ri.installation_id
    join licenses l on l.id = i.license_id
    join products p on p.id = l.product_id
   where ri.registration_id = ${deviceRegistrations.id} ${what}`;
  // A cell a device can be given: an ENC cell with an edition and files, of one of its ENC products' geocontents.
  const deliverable = (c: SQL, cc: SQL) => sql`${cc}.kind = 'enc' and ${c}.edition is not null and jsonb_array_length(${c}.blob_keys) > 0
             and ${cc}.geocontent_id in (select p.geocontent_id ${held(sql`and p.enc`)})`;
  const rows = await preparedQuery(db, 'device_updates', (d, name) =>
    d
      .select({
        key: sql<number>`k.n`.mapWith(Number),
        held: sql<boolean>`exists (select 1 ${held(sql``)})`,
        licences: sql<
          DeviceUpdatesRow['licences']
        >`(select json_agg(json_build_array(p.geocontent_id, floor(extract(epoch from l.expires_at) * 1000)))
          ${held(sql`and p.enc and p.is_enabled`)})`,
        cells: sql<DeviceUpdatesRow['cells']>`(
          select json_agg(json_build_array(c.name, c.edition, c.update, c.release_date, c.band, c.west, c.south, c.east, c.north, cc.geocontent_id,
                                           k.since is null or c.updated_at > k.since) order by c.name)
            from charts c join chart_collections cc on cc.id = c.collection_id
           where ${deliverable(sql`c`, sql`cc`)}
             and (k.since is null or c.name in (
                   select c2.name from charts c2 join chart_collections cc2 on cc2.id = c2.collection_id
                    where c2.updated_at > k.since and ${deliverable(sql`c2`, sql`cc2`)})))`,
      })
      .from(
        sql`unnest(${sql.placeholder('tokenHashes')}::text[], ${sql.placeholder('sinces')}::timestamptz[]) with ordinality as k(token_hash, since, n)`,
      )
      .innerJoin(deviceRegistrations, and(sql`${deviceRegistrations.tokenHash} = k.token_hash`, isNull(deviceRegistrations.revokedAt)))
      .prepare(name),
  ).execute({ tokenHashes: keys.map((k) => k.tokenHash), sinces: keys.map((k) => k.since) });
  return new Map(rows.map(({ key, ...row }) => [key - 1, row]));
}

/**
 * The ENC cells of some geocontents (what entitlements, licence files and exchange sets are made
 * of). Prepared once per database.
 */
export async function listEncCells(db: Db, geocontentIds: number[]) {
  if (geocontentIds.length === 0) return [];
  return preparedQuery(db, 'enc_cells', (d, n) =>
    d
      .select({ chart: deliveryCellColumns, geocontentId: chartCollections.geocontentId })
      .from(charts)
      .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
      .where(and(sql`${chartCollections.geocontentId} = any(${sql.placeholder('gcIds')}::integer[])`, eq(chartCollections.kind, 'enc')))
      .orderBy(charts.name)
      .prepare(n),
  ).execute({ gcIds: geocontentIds });
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

/** What the device API reads of an S-100 dataset (never the feature counts). */
export const deliveryS100Columns = {
  id: s100Datasets.id,
  geocontentId: s100Datasets.geocontentId,
  product: s100Datasets.product,
  name: s100Datasets.name,
  edition: s100Datasets.edition,
  update: s100Datasets.update,
  issueDate: s100Datasets.issueDate,
  west: s100Datasets.west,
  south: s100Datasets.south,
  east: s100Datasets.east,
  north: s100Datasets.north,
  blobKeys: s100Datasets.blobKeys,
  updatedAt: s100Datasets.updatedAt,
};
export type DeliveryS100Dataset = Awaited<ReturnType<typeof listS100DatasetsOfGeocontents>>[number];

/** The S-100 datasets of some geocontents (entitlements and S-100 exchange sets are made of them). */
export async function listS100DatasetsOfGeocontents(db: DbOrTx, geocontentIds: number[]) {
  if (geocontentIds.length === 0) return [];
  return db
    .select(deliveryS100Columns)
    .from(s100Datasets)
    .where(inArray(s100Datasets.geocontentId, geocontentIds))
    .orderBy(s100Datasets.name);
}

/** Which of these S-100 dataset names exist anywhere (to tell "not licensed" from "unknown"). */
export async function listKnownS100Names(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.selectDistinct({ name: s100Datasets.name }).from(s100Datasets).where(inArray(s100Datasets.name, names));
  return new Set(rows.map((r) => r.name));
}

export async function findS100DatasetKey(db: DbOrTx, name: string, edition: number) {
  const [row] = await db
    .select()
    .from(s100DatasetKeys)
    .where(and(eq(s100DatasetKeys.name, name), eq(s100DatasetKeys.edition, edition)));
  return row;
}

/** Inserts unless another request made the key first; the stored row wins either way. */
export async function insertS100DatasetKeyOnce(db: DbOrTx, values: typeof s100DatasetKeys.$inferInsert) {
  await db.insert(s100DatasetKeys).values(values).onConflictDoNothing();
  return (await findS100DatasetKey(db, values.name, values.edition))!;
}

export async function setS100Delivered(db: DbOrTx, registrationId: number, delivered: Record<string, { edition: number; update: number }>) {
  await db.update(deviceRegistrations).set({ s100Delivered: delivered }).where(eq(deviceRegistrations.id, registrationId));
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
