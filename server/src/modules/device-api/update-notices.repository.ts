import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  agreementInstallations,
  agreements,
  geocontents,
  installations,
  userInstallations,
  licenses,
  products,
  registrationInstallations,
  users,
} from '../../db/schema/index.js';

// Who hears of updated cells (update-notices.job.ts).

/**
 * Every installation on a current licence of the geocontent's ENC products, with its user and the
 * distributors it is under: the one that issued its licence, and those whose current agreements the
 * user joined with this device (spec §3 Agreement user entry: a user attached with an installation).
 */
export async function listCellHolders(db: DbOrTx, geocontentId: number) {
  return db
    .select({
      installationId: installations.id,
      deviceId: installations.deviceId,
      licenseId: licenses.id,
      distributorId: licenses.distributorId,
      userId: users.id,
      email: users.email,
      locale: users.locale,
      registrationId: registrationInstallations.registrationId,
      agreementDistributorIds: sql<number[]>`array(
        select distinct ${agreements.distributorId}
        from ${agreementInstallations}
        join ${userInstallations} on ${userInstallations.id} = ${agreementInstallations.installationId}
        join ${agreements} on ${agreements.id} = ${agreementInstallations.agreementId}
        where ${userInstallations.userId} = ${licenses.userId}
          and ${userInstallations.deviceId} = ${installations.deviceId}
          and ${agreements.validTill} >= current_date
      )`,
    })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .innerJoin(users, eq(users.id, licenses.userId))
    .leftJoin(registrationInstallations, eq(registrationInstallations.installationId, installations.id))
    .where(
      and(
        eq(products.geocontentId, geocontentId),
        eq(products.enc, true),
        sql`(${licenses.expiresAt} is null or ${licenses.expiresAt} > now())`,
      ),
    )
    .orderBy(installations.id);
}

export async function findGeocontentTitle(db: DbOrTx, geocontentId: number): Promise<string | undefined> {
  const [gc] = await db.select({ title: geocontents.title }).from(geocontents).where(eq(geocontents.id, geocontentId));
  return gc?.title;
}
