import type { ChartCollection, ChartKind, ChartRow, ConversionState, GetCollectionQuery, S63Conversion } from '@chartroom/contracts/charts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';
import { canManageGeocontents } from '@chartroom/contracts/policies/geocontents.policy';
import { notFound } from '../../errors.js';
import { findOwnedCollectionView, listChartPage, type ListedChartRow } from './charts.repository.js';

// A geocontent's chart collections as the catalogue lists them (ENC with its S-63 conversion, S-102).

/** A chart row as listed: `fileCount` is how many files it keeps (an S-102 grid with its preview has two). */
export function toChartRow(row: ListedChartRow, kind: ChartKind): ChartRow {
  const hasBox = row.west !== null && row.south !== null && row.east !== null && row.north !== null;
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    update: row.update,
    releaseDate: row.releaseDate,
    scale: row.scale,
    band: row.band,
    description: row.description,
    // S-102 only; an ENC row keeps the shape it always had.
    ...(row.depthMin !== null && row.depthMax !== null ? { depthRange: [row.depthMin, row.depthMax] as [number, number] } : {}),
    bbox: hasBox ? [row.west!, row.south!, row.east!, row.north!] : null,
    previewUrl: kind === 's102' && row.fileCount > 1 ? `/charts/s102/${row.id}/preview.png` : null,
  };
}

/** The collection, with all its charts or the page of them `page` asks for (`limit`, `offset`, `name`). */
export async function getCollection(opts: {
  db: Db;
  actor: Actor;
  gcId: number;
  kind: ChartKind;
  page?: Pick<GetCollectionQuery, 'offset' | 'limit' | 'name'>;
}): Promise<ChartCollection> {
  const { db, actor, gcId, kind } = opts;
  // Two statements: the geocontent (the owner's, or 404), its collection and latest conversion; the page.
  const view = canManageGeocontents(actor) ? await findOwnedCollectionView(db, actor.id, gcId, kind) : undefined;
  if (!view) throw notFound('geocontent');
  const { collection } = view;
  const { rows, total } = collection ? await listChartPage(db, collection.id, opts.page ?? {}) : { rows: [], total: 0 };
  const latest = kind === 'enc' ? view.latest : undefined;
  return {
    type: (collection?.type as ChartCollection['type']) ?? null,
    metaInfo: collection?.type === 's63' ? (collection.metaInfo as ChartCollection['metaInfo']) : null,
    charts: rows.map((r) => toChartRow(r, kind)),
    total,
    conversion: latest
      ? {
          id: latest.conversion.id,
          state: (latest.job?.state as ConversionState | undefined) ?? 'failed',
          zipFileName: latest.conversion.zipFileName,
          createdAt: latest.conversion.createdAt.toISOString(),
          finishedAt: latest.job?.finishedAt?.toISOString() ?? null,
          error: latest.job?.lastError ?? null,
          // Conversions made before warnings existed have none.
          cells: ((latest.conversion.cells as S63Conversion['cells'] | null) ?? []).map((c) => ({ ...c, warnings: c.warnings ?? [] })),
        }
      : null,
  };
}
