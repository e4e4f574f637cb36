import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { applicationTypeRetiredKeys, deviceApplications } from '../../db/schema/index.js';

export type ApplicationTypeRow = typeof deviceApplications.$inferSelect;
export type RetiredKeyRow = typeof applicationTypeRetiredKeys.$inferSelect;
export type KeyStandard = 's63' | 's100';

export async function listApplicationTypeRows(db: DbOrTx): Promise<ApplicationTypeRow[]> {
  return db.select().from(deviceApplications).orderBy(asc(deviceApplications.applicationTypeId));
}

export async function findApplicationTypeRow(db: DbOrTx, id: number): Promise<ApplicationTypeRow | undefined> {
  const [row] = await db.select().from(deviceApplications).where(eq(deviceApplications.applicationTypeId, id));
  return row;
}

/** The row, locked for a change (a rotation reads the version it raises). */
export async function lockApplicationTypeRow(db: DbOrTx, id: number): Promise<ApplicationTypeRow | undefined> {
  const [row] = await db.select().from(deviceApplications).where(eq(deviceApplications.applicationTypeId, id)).for('update');
  return row;
}

/** Inserts a new type; undefined when the id is taken (the database decides between two creates). */
export async function insertApplicationTypeRow(
  db: DbOrTx,
  values: typeof deviceApplications.$inferInsert,
): Promise<ApplicationTypeRow | undefined> {
  const [row] = await db.insert(deviceApplications).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateApplicationTypeRow(
  db: DbOrTx,
  id: number,
  set: Partial<Omit<typeof deviceApplications.$inferInsert, 'applicationTypeId' | 'createdAt'>>,
): Promise<ApplicationTypeRow | undefined> {
  const [row] = await db
    .update(deviceApplications)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(deviceApplications.applicationTypeId, id))
    .returning();
  return row;
}

export async function insertRetiredKey(db: DbOrTx, values: typeof applicationTypeRetiredKeys.$inferInsert): Promise<void> {
  await db.insert(applicationTypeRetiredKeys).values(values).onConflictDoNothing();
}

export async function findRetiredKey(db: DbOrTx, id: number, standard: KeyStandard, version: number): Promise<RetiredKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationTypeRetiredKeys)
    .where(
      and(
        eq(applicationTypeRetiredKeys.applicationTypeId, id),
        eq(applicationTypeRetiredKeys.standard, standard),
        eq(applicationTypeRetiredKeys.version, version),
      ),
    );
  return row;
}

export async function listRetiredKeys(db: DbOrTx): Promise<RetiredKeyRow[]> {
  return db
    .select()
    .from(applicationTypeRetiredKeys)
    .orderBy(
      asc(applicationTypeRetiredKeys.applicationTypeId),
      asc(applicationTypeRetiredKeys.standard),
      asc(applicationTypeRetiredKeys.version),
    );
}
