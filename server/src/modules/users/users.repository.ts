import { eq, sql } from 'drizzle-orm';
import type { Locale, Role } from '@chartroom/contracts/constants';
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
  values: { email: string; passwordHash: string; roles?: Role[]; locale?: Locale },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email.toLowerCase(),
      passwordHash: values.passwordHash,
      roles: values.roles ?? ['user'],
      ...(values.locale ? { locale: values.locale } : {}),
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export interface PasswordChanged {
  id: number;
  email: string;
  roles: string[];
  tokenVersion: number;
}

/** Sets a new password and raises the token version, so every token signed before is refused. */
export async function replacePassword(db: DbOrTx, id: number, passwordHash: string): Promise<PasswordChanged> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ id: users.id, email: users.email, roles: users.roles, tokenVersion: users.tokenVersion });
  return row!;
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

export async function setUserLocale(db: DbOrTx, id: number, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, id));
}
