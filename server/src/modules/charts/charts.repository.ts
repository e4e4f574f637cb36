import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chartCollections, charts, encUploads, jobs, s63Conversions } from '../../db/schema/index.js';
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
    .values({ geocontentId: values.geocontentId, kind: values.kind, type: values.type, metaInfo: values.metaInfo ?? null, companionKeys: values.companionKeys ?? {} })
    .onConflictDoUpdate({ target: [chartCollections.geocontentId, chartCollections.kind], set })
    .returning();
  return row!;
}

export async function listCharts(db: DbOrTx, collectionId: number) {
  return db.select().from(charts).where(eq(charts.collectionId, collectionId)).orderBy(asc(charts.name));
}

export async function findChartsByName(db: DbOrTx, collectionId: number, names: string[]) {
  if (names.length === 0) return [];
  return db.select().from(charts).where(and(eq(charts.collectionId, collectionId), inArray(charts.name, names)));
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

export async function insertEncUpload(
  db: DbOrTx,
  values: { guid: string; geocontentId: number; createdBy: number; comparison: unknown; plan: unknown },
) {
  const [row] = await db.insert(encUploads).values(values).returning();
  return row!;
}

export async function findEncUpload(db: DbOrTx, guid: string) {
  const [row] = await db.select().from(encUploads).where(eq(encUploads.guid, guid)).limit(1);
  return row;
}

/** Locks the upload row for the apply transaction, so two Apply clicks cannot both run. */
export async function lockEncUpload(db: DbOrTx, id: number) {
  const [row] = await db.select().from(encUploads).where(eq(encUploads.id, id)).for('update');
  return row;
}

export async function setEncUploadState(db: DbOrTx, id: number, state: string) {
  await db
    .update(encUploads)
    .set({ state, appliedAt: state === 'applied' ? sql`now()` : null })
    .where(eq(encUploads.id, id));
}

export async function deleteEncUpload(db: DbOrTx, id: number) {
  await db.delete(encUploads).where(eq(encUploads.id, id));
}

export async function listOpenEncUploads(db: DbOrTx, gcId: number) {
  return db
    .select()
    .from(encUploads)
    .where(and(eq(encUploads.geocontentId, gcId), eq(encUploads.state, 'saved')))
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

/** The latest conversion of a geocontent with its job's state. */
export async function findLatestConversion(db: DbOrTx, gcId: number) {
  const [row] = await db
    .select({ conversion: s63Conversions, job: { state: jobs.state, lastError: jobs.lastError, finishedAt: jobs.finishedAt } })
    .from(s63Conversions)
    .leftJoin(jobs, eq(jobs.id, s63Conversions.jobId))
    .where(eq(s63Conversions.geocontentId, gcId))
    .orderBy(desc(s63Conversions.id))
    .limit(1);
  return row;
}
