import { eq, sql } from 'drizzle-orm';
import type { Role } from '@chartroom/contracts/constants';
import type { DbOrTx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts a user unless the e-mail exists; returns undefined when it did. */
export async function insertUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; roles?: Role[] },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ email: values.email.toLowerCase(), passwordHash: values.passwordHash, roles: values.roles ?? ['user'] })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updatePassword(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function grantRole(db: DbOrTx, id: number, role: Role): Promise<void> {
  await db
    .update(users)
    .set({ roles: sql`(SELECT ARRAY(SELECT DISTINCT unnest(${users.roles} || ARRAY[${role}]::text[])))` })
    .where(eq(users.id, id));
}

export async function setCurrentGeocontent(db: DbOrTx, id: number, gcId: number): Promise<void> {
  await db.update(users).set({ currentGcId: gcId }).where(eq(users.id, id));
}
