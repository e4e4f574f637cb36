// CATALOG.031 reader: just enough ISO 8211 to list the CATD records (file, long name, volume,
// implementation, bounding box, CRC, comment) of an S-57 / S-63 exchange set catalogue.
import { fromAscii } from './bytes.js';
import { S63Error } from './errors.js';

export interface CatalogEntry {
  /** Path relative to the folder holding CATALOG.031, with forward slashes. */
  file: string;
  longName: string;
  volume: string;
  /** "BIN", "ASC", "TXT"… */
  implementation: string;
  /** CRC-32 as written (hex, maybe without leading zeros); compare as numbers. */
  crc?: string;
  comment: string;
  bbox?: { south: number; west: number; north: number; east: number };
}

const UT = 0x1f;
const FT = 0x1e;

interface Leader {
  recordLength: number;
  fieldControlLength: number;
  base: number;
  sizeLen: number;
  sizePos: number;
  sizeTag: number;
}

function leader(data: Uint8Array, at: number): Leader {
  const text = fromAscii(data.subarray(at, at + 24));
  const num = (a: number, b: number): number => Number(text.slice(a, b).trim() || '0');
  const l = {
    recordLength: num(0, 5),
    fieldControlLength: num(10, 12),
    base: num(12, 17),
    sizeLen: num(20, 21),
    sizePos: num(21, 22),
    sizeTag: num(23, 24),
  };
  if (text.length < 24 || !(l.recordLength >= 24) || at + l.recordLength > data.length || l.sizeTag < 1) {
    throw new S63Error('corrupt', 'CATALOG.031 is not a valid ISO 8211 file');
  }
  return l;
}

function fields(data: Uint8Array, at: number, l: Leader): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const entrySize = l.sizeTag + l.sizeLen + l.sizePos;
  for (let p = at + 24; data[p] !== FT && p + entrySize <= at + l.base; p += entrySize) {
    const entry = fromAscii(data.subarray(p, p + entrySize));
    const tag = entry.slice(0, l.sizeTag);
    const len = Number(entry.slice(l.sizeTag, l.sizeTag + l.sizeLen));
    const pos = Number(entry.slice(l.sizeTag + l.sizeLen));
    out.set(tag, data.subarray(at + l.base + pos, at + l.base + pos + len));
  }
  return out;
}

/** "(A(2),I(10),3A,A(3),4R,2A)" → widths per subfield, undefined = variable (unit-terminated). */
function expandFormats(formats: string): (number | undefined)[] {
  const inner = formats.trim().replace(/^\(/, '').replace(/\)$/, '');
  const out: (number | undefined)[] = [];
  for (const part of inner.split(',')) {
    const m = /^(\d*)([A-Za-z]\d*)(?:\((\d+)\))?$/.exec(part.trim());
    if (!m) continue;
    const repeat = m[1] ? Number(m[1]) : 1;
    const type = m[2] ?? 'A';
    let width = m[3] ? Number(m[3]) : undefined;
    if (/^b\d+$/.test(type)) width = Number(type.slice(2)) || Number(type.slice(1, 2));
    if (type === 'B' && width !== undefined) width = width / 8;
    for (let i = 0; i < repeat; i++) out.push(width);
  }
  return out;
}

function subfields(field: Uint8Array, labels: string[], widths: (number | undefined)[]): Map<string, string> {
  const out = new Map<string, string>();
  let p = 0;
  labels.forEach((label, i) => {
    const width = widths[i];
    let value: Uint8Array;
    if (width !== undefined) {
      value = field.subarray(p, p + width);
      p += width;
    } else {
      let end = p;
      while (end < field.length && field[end] !== UT && field[end] !== FT) end++;
      value = field.subarray(p, end);
      p = end + 1;
    }
    out.set(label, fromAscii(value).trim());
  });
  return out;
}

/** Parses the CATD records of a CATALOG.031. Throws S63Error('corrupt') when it is not ISO 8211. */
export function parseCatalog(data: Uint8Array): CatalogEntry[] {
  const ddr = leader(data, 0);
  const ddrFields = fields(data, 0, ddr);
  const catd = ddrFields.get('CATD');
  if (!catd) throw new S63Error('corrupt', 'CATALOG.031 has no CATD field description');
  const parts = fromAscii(catd.subarray(ddr.fieldControlLength)).split(String.fromCharCode(UT));
  const labels = (parts[1] ?? '').replace(/^\*/, '').split('!');
  const widths = expandFormats((parts[2] ?? '').replace(String.fromCharCode(FT), ''));
  const entries: CatalogEntry[] = [];
  for (let at = ddr.recordLength; at + 24 <= data.length;) {
    const l = leader(data, at);
    const field = fields(data, at, l).get('CATD');
    at += l.recordLength;
    if (!field) continue;
    const s = subfields(field, labels, widths);
    const entry: CatalogEntry = {
      file: (s.get('FILE') ?? '').replaceAll('\\', '/'),
      longName: s.get('LFIL') ?? '',
      volume: s.get('VOLM') ?? '',
      implementation: s.get('IMPL') ?? '',
      comment: s.get('COMT') ?? '',
    };
    const crc = s.get('CRCS');
    if (crc) entry.crc = crc;
    const [south, west, north, east] = ['SLAT', 'WLON', 'NLAT', 'ELON'].map((k) => Number.parseFloat(s.get(k) ?? ''));
    if ([south, west, north, east].every((v) => Number.isFinite(v)))
      entry.bbox = { south: south!, west: west!, north: north!, east: east! };
    entries.push(entry);
  }
  return entries;
}
