import { geoJSONFeatures, getCellInfo, type CellIndex, type S57Dataset } from '@chartroom/s57';

/** What a chart row keeps of a cell (after its updates): the list columns, bbox and coverage (the same from a fully read cell or its index). */
export interface CellMeta {
  edition: number | null;
  update: number | null;
  releaseDate: string | null;
  scale: number | null;
  band: number | null;
  description: string | null;
  /** S-102 only: [shallowest, deepest] in metres. */
  depthRange?: [number, number] | null;
  bbox: [number, number, number, number] | null;
  coverage: { type: 'MultiPolygon'; coordinates: unknown[] } | null;
}

/** 'YYYYMMDD' → 'YYYY-MM-DD'; anything else → null. */
export function formatIsoDate(value: string | null | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(String(value ?? '').trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The data coverage (M_COVR with CATCOV=1) as one MultiPolygon, so the map can draw it without re-reading. */
function readCoverage(ds: S57Dataset | CellIndex): CellMeta['coverage'] {
  const polygons: unknown[] = [];
  for (const f of geoJSONFeatures(ds, { classes: ['M_COVR'] })) {
    if (String(f.properties?.CATCOV ?? '') !== '1' || !f.geometry) continue;
    if (f.geometry.type === 'Polygon') polygons.push(f.geometry.coordinates);
    else if (f.geometry.type === 'MultiPolygon') polygons.push(...f.geometry.coordinates);
  }
  return polygons.length > 0 ? { type: 'MultiPolygon', coordinates: polygons } : null;
}

export function describeCell(ds: S57Dataset | CellIndex, catalogLongName?: string): CellMeta {
  const info = getCellInfo(ds);
  return {
    edition: info.edition,
    update: info.update,
    releaseDate: formatIsoDate(info.issueDate),
    scale: info.compilationScale,
    band: info.intendedUsage.number,
    description: info.comment || catalogLongName || null,
    bbox: info.bbox ? [info.bbox[0], info.bbox[1], info.bbox[2], info.bbox[3]] : null,
    coverage: readCoverage(ds),
  };
}
