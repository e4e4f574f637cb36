import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { s100Datasets, type S100DatasetRow } from '../../db/schema/index.js';

export type S100DatasetValues = Omit<typeof s100Datasets.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listS100Datasets(db: DbOrTx, gcId: number) {
  return db.select().from(s100Datasets).where(eq(s100Datasets.geocontentId, gcId)).orderBy(asc(s100Datasets.name));
}

export async function findS100DatasetsByName(db: DbOrTx, gcId: number, names: string[]): Promise<S100DatasetRow[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(s100Datasets)
    .where(and(eq(s100Datasets.geocontentId, gcId), inArray(s100Datasets.name, names)));
}

/** The geocontent's dataset of this name, locked until the transaction ends (the apply's check against what the upload was read from). */
export async function lockS100Dataset(db: DbOrTx, gcId: number, name: string): Promise<S100DatasetRow | undefined> {
  const [row] = await db
    .select()
    .from(s100Datasets)
    .where(and(eq(s100Datasets.geocontentId, gcId), eq(s100Datasets.name, name)))
    .for('update');
  return row;
}

export async function upsertS100Dataset(db: DbOrTx, values: S100DatasetValues): Promise<S100DatasetRow> {
  const { geocontentId: _g, name: _n, ...changes } = values;
  const [row] = await db
    .insert(s100Datasets)
    .values(values)
    .onConflictDoUpdate({ target: [s100Datasets.geocontentId, s100Datasets.name], set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
