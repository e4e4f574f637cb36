import { and, asc, desc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chartCollections, charts, encUploads, geocontents, jobs, providers, s63Conversions, users } from '../../db/schema/index.js';
import { noteChartsChanged } from '../tiles/chart-changes.js';
import { afterCommit } from '../../db/after-commit.js';
import type { CellMeta } from './cell-meta.js';

export async function findCollection(db: DbOrTx, gcId: number, kind: string) {
  const [row] = await db
    .select()
    .from(chartCollections)
    .where(and(eq(chartCollections.geocontentId, gcId), eq(chartCollections.kind, kind)))
    .limit(1);
  return row;
}

/** The collection of this kind, made (or retyped) as needed. */
export async function upsertCollection(
  db: DbOrTx,
  values: { geocontentId: number; kind: string; type: string; metaInfo?: unknown; companionKeys?: Record<string, string> },
) {
  const set: Record<string, unknown> = { type: values.type, updatedAt: sql`now()` };
  if (values.metaInfo !== undefined) set.metaInfo = values.metaInfo;
  if (values.companionKeys !== undefined) set.companionKeys = values.companionKeys;
  const [row] = await db
    .insert(chartCollections)
    .values({
      geocontentId: values.geocontentId,
      kind: values.kind,
      type: values.type,
      metaInfo: values.metaInfo ?? null,
      companionKeys: values.companionKeys ?? {},
    })
    .onConflictDoUpdate({ target: [chartCollections.geocontentId, chartCollections.kind], set })
    .returning();
  // Sent after the commit: a tile asked before it must not be remembered at the old version.
  afterCommit(db, () => noteChartsChanged(values.geocontentId));
  return row!;
}

export async function listCharts(db: DbOrTx, collectionId: number) {
  return db.select().from(charts).where(eq(charts.collectionId, collectionId)).orderBy(asc(charts.name));
}

/** What the catalogue's list shows of a chart: no coverage, and of the files only how many. */
const listedChartColumns = {
  id: charts.id,
  name: charts.name,
  edition: charts.edition,
  update: charts.update,
  releaseDate: charts.releaseDate,
  scale: charts.scale,
  band: charts.band,
  description: charts.description,
  depthMin: charts.depthMin,
  depthMax: charts.depthMax,
  west: charts.west,
  south: charts.south,
  east: charts.east,
  north: charts.north,
  fileCount: sql<number>`jsonb_array_length(${charts.blobKeys})`.mapWith(Number),
};

/** A name filter of the list: a part of the name, case ignored (LIKE's wildcards taken literally). */
function nameContains(name: string | undefined) {
  if (!name) return undefined;
  const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`upper(${charts.name}) like ${`%${escaped.toUpperCase()}%`}`;
}

/**
 * A page of a collection's charts by name, and how many match in all: the rows in the order of the
 * collection's (collection, name) index, list columns only, so a page costs about the same whatever
 * the collection holds (a filter or a far offset reads past the names before it; the count reads the
 * index). One statement: the count is a subquery of the page's (asked only when the page may not hold
 * every match), and is read apart only when the page is empty (an offset past the end).
 */
export async function listChartPage(db: DbOrTx, collectionId: number, page: { offset?: number; limit?: number; name?: string }) {
  const where = and(eq(charts.collectionId, collectionId), nameContains(page.name));
  const isWhole = page.limit === undefined && !page.offset;
  const countAll = db
    .select({ n: sql<number>`count(*)`.as('n') })
    .from(charts)
    .where(where);
  let query = db
    .select({ ...listedChartColumns, total: isWhole ? sql<number>`0`.mapWith(Number) : sql<number>`(${countAll})`.mapWith(Number) })
    .from(charts)
    .where(where)
    .orderBy(asc(charts.name))
    .$dynamic();
  if (page.limit !== undefined) query = query.limit(page.limit);
  if (page.offset) query = query.offset(page.offset);
  const found = await query;
  const rows = found.map(({ total: _total, ...row }) => row);
  if (isWhole) return { rows, total: rows.length };
  if (found.length > 0) return { rows, total: found[0]!.total };
  const [count] = await countAll;
  return { rows, total: Number(count?.n ?? 0) };
}
export type ListedChartRow = Omit<Awaited<ReturnType<typeof listChartPage>>['rows'][number], 'total'>;

export async function findChartsByName(db: DbOrTx, collectionId: number, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select()
    .from(charts)
    .where(and(eq(charts.collectionId, collectionId), inArray(charts.name, names)));
}

export async function deleteChartsOfCollection(db: DbOrTx, collectionId: number) {
  return db.delete(charts).where(eq(charts.collectionId, collectionId)).returning({ blobKeys: charts.blobKeys });
}

export async function upsertChart(
  db: DbOrTx,
  values: { collectionId: number; name: string; sourceType: string; blobKeys: string[]; meta: CellMeta },
) {
  const { meta } = values;
  const row = {
    collectionId: values.collectionId,
    name: values.name,
    sourceType: values.sourceType,
    blobKeys: values.blobKeys,
    edition: meta.edition,
    update: meta.update,
    releaseDate: meta.releaseDate,
    scale: meta.scale,
    band: meta.band,
    description: meta.description,
    depthMin: meta.depthRange?.[0] ?? null,
    depthMax: meta.depthRange?.[1] ?? null,
    west: meta.bbox?.[0] ?? null,
    south: meta.bbox?.[1] ?? null,
    east: meta.bbox?.[2] ?? null,
    north: meta.bbox?.[3] ?? null,
    coverage: meta.coverage,
  };
  const { collectionId: _c, name: _n, ...changes } = row;
  const [saved] = await db
    .insert(charts)
    .values(row)
    .onConflictDoUpdate({ target: [charts.collectionId, charts.name], set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return saved!;
}

/** A chart of a geocontent owned by this provider (the owner is part of the query). */
export async function findChartOfGeocontents(db: DbOrTx, chartId: number, gcIds: number[]) {
  if (gcIds.length === 0) return undefined;
  const [row] = await db
    .select({ chart: charts, geocontentId: chartCollections.geocontentId, kind: chartCollections.kind })
    .from(charts)
    .innerJoin(chartCollections, eq(chartCollections.id, charts.collectionId))
    .where(and(eq(charts.id, chartId), inArray(chartCollections.geocontentId, gcIds)))
    .limit(1);
  return row;
}

/**
 * Reserves the room an upload declares before it is unpacked: a row `unpacking`, claimed by this
 * process, counted against the user's room, listed nowhere. It becomes `staged` (completeEncUpload)
 * or is deleted (deleteEncUploadReservation); a crashed process's reservation is swept.
 */
export async function reserveEncUpload(
  db: DbOrTx,
  values: { guid: string; geocontentId: number; createdBy: number; bytes: number; processId: string; expiresAt: Date },
) {
  await db.insert(encUploads).values({
    guid: values.guid,
    geocontentId: values.geocontentId,
    createdBy: values.createdBy,
    bytes: values.bytes,
    claimedBy: values.processId,
    expiresAt: values.expiresAt,
    state: 'unpacking',
    comparison: [],
    plan: { cells: [], companions: [] },
  });
}

/** The reserved upload, unpacked and compared, becomes `staged`; undefined when its reservation is gone. */
export async function completeEncUpload(
  db: DbOrTx,
  guid: string,
  values: { comparison: unknown; plan: unknown; expiresAt: Date; bytes: number },
) {
  const [row] = await db
    .update(encUploads)
    .set({ ...values, state: 'staged', claimedBy: null })
    .where(and(eq(encUploads.guid, guid), eq(encUploads.state, 'unpacking')))
    .returning();
  return row;
}

export async function deleteEncUploadReservation(db: DbOrTx, guid: string) {
  await db.delete(encUploads).where(and(eq(encUploads.guid, guid), eq(encUploads.state, 'unpacking')));
}

/** Reservations of processes that are gone (a crash mid-unpack): deleted, their guids returned. */
export async function deleteAbandonedReservations(db: DbOrTx, liveProcessIds: string[]) {
  return db
    .delete(encUploads)
    .where(
      and(
        eq(encUploads.state, 'unpacking'),
        or(isNull(encUploads.claimedBy), notInArray(encUploads.claimedBy, liveProcessIds), lt(encUploads.expiresAt, sql`now()`)),
      ),
    )
    .returning({ guid: encUploads.guid });
}

export async function findEncUpload(db: DbOrTx, guid: string) {
  const [row] = await db.select().from(encUploads).where(eq(encUploads.guid, guid)).limit(1);
  return row;
}

const openStates = ['staged', 'saved'];

/**
 * Claims an open upload for applying: one conditional UPDATE, so of two simultaneous Apply calls
 * exactly one gets the row back. The claim names the process, so a crash mid-apply can be undone.
 */
export async function claimEncUpload(db: DbOrTx, id: number, processId: string) {
  const [row] = await db
    .update(encUploads)
    .set({ state: 'applying', claimedBy: processId })
    .where(and(eq(encUploads.id, id), inArray(encUploads.state, openStates)))
    .returning();
  return row;
}

/** Gives a claimed upload back (the apply failed): it is open again, as `saved`. */
export async function releaseEncUpload(db: DbOrTx, id: number, processId: string) {
  await db
    .update(encUploads)
    .set({ state: 'saved', claimedBy: null })
    .where(and(eq(encUploads.id, id), eq(encUploads.state, 'applying'), eq(encUploads.claimedBy, processId)));
}

/** Marks a claimed upload applied; false when the claim is no longer ours. */
export async function markEncUploadApplied(db: DbOrTx, id: number, processId: string): Promise<boolean> {
  const rows = await db
    .update(encUploads)
    .set({ state: 'applied', claimedBy: null, appliedAt: sql`now()` })
    .where(and(eq(encUploads.id, id), eq(encUploads.state, 'applying'), eq(encUploads.claimedBy, processId)))
    .returning({ id: encUploads.id });
  return rows.length === 1;
}

/** Keeps an open upload to apply later; false when it is being applied or already applied. */
export async function saveOpenEncUpload(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(encUploads)
    .set({ state: 'saved' })
    .where(and(eq(encUploads.id, id), inArray(encUploads.state, openStates)))
    .returning({ id: encUploads.id });
  return rows.length === 1;
}

/** Deletes an open upload; false when it is being applied or already applied. */
export async function deleteOpenEncUpload(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(encUploads)
    .where(and(eq(encUploads.id, id), inArray(encUploads.state, openStates)))
    .returning({ id: encUploads.id });
  return rows.length === 1;
}

/** Open uploads past their expiry, deleted; their guids are returned so their files can go too. */
export async function deleteExpiredEncUploads(db: DbOrTx) {
  return db
    .delete(encUploads)
    .where(and(inArray(encUploads.state, openStates), lt(encUploads.expiresAt, sql`now()`)))
    .returning({ guid: encUploads.guid, geocontentId: encUploads.geocontentId });
}

/** Uploads left `applying` by processes that are gone (a crash mid-apply): reopened, returned. */
export async function reopenAbandonedEncUploads(db: DbOrTx, liveProcessIds: string[]) {
  return db
    .update(encUploads)
    .set({ state: 'saved', claimedBy: null })
    .where(and(eq(encUploads.state, 'applying'), or(isNull(encUploads.claimedBy), notInArray(encUploads.claimedBy, liveProcessIds))))
    .returning();
}

/** Serialises one user's concurrent uploads at the point where their staged bytes are counted. */
export async function lockUserForUploads(db: DbOrTx, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Bytes the user's open staged uploads take, with the room reserved by those being unpacked. */
export async function sumOpenUploadBytesOfUser(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${encUploads.bytes}), 0)` })
    .from(encUploads)
    .where(and(eq(encUploads.createdBy, userId), inArray(encUploads.state, [...openStates, 'unpacking'])));
  return Number(row?.total ?? 0);
}

export async function listEncUploadGuids(db: DbOrTx) {
  return (await db.select({ guid: encUploads.guid }).from(encUploads)).map((r) => r.guid);
}

export async function listOpenEncUploads(db: DbOrTx, gcId: number) {
  return db
    .select()
    .from(encUploads)
    .where(and(eq(encUploads.geocontentId, gcId), inArray(encUploads.state, openStates)))
    .orderBy(desc(encUploads.createdAt));
}

export async function insertConversion(db: DbOrTx, values: { geocontentId: number; zipFileName: string; zipKey: string }) {
  const [row] = await db.insert(s63Conversions).values(values).returning();
  return row!;
}

export async function setConversionJob(db: DbOrTx, id: number, jobId: number) {
  await db.update(s63Conversions).set({ jobId }).where(eq(s63Conversions.id, id));
}

export async function findConversion(db: DbOrTx, id: number) {
  const [row] = await db.select().from(s63Conversions).where(eq(s63Conversions.id, id)).limit(1);
  return row;
}

export async function setConversionCells(db: DbOrTx, id: number, cells: unknown) {
  await db.update(s63Conversions).set({ cells }).where(eq(s63Conversions.id, id));
}

/**
 * What the chart list shows beside its page, in one statement: the geocontent if this user's
 * provider owns it (none: no row), its collection of this kind, and the geocontent's latest S-63
 * conversion with its job's state.
 */
export async function findOwnedCollectionView(db: DbOrTx, userId: number, gcId: number, kind: string) {
  const latestConversionId = sql`(select max(${s63Conversions.id}) from ${s63Conversions} where ${s63Conversions.geocontentId} = ${geocontents.id})`;
  const [row] = await db
    .select({
      collection: chartCollections,
      conversion: s63Conversions,
      job: { state: jobs.state, lastError: jobs.lastError, finishedAt: jobs.finishedAt },
    })
    .from(geocontents)
    .innerJoin(providers, eq(providers.id, geocontents.providerId))
    .leftJoin(chartCollections, and(eq(chartCollections.geocontentId, geocontents.id), eq(chartCollections.kind, kind)))
    .leftJoin(s63Conversions, eq(s63Conversions.id, latestConversionId))
    .leftJoin(jobs, eq(jobs.id, s63Conversions.jobId))
    .where(and(eq(geocontents.id, gcId), eq(providers.ownerUserId, userId)))
    .limit(1);
  if (!row) return undefined;
  return {
    collection: row.collection ?? undefined,
    latest: row.conversion ? { conversion: row.conversion, job: row.job } : undefined,
  };
}

export async function listConversionZipKeys(db: DbOrTx) {
  return (await db.select({ zipKey: s63Conversions.zipKey }).from(s63Conversions)).map((r) => r.zipKey);
}
