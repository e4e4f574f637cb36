import { and, asc, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import { groupBy } from '../../lib/group-by.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { distributors, geocontents, installations, licenses, products, providers, users } from '../../db/schema/index.js';

export async function insertLicense(db: DbOrTx, values: typeof licenses.$inferInsert) {
  const [row] = await db.insert(licenses).values(values).returning();
  return row!;
}

const publisherColumns = {
  license: licenses,
  product: products,
  email: users.email,
  providerTitle: providers.title,
  distributorTitle: distributors.title,
};

/** Licences of one geocontent's products, with what the publisher's table shows. */
export function listLicensesOfGeocontent(db: DbOrTx, gcId: number | Placeholder) {
  return db
    .select(publisherColumns)
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .innerJoin(users, eq(users.id, licenses.userId))
    .leftJoin(distributors, eq(distributors.id, licenses.distributorId))
    .where(eq(products.geocontentId, gcId))
    .orderBy(desc(licenses.issuedAt), desc(licenses.id));
}

/** The same as a prepared statement of the database (the provider's licences tab). */
export function listLicensesOfGeocontentPrepared(db: Db, gcId: number) {
  return preparedQuery(db, 'licenses_of_geocontent', (d, name) =>
    listLicensesOfGeocontent(d, sql.placeholder('gcId')).prepare(name),
  ).execute({ gcId });
}

export async function findPublisherLicense(db: DbOrTx, licenseId: number) {
  const [row] = await db
    .select(publisherColumns)
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .innerJoin(users, eq(users.id, licenses.userId))
    .leftJoin(distributors, eq(distributors.id, licenses.distributorId))
    .where(eq(licenses.id, licenseId));
  return row!;
}

export async function deleteLicensesOfUser(db: DbOrTx, productId: number, userId: number) {
  return db
    .delete(licenses)
    .where(and(eq(licenses.productId, productId), eq(licenses.userId, userId)))
    .returning({ id: licenses.id });
}

/** One installation as the licence's JSON column carries it (snake-case columns, ISO time). */
export interface InstallationJson {
  id: number;
  device_id: string;
  platform_id: number;
  application_type_id: number | null;
  created_at: string;
}

/**
 * A user's licences with product, geocontent and installations, oldest first: one round trip (the
 * installations aggregated per licence by the database), since the profile is read on every poll.
 */
export function listLicensesOfUser(db: DbOrTx, userId: number | Placeholder, manyUsers = false) {
  return db
    .select({
      license: licenses,
      product: products,
      geocontent: { id: geocontents.id, title: geocontents.title },
      installations: sql<InstallationJson[]>`coalesce((
        select json_agg(json_build_object('id', i.id, 'device_id', i.device_id, 'platform_id', i.platform_id,
          'application_type_id', i.application_type_id, 'created_at', i.created_at) order by i.id)
        from ${installations} i where i.license_id = ${licenses.id}), '[]'::json)`,
    })
    .from(licenses)
    .innerJoin(products, eq(products.id, licenses.productId))
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .where(manyUsers ? sql`${licenses.userId} = any(${userId}::integer[])` : eq(licenses.userId, userId))
    .orderBy(asc(licenses.issuedAt), asc(licenses.id));
}

/** The same as a prepared statement of the database (the profile reads it on every visit). */
export function listLicensesOfUserPrepared(db: Db, userId: number) {
  return preparedQuery(db, 'licenses_of_user', (d, name) => listLicensesOfUser(d, sql.placeholder('userId')).prepare(name)).execute({
    userId,
  });
}

/** The licences of several users at once (`listLicensesOfUser` for each), by user id. */
export async function listLicensesOfUsersPrepared(db: Db, userIds: number[]) {
  const rows = await preparedQuery(db, 'licenses_of_users', (d, name) =>
    listLicensesOfUser(d, sql.placeholder('userIds'), true).prepare(name),
  ).execute({ userIds });
  return groupBy(rows, (row) => row.license.userId);
}

/** Licences a distributor issued for one product. */
export async function listIssuedByDistributor(db: DbOrTx, distributorId: number, productId: number) {
  return db
    .select({ license: licenses, email: users.email })
    .from(licenses)
    .innerJoin(users, eq(users.id, licenses.userId))
    .where(and(eq(licenses.distributorId, distributorId), eq(licenses.productId, productId), eq(licenses.issuerType, 'distributor')))
    .orderBy(desc(licenses.issuedAt), desc(licenses.id));
}
