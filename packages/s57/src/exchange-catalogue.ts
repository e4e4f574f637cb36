// The exchange set's catalogue file (CATALOG.031: one CATD record per file of the set) and CRC-32.
// Not to be confused with the S-57 Object Catalogue (object-classes.ts, attributes.ts).
import { asS57Error, S57Error } from './errors.js';
import { dataRecords, decodeFirstGroup, openIso8211 } from '@chartroom/iso8211';

export interface ExchangeCatalogueEntry {
  /** File path in the exchange set as written (FILE), e.g. 'ENC_ROOT\\GB4X0000.000' or 'GB4X0000.000'. */
  file: string;
  longName: string;
  volume: string;
  /** ASC, BIN or TXT */
  implementation: string;
  /** [west, south, east, north], null when the entry has none. */
  bbox: [number, number, number, number] | null;
  /** CRC-32 as written (hexadecimal, possibly without leading zeros), null when blank. */
  crc: string | null;
  comment: string;
}

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim() : v == null ? '' : String(v);
}

function coordinate(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Reads every CATD entry of a CATALOG.031. */
export function readExchangeCatalogue(bytes: Uint8Array): ExchangeCatalogueEntry[] {
  try {
    return readEntries(bytes);
  } catch (e) {
    throw asS57Error(e);
  }
}

function readEntries(bytes: Uint8Array): ExchangeCatalogueEntry[] {
  const mod = openIso8211(bytes);
  if (!mod.fields.has('CATD')) {
    throw new S57Error('not_catalog', 'not an S-57 exchange set catalogue: no CATD field defined', { record: 0, offset: 0 });
  }
  const entries: ExchangeCatalogueEntry[] = [];
  for (const rec of dataRecords(mod)) {
    const catd = rec.fields.find((f) => f.tag === 'CATD');
    if (!catd) continue;
    const v = decodeFirstGroup(bytes, catd, rec.index);
    const w = coordinate(v.WLON),
      s = coordinate(v.SLAT),
      e = coordinate(v.ELON),
      n = coordinate(v.NLAT);
    entries.push({
      file: text(v.FILE),
      longName: text(v.LFIL),
      volume: text(v.VOLM),
      implementation: text(v.IMPL),
      bbox: w === null || s === null || e === null || n === null ? null : [w, s, e, n],
      crc: text(v.CRCS) || null,
      comment: text(v.COMT),
    });
  }
  return entries;
}

let table: Uint32Array | undefined;

/** CRC-32 (ISO 3309 / ITU-T V.42, as S-57 and zip use) of bytes, as an unsigned number. */
export function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[i] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = table[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Whether a catalogue CRC string (hexadecimal, leading zeros optional) equals a computed CRC. */
export function crcMatches(declared: string, actual: number): boolean {
  const t = declared.trim();
  if (!/^[0-9a-fA-F]{1,8}$/.test(t)) return false;
  return parseInt(t, 16) >>> 0 === actual >>> 0;
}

/** CRC as 8 upper-case hexadecimal digits. */
export function formatCrc(crc: number): string {
  return (crc >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

/** The public names the package has always had for the exchange catalogue reader. */
export { readExchangeCatalogue as readCatalog };
export type CatalogEntry = ExchangeCatalogueEntry;
