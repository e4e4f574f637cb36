// The text files an S-63 data server writes into an exchange set it builds: SERIAL.ENC and
// PRODUCTS.TXT (written here as the readers in info-files.ts read them).
import { crc32 } from './crc32.js';
import { ascii } from './bytes.js';
import { toYyyymmdd } from './ids.js';

/** ISO 8601 week and its year's last two digits, e.g. "WK05-24". */
export function isoWeekLabel(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86400000 + 1) / 7);
  return `WK${String(week).padStart(2, '0')}-${String(d.getUTCFullYear()).slice(2)}`;
}

/**
 * SERIAL.ENC: data server id (2), week (10, left-justified), date YYYYMMDD, BASE or UPDATE (10),
 * format version "02.00", exchange set number "V01X01", then the CRC-32 (8 hex) of what precedes it.
 */
export function writeSerial(opts: { dataServerId: string; date: Date; type: 'BASE' | 'UPDATE'; volume?: string }): Uint8Array {
  const body = `${opts.dataServerId.padEnd(2).slice(0, 2)}${isoWeekLabel(opts.date).padEnd(10)}${toYyyymmdd(opts.date)}${opts.type.padEnd(10)}02.00${opts.volume ?? 'V01X01'}`;
  const crc = crc32(ascii(body)).toString(16).toUpperCase().padStart(8, '0');
  return ascii(`${body}${crc}\r\n`);
}

export interface ProductsEntry {
  name: string;
  /** YYYYMMDD */
  baseIssueDate: string;
  edition: number;
  /** YYYYMMDD */
  updateIssueDate: string;
  update: number;
}

/** PRODUCTS.TXT: ":DATE", ":VERSION", then one ":ENC" line per cell (name, dates, edition, update). */
export function writeProducts(date: Date, cells: ProductsEntry[]): Uint8Array {
  const day = toYyyymmdd(date);
  const time = date.toISOString().slice(11, 16);
  const lines = [`:DATE ${day} ${time}`, ':VERSION 2', ':ENC'];
  for (const c of cells) lines.push(`${c.name},${c.baseIssueDate},${c.edition},${c.updateIssueDate},${c.update},,,,,,,,1,1,0,0,,`);
  lines.push(':ECS');
  return ascii(lines.join('\r\n') + '\r\n');
}
