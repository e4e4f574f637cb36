import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { navMessageImages, navMessages, ntms, poiReleases, rawDepths } from '../../db/schema/index.js';

// What the device API reads of the non-chart data of a geocontent (issue 35): NTM documents, POI
// releases, navigation messages and published raw depth files, by the geocontents a device holds.

const after = (column: Parameters<typeof gt>[0], since: Date | null): SQL | undefined => (since ? gt(column, since) : undefined);

const ntmColumns = {
  id: ntms.id,
  geocontentId: ntms.geocontentId,
  blobKey: ntms.blobKey,
  filename: ntms.filename,
  size: ntms.size,
  description: ntms.description,
  addDate: ntms.addDate,
};

export async function listNtmsOfGeocontents(db: DbOrTx, geocontentIds: number[], since: Date | null = null) {
  if (geocontentIds.length === 0) return [];
  return db
    .select(ntmColumns)
    .from(ntms)
    .where(and(inArray(ntms.geocontentId, geocontentIds), after(ntms.addDate, since)))
    .orderBy(asc(ntms.id));
}

export async function findNtmForDevice(db: DbOrTx, id: number) {
  const [row] = await db.select(ntmColumns).from(ntms).where(eq(ntms.id, id));
  return row;
}

const poiReleaseColumns = {
  id: poiReleases.id,
  geocontentId: poiReleases.geocontentId,
  itemsCount: poiReleases.itemsCount,
  timestamp: poiReleases.timestamp,
};

export async function listPoiReleasesOfGeocontents(db: DbOrTx, geocontentIds: number[], since: Date | null = null) {
  if (geocontentIds.length === 0) return [];
  return db
    .select(poiReleaseColumns)
    .from(poiReleases)
    .where(and(inArray(poiReleases.geocontentId, geocontentIds), after(poiReleases.timestamp, since)))
    .orderBy(asc(poiReleases.id));
}

/** One POI release with its frozen points (the download). */
export async function findPoiReleaseForDevice(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...poiReleaseColumns, items: poiReleases.items })
    .from(poiReleases)
    .where(eq(poiReleases.id, id));
  return row;
}

export async function listNavMessagesOfGeocontents(db: DbOrTx, geocontentIds: number[], since: Date | null = null) {
  if (geocontentIds.length === 0) return [];
  return db
    .select({
      id: navMessages.id,
      geocontentId: navMessages.geocontentId,
      text: navMessages.text,
      lat: navMessages.lat,
      lng: navMessages.lng,
      createdAt: navMessages.createdAt,
    })
    .from(navMessages)
    .where(and(inArray(navMessages.geocontentId, geocontentIds), after(navMessages.createdAt, since)))
    .orderBy(asc(navMessages.id));
}

const rawDepthColumns = {
  id: rawDepths.id,
  geocontentId: rawDepths.geocontentId,
  blobKey: rawDepths.blobKey,
  filename: rawDepths.filename,
  size: rawDepths.size,
  description: rawDepths.description,
  timestamp: rawDepths.timestamp,
  isPublished: rawDepths.isPublished,
};

/** The published raw depth files (a hidden one is the provider's own). */
export async function listPublishedRawDepthsOfGeocontents(db: DbOrTx, geocontentIds: number[], since: Date | null = null) {
  if (geocontentIds.length === 0) return [];
  return db
    .select(rawDepthColumns)
    .from(rawDepths)
    .where(and(inArray(rawDepths.geocontentId, geocontentIds), eq(rawDepths.isPublished, true), after(rawDepths.timestamp, since)))
    .orderBy(asc(rawDepths.id));
}

export async function findRawDepthForDevice(db: DbOrTx, id: number) {
  const [row] = await db.select(rawDepthColumns).from(rawDepths).where(eq(rawDepths.id, id));
  return row;
}

/** The pictures of some navigation messages, by message. */
export async function listNavMessageImages(db: DbOrTx, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      id: navMessageImages.id,
      messageId: navMessageImages.messageId,
      mimetype: navMessageImages.mimetype,
      size: navMessageImages.size,
    })
    .from(navMessageImages)
    .where(inArray(navMessageImages.messageId, messageIds))
    .orderBy(asc(navMessageImages.id));
}

/** One picture of a navigation message, with the message's geocontent. */
export async function findNavMessageImageForDevice(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: navMessageImages.id,
      blobKey: navMessageImages.blobKey,
      mimetype: navMessageImages.mimetype,
      size: navMessageImages.size,
      geocontentId: navMessages.geocontentId,
    })
    .from(navMessageImages)
    .innerJoin(navMessages, eq(navMessages.id, navMessageImages.messageId))
    .where(eq(navMessageImages.id, id));
  return row;
}
