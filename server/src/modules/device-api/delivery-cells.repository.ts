import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { cellKeys, chartCollections, charts, deviceRegistrations, exchangeSets, type ChartDbRow } from '../../db/schema/index.js';

// The ENC cells a device is delivered: the licensed cells, their keys, exchange sets and what was delivered.

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
