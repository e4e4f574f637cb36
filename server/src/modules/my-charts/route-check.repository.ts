import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  agreementInstallations,
  agreements,
  chartCollections,
  charts,
  geocontents,
  products,
  providers,
  rateProductLinks,
  s100Datasets,
  userInstallations,
} from '../../db/schema/index.js';

type Box = [number, number, number, number];

/** The geocontent has an enabled ENC product: its charts are published. */
const published = (geocontentId: typeof chartCollections.geocontentId | typeof s100Datasets.geocontentId) =>
  sql`exists (select 1 from ${products} where ${products.geocontentId} = ${geocontentId} and ${products.isEnabled} and ${products.enc})`;

/** Published ENC cells (any provider) whose bounding box meets `box`, with their coverage. */
export async function listPublishedCellsIn(db: DbOrTx, [w, s, e, n]: Box) {
  return db
    .select({
      geocontentId: chartCollections.geocontentId,
      name: charts.name,
      band: charts.band,
      edition: charts.edition,
      update: charts.update,
      releaseDate: charts.releaseDate,
      west: charts.west,
      south: charts.south,
      east: charts.east,
      north: charts.north,
      coverage: charts.coverage,
    })
    .from(charts)
    .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
    .where(
      and(
        eq(chartCollections.kind, 'enc'),
        isNotNull(charts.edition),
        sql`jsonb_array_length(${charts.blobKeys}) > 0`,
        gte(charts.east, w),
        lte(charts.west, e),
        gte(charts.north, s),
        lte(charts.south, n),
        published(chartCollections.geocontentId),
      ),
    )
    .orderBy(asc(charts.name));
}

/** Published S-101 datasets (any provider) whose bounding box meets `box`. */
export async function listPublishedS101In(db: DbOrTx, [w, s, e, n]: Box) {
  return db
    .select({
      geocontentId: s100Datasets.geocontentId,
      name: s100Datasets.name,
      edition: s100Datasets.edition,
      update: s100Datasets.update,
      issueDate: s100Datasets.issueDate,
      west: s100Datasets.west,
      south: s100Datasets.south,
      east: s100Datasets.east,
      north: s100Datasets.north,
    })
    .from(s100Datasets)
    .where(
      and(
        eq(s100Datasets.product, 'S-101'),
        gte(s100Datasets.east, w),
        lte(s100Datasets.west, e),
        gte(s100Datasets.north, s),
        lte(s100Datasets.south, n),
        published(s100Datasets.geocontentId),
      ),
    )
    .orderBy(asc(s100Datasets.name));
}

/** The enabled ENC products of these geocontents, with their geocontent and provider titles. */
export async function listEnabledProductsOf(db: DbOrTx, geocontentIds: number[]) {
  if (geocontentIds.length === 0) return [];
  return db
    .select({
      productId: products.id,
      geocontentId: products.geocontentId,
      licType: products.licType,
      price: products.price,
      geocontentTitle: geocontents.title,
      providerTitle: providers.title,
    })
    .from(products)
    .innerJoin(geocontents, eq(geocontents.id, products.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(inArray(products.geocontentId, geocontentIds), eq(products.isEnabled, true), eq(products.enc, true)))
    .orderBy(asc(products.id));
}

/** The rate products (what orders name) that stand for these portal products. */
export async function listRateProductsOf(db: DbOrTx, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({ rateProduct: rateProductLinks.rateProduct, productId: rateProductLinks.productId })
    .from(rateProductLinks)
    .where(inArray(rateProductLinks.productId, productIds));
}

/** The user's devices (order-flow installations) on an agreement that has not ended, oldest first. */
export async function listDevicesOnAgreements(db: DbOrTx, userId: number, today: string) {
  return db
    .select({ userInstallationId: userInstallations.id, deviceId: userInstallations.deviceId, agreementId: agreements.id })
    .from(agreementInstallations)
    .innerJoin(userInstallations, eq(userInstallations.id, agreementInstallations.installationId))
    .innerJoin(agreements, eq(agreements.id, agreementInstallations.agreementId))
    .where(and(eq(agreementInstallations.userId, userId), eq(userInstallations.userId, userId), gte(agreements.validTill, today)))
    .orderBy(asc(userInstallations.id), asc(agreements.id));
}
