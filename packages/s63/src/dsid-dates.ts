// The issue date of a plain S-57 file, read from its DSID field without a full ISO 8211 reader: the
// S-63 permit-expiry rule needs only this one date, and this package knows nothing of S-57 otherwise.

const FIELD_TERMINATOR = 0x1e;
const UNIT_TERMINATOR = 0x1f;
const latin1 = new TextDecoder('latin1');

function int(bytes: Uint8Array, start: number, length: number): number | undefined {
  const text = latin1.decode(bytes.subarray(start, start + length)).trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** One ISO 8211 record at `at`: its fields by tag, and where the next record starts. */
function readRecord(data: Uint8Array, at: number): { fields: Map<string, Uint8Array>; next: number } | undefined {
  const length = int(data, at, 5);
  const base = int(data, at + 12, 5);
  const sizeLength = int(data, at + 20, 1);
  const sizePosition = int(data, at + 21, 1);
  const sizeTag = int(data, at + 23, 1);
  if (length === undefined || base === undefined || !sizeLength || !sizePosition || !sizeTag || at + length > data.length) return undefined;
  const fields = new Map<string, Uint8Array>();
  const entry = sizeTag + sizeLength + sizePosition;
  for (let p = at + 24; p + entry <= at + base && data[p] !== FIELD_TERMINATOR; p += entry) {
    const tag = latin1.decode(data.subarray(p, p + sizeTag));
    const fieldLength = int(data, p + sizeTag, sizeLength);
    const position = int(data, p + sizeTag + sizeLength, sizePosition);
    if (fieldLength === undefined || position === undefined) return undefined;
    const start = at + base + position;
    fields.set(tag, data.subarray(start, Math.min(start + fieldLength, at + length)));
  }
  return { fields, next: at + length };
}

/**
 * ISDT (issue date, YYYYMMDD) from the DSID field of an S-57 file's first data record, or undefined
 * when the bytes are not an S-57 file with one. DSID: RCNM (1 byte), RCID (4), EXPP (1), INTU (1),
 * then DSNM, EDTN, UPDN each ended by 0x1F, then UADT and ISDT as 8 characters each.
 */
export function readS57IssueDate(data: Uint8Array): string | undefined {
  const ddr = readRecord(data, 0);
  const first = ddr ? readRecord(data, ddr.next) : undefined;
  const dsid = first?.fields.get('DSID');
  if (!dsid || dsid.length < 8) return undefined;
  let p = 7;
  for (let unit = 0; unit < 3; unit++) {
    const end = dsid.indexOf(UNIT_TERMINATOR, p);
    if (end < 0) return undefined;
    p = end + 1;
  }
  const isdt = latin1.decode(dsid.subarray(p + 8, p + 16));
  return /^\d{8}$/.test(isdt) ? isdt : undefined;
}
