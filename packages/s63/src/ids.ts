// Validation of the short S-63 identifiers: HW_ID, M_KEY, M_ID, cell names and YYYYMMDD dates.
import { S63Error } from './errors.js';

/** HW_ID and M_KEY are five hexadecimal characters, used as Blowfish keys in their ASCII form. */
export function checkFiveHex(value: string, what: string): string {
  if (!/^[0-9A-Fa-f]{5}$/.test(value)) {
    // The value itself is not repeated: an HW_ID is a device's secret, and messages end up in logs.
    throw new S63Error('invalid_argument', `${what} must be 5 hexadecimal characters (got ${value.length} characters)`);
  }
  return value.toUpperCase();
}

/** HW_ID6: the HW_ID followed by its own first character, the cell-permit key. */
export function hwId6(hwId: string): string {
  const h = checkFiveHex(hwId, 'HW_ID');
  return h + h.charAt(0);
}

export function checkMId(value: string): string {
  if (!/^[\x20-\x7e]{2}$/.test(value)) {
    throw new S63Error('invalid_argument', `M_ID must be 2 printable ASCII characters, got ${JSON.stringify(value)}`);
  }
  return value;
}

export const CELL_NAME_RE = /^[A-Z0-9]{8}$/;

export function checkCellName(value: string): string {
  const name = value.toUpperCase();
  if (!CELL_NAME_RE.test(name)) {
    throw new S63Error('invalid_argument', `cell name must be 8 letters or digits, got ${JSON.stringify(value)}`);
  }
  return name;
}

/** True for a real calendar date written YYYYMMDD. */
export function isYyyymmdd(value: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A Date or YYYYMMDD string as YYYYMMDD (UTC); today when absent. */
export function toYyyymmdd(date?: Date | string): string {
  if (typeof date === 'string') {
    const compact = date.replaceAll('-', '');
    if (!isYyyymmdd(compact)) throw new S63Error('invalid_argument', `date must be YYYYMMDD, got ${JSON.stringify(date)}`);
    return compact;
  }
  return (date ?? new Date()).toISOString().slice(0, 10).replaceAll('-', '');
}
