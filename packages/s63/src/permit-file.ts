// PERMIT.TXT (S-63 §10.6): ":DATE YYYYMMDD HH:MM", ":VERSION n", then ":ENC" records
// "cell permit,service level indicator,edition,data server id,comment" and an ":ECS" section.

export interface PermitRecord {
  /** The 64-character cell permit. */
  permit: string;
  /** The first 8 characters of the permit. */
  cellName: string;
  /** Service level indicator: 0 = subscription permit, 1 = single purchase permit. */
  serviceLevel?: number;
  /** ENC edition the permit was issued for. */
  edition?: number;
  /** Data server identifier (e.g. "GB"). */
  dataServerId: string;
  comment: string;
}

export interface PermitFile {
  /** YYYYMMDD from :DATE */
  date?: string;
  /** HH:MM from :DATE */
  time?: string;
  version?: string;
  enc: PermitRecord[];
  ecs: PermitRecord[];
  /** Lines that could not be understood, with their 1-based line numbers. */
  warnings: string[];
}

function optionalInt(text: string | undefined): number | undefined {
  const t = (text ?? '').trim();
  return /^\d+$/.test(t) ? Number(t) : undefined;
}

export function parsePermitRecord(line: string): PermitRecord {
  const fields = line.split(',');
  const permit = (fields[0] ?? '').trim();
  const record: PermitRecord = {
    permit,
    cellName: permit.slice(0, 8).toUpperCase(),
    dataServerId: (fields[3] ?? '').trim(),
    comment: fields.slice(4).join(',').trim(),
  };
  const serviceLevel = optionalInt(fields[1]);
  const edition = optionalInt(fields[2]);
  if (serviceLevel !== undefined) record.serviceLevel = serviceLevel;
  if (edition !== undefined) record.edition = edition;
  return record;
}

export function parsePermitFile(text: string): PermitFile {
  const result: PermitFile = { enc: [], ecs: [], warnings: [] };
  let section: 'enc' | 'ecs' | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    if (line.startsWith(':')) {
      const [tag = '', ...rest] = line.split(/\s+/);
      const upperTag = tag.toUpperCase();
      if (upperTag === ':DATE') {
        if (rest[0] !== undefined) result.date = rest[0];
        if (rest[1] !== undefined) result.time = rest[1];
      } else if (upperTag === ':VERSION') {
        if (rest[0] !== undefined) result.version = rest[0];
      } else if (upperTag === ':ENC') section = 'enc';
      else if (upperTag === ':ECS') section = 'ecs';
      else {
        section = undefined;
        result.warnings.push(`line ${index + 1}: unknown section ${tag}`);
      }
      return;
    }
    if (!section) {
      result.warnings.push(`line ${index + 1}: record outside :ENC/:ECS`);
      return;
    }
    result[section].push(parsePermitRecord(line));
  });
  return result;
}

export interface PermitRecordInput {
  permit: string;
  serviceLevel?: number;
  edition?: number;
  dataServerId?: string;
  comment?: string;
}

export interface PermitFileInput {
  /** YYYYMMDD; today (UTC) when absent. */
  date?: string;
  /** HH:MM; the current UTC time when absent. */
  time?: string;
  version?: string;
  enc: PermitRecordInput[];
  ecs?: PermitRecordInput[];
}

function formatRecord(r: PermitRecordInput): string {
  return [r.permit, r.serviceLevel ?? 0, r.edition ?? '', r.dataServerId ?? '', (r.comment ?? '').replace(/[\r\n]+/g, ' ')].join(',');
}

/** Writes a PERMIT.TXT with CRLF line ends. */
export function writePermitFile(input: PermitFileInput): string {
  const now = new Date().toISOString();
  const date = input.date ?? now.slice(0, 10).replaceAll('-', '');
  const time = input.time ?? now.slice(11, 16);
  const lines = [`:DATE ${date} ${time}`, `:VERSION ${input.version ?? '1'}`, ':ENC'];
  for (const r of input.enc) lines.push(formatRecord(r));
  lines.push(':ECS');
  for (const r of input.ecs ?? []) lines.push(formatRecord(r));
  return lines.join('\r\n') + '\r\n';
}

/** All :ENC records for a cell name, in file order. */
export function permitsForCell(file: PermitFile, cellName: string): PermitRecord[] {
  const name = cellName.toUpperCase();
  return file.enc.filter((r) => r.cellName === name);
}
