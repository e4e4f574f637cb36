import {
  crc32,
  crcMatches,
  formatCrc,
  indexCell,
  readCatalog,
  S57Error,
  scanS57,
  type CatalogEntry,
  type CellIndex,
  type ScannedS57,
} from '@chartroom/s57';
import type { ChartCompareRow, ChartError } from '@chartroom/contracts/charts';
import type { ChartDbRow } from '../../db/schema/index.js';
import { BlobBuffers } from '../../storage/blob-buffers.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { describeCell, type CellMeta } from './cell-meta.js';

/** A file of an upload: its name as the provider sent it (upper case, no folders) and its blob key. */
export interface StagedFile {
  name: string;
  key: string;
}

export interface PlanCell {
  name: string;
  /** Base cell first, then its updates in order: staged keys, or the applied ones kept. */
  files: StagedFile[];
  meta: CellMeta;
}

/** What Apply does with a staged upload. */
export interface EncPlan {
  cells: PlanCell[];
  companions: StagedFile[];
}

// S-57 file names are ISO 9660 level 1 (8.3): a cell is NAME.000 (base) or NAME.00n (update), its
// companions TXT and TIF files. Anything else in an upload is not part of an exchange set.
const CELL_FILE = /^([A-Z0-9_]{1,8})\.(\d{3})$/;
const COMPANION_FILE = /^[A-Z0-9_]{1,8}\.(TXT|TIF|TIFF)$/;

export function classifyFile(name: string): 'catalog' | 'cell' | 'companion' | 'other' {
  if (name === 'CATALOG.031') return 'catalog';
  if (CELL_FILE.test(name)) return 'cell';
  if (COMPANION_FILE.test(name)) return 'companion';
  return 'other';
}

/** The cell names an upload's files name (US4MD81M from US4MD81M.000 and US4MD81M.001), once each. */
export function cellNamesOf(files: { name: string }[]): string[] {
  return [...new Set(files.flatMap((f) => CELL_FILE.exec(f.name)?.[1] ?? []))];
}

function readError(file: string, err: unknown): ChartError {
  if (err instanceof S57Error && (err.code === 'not_s57' || err.code === 'not_iso8211')) {
    return { code: 'not_s57', message: `${file} is not an S-57 file: ${err.message}`, params: { file } };
  }
  return { code: 'unreadable', message: `${file} cannot be read: ${err instanceof Error ? err.message : String(err)}`, params: { file } };
}

function updateError(file: string, err: unknown): ChartError {
  const params = { file };
  if (err instanceof S57Error && err.code === 'update_edition') return { code: 'update_edition', message: err.message, params };
  if (err instanceof S57Error) return { code: 'update_sequence', message: err.message, params };
  return { code: 'unreadable', message: err instanceof Error ? err.message : String(err), params };
}

/**
 * One cell file, checked as fully as `readS57` checks it (every record decoded once, same errors),
 * but kept only as its record index: the review holds a few times the file's size, not the
 * dozens of MB of a fully decoded cell, and the cell described from it is the same.
 */
async function readCell(bytes: BlobBuffers, file: StagedFile): Promise<ScannedS57> {
  return scanS57(await bytes.read(file.key), { fileName: file.name }).checkRecords();
}

const ext = (n: number) => String(n).padStart(3, '0');

/** Checks every uploaded file the catalogue lists against its CRC; the errors by file name. */
async function checkCrcs(bytes: BlobBuffers, files: StagedFile[], catalog: Map<string, CatalogEntry>) {
  const errors = new Map<string, ChartError>();
  for (const file of files) {
    const declared = catalog.get(file.name)?.crc;
    if (!declared) continue;
    const actual = crc32(await bytes.read(file.key));
    bytes.releaseAll();
    if (!crcMatches(declared, actual)) {
      errors.set(file.name, {
        code: 'crc_mismatch',
        message: `${file.name} has CRC ${formatCrc(actual)} but CATALOG.031 says ${declared.toUpperCase()}`,
        params: { file: file.name, actual: formatCrc(actual), declared: declared.toUpperCase() },
      });
    }
  }
  return errors;
}

interface CellOutcome {
  row: ChartCompareRow;
  plan: PlanCell | null;
}

/** One cell of the upload against the applied one; what it read is released by the caller. */
async function compareCell(
  bytes: BlobBuffers,
  name: string,
  files: StagedFile[],
  old: ChartDbRow | undefined,
  crcErrors: Map<string, ChartError>,
  catalog: Map<string, CatalogEntry>,
): Promise<CellOutcome> {
  const errors: ChartError[] = files.flatMap((f) => crcErrors.get(f.name) ?? []);
  const row: ChartCompareRow = {
    chartName: name,
    oldEdtn: old?.edition ?? null,
    oldUpdn: old?.update ?? null,
    newEdtn: null,
    newUpdn: null,
    isChanged: false,
    errors,
  };
  const byNumber = new Map(files.map((f) => [Number(CELL_FILE.exec(f.name)![2]), f]));
  const base = byNumber.get(0);
  let ds: CellIndex | null = null;
  let chain: StagedFile[] = [];
  if (base) {
    try {
      ds = indexCell(await readCell(bytes, base));
      chain = [base];
    } catch (err) {
      errors.push(readError(base.name, err));
    }
  } else if (old) {
    try {
      const kept = old.blobKeys.map((key) => ({ key, name: key.split('/').pop()! }));
      // One after another: a read still running when another failed would fill a buffer taken back.
      const scanned: ScannedS57[] = [];
      for (const f of kept) scanned.push(await readCell(bytes, f));
      const [first, ...rest] = scanned;
      ds = indexCell(first!, rest);
      chain = kept;
    } catch (err) {
      errors.push({
        code: 'unreadable',
        message: `The applied cell ${name} cannot be read again: ${err instanceof Error ? err.message : String(err)}`,
        params: { file: name },
      });
    }
  } else {
    const first = [...byNumber.keys()].sort((a, b) => a - b)[0]!;
    errors.push({
      code: 'base_missing',
      message: `${name}.${ext(first)} is an update, but the base cell ${name}.000 is neither in the upload nor in the collection`,
      params: { chart: name, file: `${name}.${ext(first)}` },
    });
  }
  if (!ds) return { row, plan: null };

  const start = Number(ds.dsid.UPDN ?? 0) || 0;
  const updates = [...byNumber.entries()].filter(([n]) => n > start).sort((a, b) => a[0] - b[0]);
  row.newEdtn = Number(ds.dsid.EDTN ?? 0) || null;
  row.newUpdn = updates.length > 0 ? updates[updates.length - 1]![0] : start;
  const missing: number[] = [];
  for (let n = start + 1; n < row.newUpdn; n++) if (!byNumber.has(n)) missing.push(n);
  if (missing.length > 0) {
    errors.push({
      code: 'updates_missing',
      message: `${missing.length === 1 ? 'Update' : 'Updates'} ${missing.map(ext).join(', ')} of ${name} ${missing.length === 1 ? 'is' : 'are'} missing: the cell is at update ${start} and the upload goes to update ${row.newUpdn}`,
      params: { chart: name, missing: missing.map(ext).join(', '), count: missing.length, from: start, to: row.newUpdn },
    });
  } else {
    for (const [, file] of updates) {
      try {
        ds.applyUpdate(await readCell(bytes, file));
        chain.push(file);
      } catch (err) {
        errors.push(err instanceof S57Error && err.code.startsWith('update') ? updateError(file.name, err) : readError(file.name, err));
        break;
      }
    }
  }

  if (old && row.newEdtn !== null && old.edition !== null) {
    const olderEdition = row.newEdtn < old.edition;
    const olderUpdate = row.newEdtn === old.edition && (row.newUpdn ?? 0) < (old.update ?? 0);
    if (olderEdition || olderUpdate) {
      errors.push({
        code: 'older_than_applied',
        message: `${name} edition ${row.newEdtn} update ${row.newUpdn} is older than the applied edition ${old.edition} update ${old.update ?? 0}`,
        params: {
          chart: name,
          edition: row.newEdtn,
          update: row.newUpdn ?? 0,
          appliedEdition: old.edition,
          appliedUpdate: old.update ?? 0,
        },
      });
    }
  }
  row.isChanged = errors.length === 0 && (!old || row.newEdtn !== old.edition || row.newUpdn !== old.update);
  if (!row.isChanged) return { row, plan: null };
  return {
    row,
    plan: { name, files: chain, meta: describeCell(ds, base ? catalog.get(base.name)?.longName : (old?.description ?? undefined)) },
  };
}

/** Compares a staged upload with the applied collection: the review rows and the apply plan. */
export async function compareEncUpload(opts: {
  blobs: BlobStore;
  files: StagedFile[];
  existing: Map<string, ChartDbRow>;
}): Promise<{ rows: ChartCompareRow[]; plan: EncPlan }> {
  const { blobs, files, existing } = opts;
  const rows: ChartCompareRow[] = [];
  const catalog = new Map<string, CatalogEntry>();
  const catalogFile = files.find((f) => classifyFile(f.name) === 'catalog');
  if (catalogFile) {
    try {
      for (const entry of readCatalog(await blobs.read(catalogFile.key))) {
        catalog.set(entry.file.split(/[\\/]/).pop()!.toUpperCase(), entry);
      }
    } catch (err) {
      rows.push({
        chartName: catalogFile.name,
        oldEdtn: null,
        oldUpdn: null,
        newEdtn: null,
        newUpdn: null,
        isChanged: false,
        errors: [readError(catalogFile.name, err)],
      });
    }
  }
  const checked = files.filter((f) => classifyFile(f.name) === 'cell' || classifyFile(f.name) === 'companion');
  // The cells' bytes go through a few buffers used again, file after file.
  const bytes = new BlobBuffers(blobs);
  const crcErrors = await checkCrcs(bytes, checked, catalog);

  const cells = new Map<string, StagedFile[]>();
  for (const f of files) {
    if (classifyFile(f.name) !== 'cell') continue;
    const stem = CELL_FILE.exec(f.name)![1]!;
    cells.set(stem, [...(cells.get(stem) ?? []), f]);
  }
  const plan: EncPlan = { cells: [], companions: files.filter((f) => classifyFile(f.name) === 'companion' && !crcErrors.has(f.name)) };
  for (const [name, cellFiles] of cells) {
    let outcome: CellOutcome;
    try {
      outcome = await compareCell(bytes, name, cellFiles, existing.get(name), crcErrors, catalog);
    } finally {
      bytes.releaseAll();
    }
    rows.push(outcome.row);
    if (outcome.plan) plan.cells.push(outcome.plan);
  }
  for (const f of files) {
    const err = crcErrors.get(f.name);
    if (err && classifyFile(f.name) === 'companion') {
      rows.push({ chartName: f.name, oldEdtn: null, oldUpdn: null, newEdtn: null, newUpdn: null, isChanged: false, errors: [err] });
    }
  }
  rows.sort((a, b) => a.chartName.localeCompare(b.chartName));
  return { rows, plan };
}
