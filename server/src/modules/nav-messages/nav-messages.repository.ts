import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  activations,
  geocontents,
  installations,
  licenses,
  navMessageImages,
  navMessages,
  products,
  providers,
} from '../../db/schema/index.js';

export type NavMessageRow = typeof navMessages.$inferSelect;
export type NavMessageImageRow = typeof navMessageImages.$inferSelect;

export async function insertNavMessage(
  db: DbOrTx,
  values: typeof navMessages.$inferInsert,
  images: Omit<typeof navMessageImages.$inferInsert, 'messageId'>[],
): Promise<{ message: NavMessageRow; images: NavMessageImageRow[] }> {
  const [message] = await db.insert(navMessages).values(values).returning();
  const imageRows = images.length
    ? await db
        .insert(navMessageImages)
        .values(images.map((i) => ({ ...i, messageId: message!.id })))
        .returning()
    : [];
  return { message: message!, images: imageRows };
}

export async function listNavMessages(db: DbOrTx, geocontentId: number): Promise<NavMessageRow[]> {
  return db
    .select()
    .from(navMessages)
    .where(eq(navMessages.geocontentId, geocontentId))
    .orderBy(desc(navMessages.createdAt), desc(navMessages.id));
}

export async function listImagesOf(db: DbOrTx, messageIds: number[]): Promise<NavMessageImageRow[]> {
  if (messageIds.length === 0) return [];
  return db.select().from(navMessageImages).where(inArray(navMessageImages.messageId, messageIds)).orderBy(asc(navMessageImages.id));
}

/** The message when its geocontent belongs to a provider this user owns. */
export async function findOwnedNavMessage(db: DbOrTx, ownerUserId: number, id: number): Promise<NavMessageRow | undefined> {
  const [row] = await db
    .select({ message: navMessages })
    .from(navMessages)
    .innerJoin(geocontents, eq(geocontents.id, navMessages.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(and(eq(navMessages.id, id), eq(providers.ownerUserId, ownerUserId)))
    .limit(1);
  return row?.message;
}

export async function deleteNavMessage(db: DbOrTx, id: number): Promise<void> {
  await db.delete(navMessages).where(eq(navMessages.id, id));
}

/** An image with the message's author and the owner of the message's provider. */
export async function findImageWithOwners(db: DbOrTx, imageId: number) {
  const [row] = await db
    .select({ image: navMessageImages, authorId: navMessages.userId, ownerUserId: providers.ownerUserId })
    .from(navMessageImages)
    .innerJoin(navMessages, eq(navMessages.id, navMessageImages.messageId))
    .innerJoin(geocontents, eq(geocontents.id, navMessages.geocontentId))
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .where(eq(navMessageImages.id, imageId))
    .limit(1);
  return row;
}

export async function findGeocontent(db: DbOrTx, id: number) {
  const [row] = await db.select().from(geocontents).where(eq(geocontents.id, id)).limit(1);
  return row;
}

/** Has this user a device installed on a licence of a product of this geocontent? */
export async function hasInstallationOnGeocontent(db: DbOrTx, userId: number, geocontentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: installations.id })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .innerJoin(products, eq(products.id, licenses.productId))
    .where(and(eq(licenses.userId, userId), eq(products.geocontentId, geocontentId)))
    .limit(1);
  return rows.length > 0;
}

/** Has this user a device activation that has not expired? */
export async function hasActiveActivation(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: activations.id })
    .from(activations)
    .where(and(eq(activations.userId, userId), gt(activations.expiresAt, new Date())))
    .limit(1);
  return rows.length > 0;
}
