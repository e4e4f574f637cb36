import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { groupBy } from '../../lib/group-by.js';
import { readCacheOf } from '../../db/read-cache.js';
import {
  agreementInstallations,
  agreementRates,
  agreements,
  agreementUsers,
  distributors,
  rateProductLinks,
  transactions,
  userInstallations,
  users,
  type AgreementRateRow,
  type AgreementRow,
} from '../../db/schema/index.js';

const mainUsers = alias(users, 'main_users');
const supervisors = alias(users, 'supervisors');

/** Agreements matching `where` with their distributor, its main user and the supervisor. */
export async function selectAgreements(db: DbOrTx, where: SQL) {
  return db
    .select({
      agreement: agreements,
      distributor: { id: distributors.id, title: distributors.title },
      mainUserId: mainUsers.id,
      mainUserEmail: mainUsers.email,
      supervisorEmail: supervisors.email,
    })
    .from(agreements)
    .innerJoin(distributors, eq(distributors.id, agreements.distributorId))
    .innerJoin(mainUsers, eq(mainUsers.id, distributors.mainUserId))
    .leftJoin(supervisors, eq(supervisors.id, agreements.supervisorId))
    .where(where)
    .orderBy(desc(agreements.id));
}
export type AgreementJoined = Awaited<ReturnType<typeof selectAgreements>>[number];

/** Locks the agreement row (SELECT … FOR UPDATE): every ledger write on it runs one at a time. */
export async function lockAgreement(tx: DbOrTx, where: SQL): Promise<AgreementRow | undefined> {
  const [row] = await tx.select().from(agreements).where(where).for('update');
  return row;
}

export async function insertAgreement(db: DbOrTx, values: typeof agreements.$inferInsert) {
  const [row] = await db.insert(agreements).values(values).returning();
  return row!;
}

export async function updateAgreementRow(db: DbOrTx, id: number, values: Partial<typeof agreements.$inferInsert>) {
  await db.update(agreements).set(values).where(eq(agreements.id, id));
}

export async function listRates(db: DbOrTx, agreementIds: number[]) {
  if (agreementIds.length === 0) return [];
  return db.select().from(agreementRates).where(inArray(agreementRates.agreementId, agreementIds)).orderBy(agreementRates.id);
}

export async function replaceRates(db: DbOrTx, agreementId: number, rows: Omit<typeof agreementRates.$inferInsert, 'agreementId'>[]) {
  await db.delete(agreementRates).where(eq(agreementRates.agreementId, agreementId));
  if (rows.length > 0) await db.insert(agreementRates).values(rows.map((r) => ({ ...r, agreementId })));
}

export async function listUserLimits(db: DbOrTx, agreementIds: number[]) {
  if (agreementIds.length === 0) return [];
  return db
    .select({ row: agreementUsers, email: users.email })
    .from(agreementUsers)
    .innerJoin(users, eq(users.id, agreementUsers.userId))
    .where(inArray(agreementUsers.agreementId, agreementIds))
    .orderBy(agreementUsers.id);
}

export async function findAgreementUser(db: DbOrTx, agreementId: number, userId: number) {
  const [row] = await db
    .select()
    .from(agreementUsers)
    .where(and(eq(agreementUsers.agreementId, agreementId), eq(agreementUsers.userId, userId)));
  return row;
}

export async function ensureAgreementUser(db: DbOrTx, agreementId: number, userId: number): Promise<void> {
  await db.insert(agreementUsers).values({ agreementId, userId }).onConflictDoNothing();
}

export async function setUserLimitRow(db: DbOrTx, agreementId: number, userId: number, limit: string | null) {
  const [row] = await db
    .update(agreementUsers)
    .set({ userLimit: limit })
    .where(and(eq(agreementUsers.agreementId, agreementId), eq(agreementUsers.userId, userId)))
    .returning();
  return row;
}

/** Attaches an installation; undefined when it already is. */
export async function insertAgreementInstallation(db: DbOrTx, values: { agreementId: number; userId: number; installationId: number }) {
  const [row] = await db.insert(agreementInstallations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function listAgreementInstallations(db: DbOrTx, agreementId: number) {
  return db
    .select({ link: agreementInstallations, installation: userInstallations, email: users.email })
    .from(agreementInstallations)
    .innerJoin(userInstallations, eq(userInstallations.id, agreementInstallations.installationId))
    .innerJoin(users, eq(users.id, agreementInstallations.userId))
    .where(eq(agreementInstallations.agreementId, agreementId))
    .orderBy(agreementInstallations.id);
}

/** The first agreement matching `where` (a predicate from agreement-policy.ts). */
export async function findAgreement(db: DbOrTx, where: SQL): Promise<AgreementRow | undefined> {
  const [row] = await db.select().from(agreements).where(where);
  return row;
}

/** The agreement's ledger row posted with this idempotency key. */
export async function findTransactionByKey(db: DbOrTx, agreementId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.agreementId, agreementId), eq(transactions.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findTransaction(db: DbOrTx, id: number) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

/** Ledger rows of the agreements `readable` selects, narrowed by agreement, user and installation. */
export async function listTransactions(
  db: DbOrTx,
  readable: SQL,
  filter: { agreementId?: number; userId?: number; installationId?: number },
  limit: number,
) {
  const conditions: SQL[] = [readable];
  if (filter.agreementId) conditions.push(eq(transactions.agreementId, filter.agreementId));
  if (filter.userId) conditions.push(eq(transactions.userId, filter.userId));
  if (filter.installationId) conditions.push(eq(transactions.installationId, filter.installationId));
  return db
    .select()
    .from(transactions)
    .innerJoin(agreements, eq(agreements.id, transactions.agreementId))
    .where(and(...conditions))
    .orderBy(desc(transactions.id))
    .limit(limit);
}

export async function listLinkedProductIds(db: DbOrTx, rateProduct: string): Promise<number[]> {
  const rows = await db
    .select({ id: rateProductLinks.productId })
    .from(rateProductLinks)
    .where(eq(rateProductLinks.rateProduct, rateProduct));
  return rows.map((r) => r.id);
}

export async function linkRateProduct(db: DbOrTx, rateProduct: string, productId: number): Promise<void> {
  await db.insert(rateProductLinks).values({ rateProduct, productId }).onConflictDoNothing();
}

/**
 * One round trip for an order: the user's installation, the agreements it is on and their rate rows
 * (every application and currency: at most 30 rows an agreement). Undefined when the user has no
 * such installation.
 */
export async function findOrderContext(db: DbOrTx, userId: number, installationId: number, agreementId?: number) {
  const rows = await db
    .select({ installation: userInstallations, agreement: agreements, rate: agreementRates })
    .from(userInstallations)
    .leftJoin(
      agreementInstallations,
      and(
        eq(agreementInstallations.installationId, userInstallations.id),
        agreementId === undefined ? undefined : eq(agreementInstallations.agreementId, agreementId),
      ),
    )
    .leftJoin(agreements, eq(agreements.id, agreementInstallations.agreementId))
    .leftJoin(agreementRates, eq(agreementRates.agreementId, agreements.id))
    .where(and(eq(userInstallations.id, installationId), eq(userInstallations.userId, userId)));
  return groupOrderContext(rows);
}

type OrderContextRow = {
  installation: typeof userInstallations.$inferSelect;
  agreement: AgreementRow | null;
  rate: AgreementRateRow | null;
};

function groupOrderContext(rows: OrderContextRow[]) {
  const first = rows[0];
  if (!first) return undefined;
  const byId = new Map<number, { agreement: AgreementRow; rates: AgreementRateRow[] }>();
  for (const row of rows) {
    if (!row.agreement) continue;
    let entry = byId.get(row.agreement.id);
    if (!entry) byId.set(row.agreement.id, (entry = { agreement: row.agreement, rates: [] }));
    if (row.rate) entry.rates.push(row.rate);
  }
  return { installation: first.installation, agreements: byId };
}
export type OrderContext = NonNullable<ReturnType<typeof groupOrderContext>>;

const orderContextQuery = (db: Db) =>
  preparedQuery(db, 'order_contexts', (d, name) =>
    d
      .select({ key: sql<string>`x.key`, installation: userInstallations, agreement: agreements, rate: agreementRates })
      .from(
        sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('users')}::integer[], ${sql.placeholder('installations')}::integer[],
                   ${sql.placeholder('agreements')}::integer[]) AS x (key, user_id, installation_id, agreement_id)`,
      )
      .innerJoin(userInstallations, and(eq(userInstallations.id, sql`x.installation_id`), eq(userInstallations.userId, sql`x.user_id`)))
      .leftJoin(
        agreementInstallations,
        and(
          eq(agreementInstallations.installationId, userInstallations.id),
          sql`(x.agreement_id IS NULL OR ${agreementInstallations.agreementId} = x.agreement_id)`,
        ),
      )
      .leftJoin(agreements, eq(agreements.id, agreementInstallations.agreementId))
      .leftJoin(agreementRates, eq(agreementRates.agreementId, agreements.id))
      .prepare(name),
  );

/**
 * findOrderContext through the read cache (db/read-cache.ts `getBatched`): on PostgreSQL the contexts
 * that concurrent orders ask for are read in one query per batch, never older than the request.
 * Key `userId:installationId:agreementId`. With an agreement named, only that one is read (with its
 * rates): an installation keeps the agreements it was ever on, and an order needs one.
 */
export function loadOrderContext(db: Db, userId: number, installationId: number, agreementId?: number): Promise<OrderContext | undefined> {
  return readCacheOf(db).getBatched(
    'order-context',
    `${userId}:${installationId}:${agreementId ?? ''}`,
    () => findOrderContext(db, userId, installationId, agreementId),
    async (keys) => {
      const parts = keys.map((key) => key.split(':'));
      const rows = await orderContextQuery(db).execute({
        keys,
        users: parts.map((p) => Number(p[0])),
        installations: parts.map((p) => Number(p[1])),
        agreements: parts.map((p) => (p[2] ? Number(p[2]) : null)),
      });
      return new Map([...groupBy(rows, (r) => r.key)].map(([key, list]) => [key, groupOrderContext(list)!]));
    },
  );
}
