// Writes a minimal CATALOG.031 (ISO 8211, CATD records) for exchange sets built in code.
import { ascii } from './bytes.js';

export interface CatalogWriteEntry {
  /** Path relative to ENC_ROOT (forward slashes; written with backslashes as S-57 does). */
  file: string;
  implementation?: string;
  /** CRC-32 as a number. */
  crc?: number;
  longName?: string;
  comment?: string;
  /** The data's bounding coordinates (WGS 84 degrees), written as SLAT, WLON, NLAT, ELON (cell files; empty otherwise). */
  bbox?: { south: number; west: number; north: number; east: number };
}

/** A coordinate as the R(eal) subfield holds it: up to 7 decimals (a centimetre), no trailing zeros. */
function real(value: number): string {
  return value.toFixed(7).replace(/\.?0+$/, '');
}

const UT = '\x1f';
const FT = '\x1e';

function record(leaderKind: 'L' | 'D', fields: [string, string][]): string {
  const sizeLen = 4;
  const sizePos = 5;
  let directory = '';
  let area = '';
  for (const [tag, body] of fields) {
    directory += tag + String(body.length).padStart(sizeLen, '0') + String(area.length).padStart(sizePos, '0');
    area += body;
  }
  directory += FT;
  const base = 24 + directory.length;
  const length = base + area.length;
  const head = leaderKind === 'L' ? '3LE1 09' : ' D     ';
  const leader =
    String(length).padStart(5, '0') +
    head +
    String(base).padStart(5, '0') +
    (leaderKind === 'L' ? ' ! ' : '   ') +
    `${sizeLen}${sizePos}04`;
  return leader + directory + area;
}

export function writeCatalog(entries: CatalogWriteEntry[], volume = 'V01X01'): Uint8Array {
  let out = record('L', [
    ['0000', `0000;&   CATALOG.031${FT}`],
    ['0001', `0100;&   ISO 8211 Record Identifier${UT}${UT}(b12)${FT}`],
    [
      'CATD',
      `1600;&   Catalogue Directory field${UT}RCNM!RCID!FILE!LFIL!VOLM!IMPL!SLAT!WLON!NLAT!ELON!CRCS!COMT${UT}(A(2),I(10),3A,A(3),4R,2A)${FT}`,
    ],
  ]);
  const all = [{ file: 'CATALOG.031', implementation: 'ASC' } as CatalogWriteEntry, ...entries];
  all.forEach((e, i) => {
    const id = i + 1;
    const crc = e.crc === undefined ? '' : (e.crc >>> 0).toString(16).toUpperCase().padStart(8, '0');
    const catd = [
      'CD' + String(id).padStart(10, '0') + e.file.replaceAll('/', '\\'),
      e.longName ?? '',
      volume,
      (e.implementation ?? 'BIN').padEnd(3).slice(0, 3) + '',
      ...(e.bbox ? [e.bbox.south, e.bbox.west, e.bbox.north, e.bbox.east].map(real) : ['', '', '', '']),
      crc,
      e.comment ?? '',
    ];
    // IMPL is fixed width (A(3)) so it carries no unit terminator of its own.
    const body = catd.slice(0, 3).join(UT) + UT + catd[3] + catd.slice(4).join(UT) + UT + FT;
    out += record('D', [
      ['0001', String.fromCharCode(id & 0xff, id >> 8) + FT],
      ['CATD', body],
    ]);
  });
  return ascii(out);
}
