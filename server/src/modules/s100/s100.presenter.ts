import type { S100Dataset, S100Product } from '@chartroom/contracts/s100';
import type { S100DatasetRow } from '../../db/schema/index.js';

export function bboxOf(row: Pick<S100DatasetRow, 'west' | 'south' | 'east' | 'north'>): [number, number, number, number] | null {
  return row.west !== null && row.south !== null && row.east !== null && row.north !== null
    ? [row.west, row.south, row.east, row.north]
    : null;
}

export function toS100Dataset(row: S100DatasetRow): S100Dataset {
  return {
    id: row.id,
    product: row.product as S100Product,
    name: row.name,
    fileName: row.fileName,
    edition: row.edition,
    update: row.update,
    issueDate: row.issueDate,
    title: row.title,
    ...(row.features ? { features: row.features } : {}),
    bbox: bboxOf(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}
