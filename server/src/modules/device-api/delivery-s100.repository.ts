import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deviceRegistrations, s100DatasetKeys, s100Datasets } from '../../db/schema/index.js';

// The S-100 datasets a device is delivered: the licensed datasets, their keys and what was delivered.

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
