// The exchange set's INFO files: PRODUCTS.TXT (cells with edition and update) and SERIAL.ENC.
import { CELL_NAME_RE } from './ids.js';

export interface ProductRecord {
  cellName: string;
  baseIssueDate?: string;
  edition?: number;
  updateIssueDate?: string;
  update?: number;
}

export interface ProductsFile {
  date?: string;
  version?: string;
  enc: ProductRecord[];
}

function int(text: string | undefined): number | undefined {
  const t = (text ?? '').trim();
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

/**
 * PRODUCTS.TXT: ":DATE", ":VERSION", then ":ENC" records whose first fields are cell name, base
 * cell issue date, base cell edition, latest update issue date and latest update number.
 */
export function parseProducts(text: string): ProductsFile {
  const out: ProductsFile = { enc: [] };
  let section = '';
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line.startsWith(':')) {
      const [tag = '', value] = line.split(/\s+/);
      section = tag.toUpperCase();
      if (section === ':DATE' && value) out.date = value;
      if (section === ':VERSION' && value) out.version = value;
      continue;
    }
    if (section !== ':ENC' || line === '') continue;
    const f = line.split(',');
    const cellName = (f[0] ?? '').trim().toUpperCase();
    if (!CELL_NAME_RE.test(cellName)) continue;
    const record: ProductRecord = { cellName };
    const edition = int(f[2]);
    const update = int(f[4]);
    if (f[1]?.trim()) record.baseIssueDate = f[1].trim();
    if (edition !== undefined) record.edition = edition;
    if (f[3]?.trim()) record.updateIssueDate = f[3].trim();
    if (update !== undefined) record.update = update;
    out.enc.push(record);
  }
  return out;
}

export interface SerialInfo {
  /** The record as found (trimmed). */
  raw: string;
  dataServerId?: string;
  week?: string;
  date?: string;
  type?: 'BASE' | 'UPDATE';
  volume?: string;
}

/** SERIAL.ENC: a fixed-format line of data server id, week, date, BASE/UPDATE and volume. */
export function parseSerial(text: string): SerialInfo {
  const raw = (text.split(/\r\n|\r|\n/).find((l) => l.trim() !== '') ?? '').trim();
  const info: SerialInfo = { raw };
  const server = /^[A-Z0-9]{2}/.exec(raw);
  const week = /WK\s?\d{1,2}-\d{2}/i.exec(raw);
  const date = /(?:19|20)\d{6}/.exec(raw);
  const type = /(BASE|UPDATE)/i.exec(raw);
  const volume = /V\d{2}X\d{2}/i.exec(raw);
  if (server) info.dataServerId = server[0];
  if (week) info.week = week[0];
  if (date) info.date = date[0];
  if (type) info.type = type[1]!.toUpperCase() as 'BASE' | 'UPDATE';
  if (volume) info.volume = volume[0].toUpperCase();
  return info;
}
