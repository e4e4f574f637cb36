// ISO/IEC 8211 reading: leader, directory, data descriptive record and data records.
// Works on a Uint8Array; every declared length is checked against the bytes actually present.
import { Iso8211Error } from './errors.js';
import { parseFormatControls, type SubfieldFormat } from './format.js';
import { latin1 } from './text.js';

export const UT = 0x1f;
export const FT = 0x1e;

export interface FieldDefn {
  tag: string;
  /** Field controls: data structure code ('0' elementary, '1' vector, '2' array, '3' concatenated). */
  structure: string;
  dataType: string;
  name: string;
  /** Subfield labels in order, e.g. ['RCNM', 'RCID', ...]. */
  names: string[];
  formats: SubfieldFormat[];
  /** True when a subfield group repeats ('*' in the array descriptor). */
  repeating: boolean;
  /**
   * Index of the first subfield of the repeating group: 0 when the whole field repeats ('*K!V'),
   * `names.length` when nothing does. S-100 Part 10a writes fields with a header that occurs once
   * followed by a repeating group as 'RRNM!RRID\\*NATC!ATVL' (the header before the two
   * backslashes): there it is the header's length.
   */
  repeatFrom: number;
  /**
   * Bytes per group when every subfield has a fixed width and the field is all one group (no
   * header before a repeating group), else 0.
   */
  fixedWidth: number;
  /** Index of each subfield label. */
  index: Map<string, number>;
}

export interface FieldRef {
  tag: string;
  defn: FieldDefn | undefined;
  /** Start of the field data in the module's bytes. */
  start: number;
  /** End of the field data, excluding a trailing field terminator. */
  end: number;
}

export interface DataRecord {
  /** 1-based position among the data records. */
  index: number;
  offset: number;
  fields: FieldRef[];
}

interface Entry {
  tag: string;
  pos: number;
  len: number;
}

export interface Iso8211Module {
  bytes: Uint8Array;
  fields: Map<string, FieldDefn>;
  /** Offset of the first data record. */
  dataStart: number;
}

function digits(bytes: Uint8Array, start: number, len: number): number {
  let n = 0;
  for (let i = start; i < start + len; i++) {
    const c = bytes[i]!;
    if (c === 0x20 && n === 0) continue;
    if (c < 0x30 || c > 0x39) return -1;
    n = n * 10 + (c - 0x30);
  }
  return n;
}

interface Leader {
  recordLength: number;
  fieldControlLength: number;
  base: number;
  sizeLen: number;
  sizePos: number;
  sizeTag: number;
  id: string;
}

function readLeader(bytes: Uint8Array, offset: number, record: number, ddr: boolean): Leader {
  if (offset + 24 > bytes.length) throw new Iso8211Error('truncated', 'file ends inside a record leader', { record, offset });
  const recordLength = digits(bytes, offset, 5);
  const id = String.fromCharCode(bytes[offset + 6]!);
  const fieldControlLength = digits(bytes, offset + 10, 2);
  const base = digits(bytes, offset + 12, 5);
  const sizeLen = digits(bytes, offset + 20, 1);
  const sizePos = digits(bytes, offset + 21, 1);
  const sizeTag = digits(bytes, offset + 23, 1);
  const bad = recordLength < 0 || base < 24 || sizeLen <= 0 || sizePos <= 0 || sizeTag <= 0;
  if (ddr && (bad || id !== 'L')) {
    throw new Iso8211Error('not_iso8211', 'not an ISO 8211 file: the first record has no valid data descriptive leader', {
      record,
      offset,
    });
  }
  if (!ddr && (bad || (id !== 'D' && id !== 'R')))
    throw new Iso8211Error('bad_leader', `invalid data record leader (leader identifier '${id}')`, { record, offset });
  return { recordLength, fieldControlLength: fieldControlLength < 0 ? 0 : fieldControlLength, base, sizeLen, sizePos, sizeTag, id };
}

function readDirectory(bytes: Uint8Array, offset: number, l: Leader, record: number): { entries: Entry[]; areaLength: number } {
  const entrySize = l.sizeTag + l.sizeLen + l.sizePos;
  const entries: Entry[] = [];
  const dirEnd = offset + l.base - 1;
  if (offset + l.base > bytes.length) throw new Iso8211Error('truncated', 'file ends inside a record directory', { record, offset });
  if (bytes[dirEnd] !== FT)
    throw new Iso8211Error('bad_directory', 'record directory is not closed by a field terminator', { record, offset: dirEnd });
  let areaLength = 0;
  for (let p = offset + 24; p + entrySize <= dirEnd; p += entrySize) {
    const tag =
      l.sizeTag === 4 ? String.fromCharCode(bytes[p]!, bytes[p + 1]!, bytes[p + 2]!, bytes[p + 3]!) : latin1(bytes, p, p + l.sizeTag);
    const len = digits(bytes, p + l.sizeTag, l.sizeLen);
    const pos = digits(bytes, p + l.sizeTag + l.sizeLen, l.sizePos);
    if (len < 0 || pos < 0) throw new Iso8211Error('bad_directory', `invalid directory entry for field ${tag}`, { record, offset: p });
    entries.push({ tag, pos, len });
    if (pos + len > areaLength) areaLength = pos + len;
  }
  if ((dirEnd - offset - 24) % entrySize !== 0)
    throw new Iso8211Error('bad_directory', 'record directory length is not a whole number of entries', { record, offset });
  return { entries, areaLength };
}

function parseFieldDefn(bytes: Uint8Array, tag: string, start: number, end: number, fcl: number, offset: number): FieldDefn {
  const structure = String.fromCharCode(bytes[start] ?? 0x30);
  const dataType = String.fromCharCode(bytes[start + 1] ?? 0x30);
  const parts: string[] = [];
  let s = start + fcl;
  for (let i = s; i <= end; i++) {
    if (i === end || bytes[i] === UT || bytes[i] === FT) {
      parts.push(latin1(bytes, s, i));
      s = i + 1;
    }
  }
  const name = parts[0] ?? '';
  let descriptor = parts[1] ?? '';
  const formatText = parts[2] ?? '';
  if (tag === '0000') descriptor = ''; // file control field: a list of tag pairs, no subfields
  let repeatFrom = -1;
  if (descriptor.startsWith('*')) {
    repeatFrom = 0;
    descriptor = descriptor.slice(1);
  }
  // S-100 Part 10a: a header that occurs once, then a repeating group ('A!B\\*C!D').
  const split = /\\+\*/.exec(descriptor);
  let header: string[] = [];
  if (split && repeatFrom < 0) {
    const head = descriptor.slice(0, split.index);
    header = head === '' ? [] : head.split('!');
    descriptor = descriptor.slice(split.index + split[0].length);
    repeatFrom = header.length;
  }
  const names = header.concat(descriptor === '' ? [] : descriptor.split('!'));
  if (repeatFrom < 0) repeatFrom = names.length;
  const repeating = repeatFrom < names.length;
  let formats: SubfieldFormat[] = [];
  if (names.length > 0) {
    const parsed = parseFormatControls(formatText);
    if (!parsed || parsed.length === 0)
      throw new Iso8211Error('bad_field', `invalid format controls '${formatText}' for field ${tag}`, { record: 0, offset });
    formats = names.map((_, i) => parsed[i % parsed.length]!);
  }
  let fixedWidth = 0;
  const oneGroup = repeatFrom === 0 || repeatFrom === names.length;
  if (oneGroup && formats.length > 0 && formats.every((f) => f.width > 0)) fixedWidth = formats.reduce((a, f) => a + f.width, 0);
  const index = new Map<string, number>();
  names.forEach((n, i) => index.set(n, i));
  return { tag, structure, dataType, name, names, formats, repeating, repeatFrom, fixedWidth, index };
}

/** Parses the leader, directory and field definitions of the data descriptive record. */
export function openIso8211(bytes: Uint8Array): Iso8211Module {
  if (bytes.length < 24) throw new Iso8211Error('not_iso8211', `not an ISO 8211 file: only ${bytes.length} bytes`, { offset: 0 });
  const leader = readLeader(bytes, 0, 0, true);
  const { entries, areaLength } = readDirectory(bytes, 0, leader, 0);
  const end = Math.max(leader.recordLength, leader.base + areaLength);
  if (end > bytes.length) throw new Iso8211Error('truncated', 'file ends inside the data descriptive record', { record: 0, offset: 0 });
  const fields = new Map<string, FieldDefn>();
  for (const e of entries) {
    const start = leader.base + e.pos;
    let stop = start + e.len;
    if (stop > start && bytes[stop - 1] === FT) stop--;
    fields.set(e.tag, parseFieldDefn(bytes, e.tag, start, stop, leader.fieldControlLength || 9, start));
  }
  return { bytes, fields, dataStart: end };
}

/** A directory shared by the records that follow an 'R' leader. */
export interface ReusedDirectory {
  entries: Entry[];
  areaLength: number;
  offset: number;
}

/**
 * Parses the data record at `offset` (1-based record number `index`); `reuse` is the directory of an
 * earlier 'R' leader record, if any. Returns the record, its end and the directory to reuse next.
 */
export function parseRecordAt(
  mod: Iso8211Module,
  offset: number,
  index: number,
  reuse: ReusedDirectory | null,
): { rec: DataRecord; end: number; reuse: ReusedDirectory | null } {
  const { bytes } = mod;
  let entries: Entry[];
  let base: number;
  let end: number;
  if (reuse) {
    entries = reuse.entries;
    base = 0;
    end = offset + reuse.areaLength;
    if (end > bytes.length) throw new Iso8211Error('truncated', 'file ends inside a data record', { record: index, offset });
  } else {
    const leader = readLeader(bytes, offset, index, false);
    const dir = readDirectory(bytes, offset, leader, index);
    entries = dir.entries;
    base = leader.base;
    const fromDirectory = leader.base + dir.areaLength;
    // Records longer than 99 999 bytes cannot state their length: trust the directory then.
    const length = leader.recordLength >= fromDirectory ? leader.recordLength : fromDirectory;
    end = offset + length;
    if (end > bytes.length)
      throw new Iso8211Error('truncated', `file ends inside a data record (declared length ${length})`, { record: index, offset });
    if (leader.id === 'R') reuse = { entries, areaLength: dir.areaLength, offset };
  }
  const fields: FieldRef[] = [];
  for (const e of entries) {
    const start = offset + base + e.pos;
    let stop = start + e.len;
    if (stop > end) throw new Iso8211Error('truncated', `field ${e.tag} runs past the end of its record`, { record: index, offset: start });
    if (stop > start && bytes[stop - 1] === FT) stop--;
    // Lexical level 2 (UCS-2) fields end with a two-byte terminator 1E 00.
    else if (stop - 1 > start && bytes[stop - 1] === 0 && bytes[stop - 2] === FT) stop -= 2;
    fields.push({ tag: e.tag, defn: mod.fields.get(e.tag), start, end: stop });
  }
  return { rec: { index, offset, fields }, end, reuse };
}

/** Iterates the data records; throws Iso8211Error on a malformed or truncated record. */
export function* dataRecords(mod: Iso8211Module): Generator<DataRecord> {
  const { bytes } = mod;
  let offset = mod.dataStart;
  let index = 0;
  let reuse: ReusedDirectory | null = null;
  while (offset < bytes.length) {
    index++;
    // Tolerate trailing padding (spaces, NULs or CR/LF) after the last record.
    if (isPadding(bytes, offset)) return;
    const r = parseRecordAt(mod, offset, index, reuse);
    reuse = r.reuse;
    yield r.rec;
    if (r.end <= offset) throw new Iso8211Error('bad_record', 'record of zero length', { record: index, offset });
    offset = r.end;
  }
}

/**
 * Tag of a field as a small integer (a V8 Smi: no boxing in typed-array reads and Set look-ups):
 * four-character ASCII tags packed 7 bits a character, other tags interned from 2^28 up.
 */
const internedTags = new Map<string, number>();
const internedNames = new Map<number, string>();
function tagCodeOf(tag: string): number {
  if (tag.length === 4) {
    const a = tag.charCodeAt(0),
      b = tag.charCodeAt(1),
      c = tag.charCodeAt(2),
      d = tag.charCodeAt(3);
    if ((a | b | c | d) < 0x80) return (a << 21) | (b << 14) | (c << 7) | d;
  }
  let c = internedTags.get(tag);
  if (c === undefined) {
    c = 0x10000000 + internedTags.size;
    internedTags.set(tag, c);
    internedNames.set(c, tag);
  }
  return c;
}
export const tagCode = tagCodeOf;

/**
 * The current record of a `scanRecords` walk, without per-field objects: `n` fields with their tag
 * codes (see `tagCode`), data start and end (terminator excluded), in typed arrays reused from
 * record to record. `dirOffset` is the offset of the record whose directory this one uses.
 */
export interface RecordCursor {
  index: number;
  offset: number;
  end: number;
  dirOffset: number;
  n: number;
  tags: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * Walks every data record with the same checks as `dataRecords` (leaders, directories, field
 * bounds, truncation) but no allocation per record; `visit` sees a cursor valid until it returns.
 */
export function scanRecords(mod: Iso8211Module, visit: (c: RecordCursor) => void): void {
  const { bytes } = mod;
  const size = bytes.length;
  const cur: RecordCursor = {
    index: 0,
    offset: 0,
    end: 0,
    dirOffset: 0,
    n: 0,
    tags: new Int32Array(16),
    starts: new Int32Array(16),
    ends: new Int32Array(16),
  };
  // Directory of an 'R' leader record (positions relative to the field area), reused by the rest.
  let rN = -1,
    rArea = 0,
    rOffset = 0;
  let rPos = new Int32Array(0),
    rLen = new Int32Array(0);
  let offset = mod.dataStart;
  let index = 0;
  // This loop runs for every field of every record, mostly before V8 optimises it: the leader and
  // directory are read with integer arithmetic in place (no calls, objects or strings per record),
  // field bounds computed as each directory entry is read.
  while (offset < size) {
    index++;
    const c0 = bytes[offset]!;
    if ((c0 < 0x30 || c0 > 0x39) && isPadding(bytes, offset)) return; // records start with a digit
    let end: number;
    if (rN >= 0) {
      const n = rN;
      end = offset + rArea;
      cur.dirOffset = rOffset;
      if (end > size) throw new Iso8211Error('truncated', 'file ends inside a data record', { record: index, offset });
      const starts = cur.starts,
        ends = cur.ends;
      for (let i = 0; i < n; i++) {
        const start = offset + rPos[i]!;
        let stop = start + rLen[i]!;
        if (stop > end)
          throw new Iso8211Error('truncated', `field ${tagName(cur.tags[i]!)} runs past the end of its record`, {
            record: index,
            offset: start,
          });
        if (stop > start && bytes[stop - 1] === FT) stop--;
        else if (stop - 1 > start && bytes[stop - 1] === 0 && bytes[stop - 2] === FT) stop -= 2;
        starts[i] = start;
        ends[i] = stop;
      }
      cur.n = n;
    } else {
      if (offset + 24 > size) throw new Iso8211Error('truncated', 'file ends inside a record leader', { record: index, offset });
      // Leader: record length (5 digits), leader identifier, base address (5), entry map (3 digits).
      let recordLength = 0,
        base = 0;
      for (let i = offset, e = offset + 5; i < e; i++) {
        const ch = bytes[i]!;
        if (ch === 0x20 && recordLength === 0) continue;
        if (ch < 0x30 || ch > 0x39) {
          recordLength = -1;
          break;
        }
        recordLength = recordLength * 10 + (ch - 0x30);
      }
      for (let i = offset + 12, e = offset + 17; i < e; i++) {
        const ch = bytes[i]!;
        if (ch === 0x20 && base === 0) continue;
        if (ch < 0x30 || ch > 0x39) {
          base = -1;
          break;
        }
        base = base * 10 + (ch - 0x30);
      }
      const idByte = bytes[offset + 6]!;
      const sizeLen = digit(bytes[offset + 20]!),
        sizePos = digit(bytes[offset + 21]!),
        sizeTag = digit(bytes[offset + 23]!);
      if (recordLength < 0 || base < 24 || sizeLen <= 0 || sizePos <= 0 || sizeTag <= 0 || (idByte !== 0x44 && idByte !== 0x52)) {
        readLeader(bytes, offset, index, false); // throws the error the full reader gives
      }
      const entrySize = sizeTag + sizeLen + sizePos;
      const dirEnd = offset + base - 1;
      if (offset + base > size) throw new Iso8211Error('truncated', 'file ends inside a record directory', { record: index, offset });
      if (bytes[dirEnd] !== FT)
        throw new Iso8211Error('bad_directory', 'record directory is not closed by a field terminator', { record: index, offset: dirEnd });
      const count = Math.max(0, Math.floor((dirEnd - offset - 24) / entrySize));
      if (count > cur.tags.length) {
        const grown = Math.max(count, cur.tags.length * 2);
        cur.tags = new Int32Array(grown);
        cur.starts = new Int32Array(grown);
        cur.ends = new Int32Array(grown);
      }
      const tags = cur.tags,
        starts = cur.starts,
        ends = cur.ends;
      const area = offset + base;
      let areaLength = 0;
      let n = 0;
      for (let p = offset + 24; p + entrySize <= dirEnd; p += entrySize) {
        const b0 = bytes[p]!,
          b1 = bytes[p + 1]!,
          b2 = bytes[p + 2]!,
          b3 = bytes[p + 3]!;
        const code =
          sizeTag === 4 && (b0 | b1 | b2 | b3) < 0x80 ? (b0 << 21) | (b1 << 14) | (b2 << 7) | b3 : tagCodeOf(latin1(bytes, p, p + sizeTag));
        let len = 0,
          pos = 0;
        for (let i = p + sizeTag, e = i + sizeLen; i < e; i++) {
          const ch = bytes[i]!;
          if (ch === 0x20 && len === 0) continue;
          if (ch < 0x30 || ch > 0x39) {
            len = -1;
            break;
          }
          len = len * 10 + (ch - 0x30);
        }
        for (let i = p + sizeTag + sizeLen, e = i + sizePos; i < e; i++) {
          const ch = bytes[i]!;
          if (ch === 0x20 && pos === 0) continue;
          if (ch < 0x30 || ch > 0x39) {
            pos = -1;
            break;
          }
          pos = pos * 10 + (ch - 0x30);
        }
        if (len < 0 || pos < 0)
          throw new Iso8211Error('bad_directory', `invalid directory entry for field ${latin1(bytes, p, p + sizeTag)}`, {
            record: index,
            offset: p,
          });
        // Field bounds (the record's end is at least the area's, so a field cannot run past it).
        const start = area + pos;
        let stop = start + len;
        if (stop > start && bytes[stop - 1] === FT) stop--;
        else if (stop - 1 > start && bytes[stop - 1] === 0 && bytes[stop - 2] === FT) stop -= 2;
        tags[n] = code;
        starts[n] = start;
        ends[n] = stop;
        n++;
        if (pos + len > areaLength) areaLength = pos + len;
      }
      if ((dirEnd - offset - 24) % entrySize !== 0)
        throw new Iso8211Error('bad_directory', 'record directory length is not a whole number of entries', { record: index, offset });
      const fromDirectory = base + areaLength;
      const length = recordLength >= fromDirectory ? recordLength : fromDirectory;
      end = offset + length;
      if (end > size)
        throw new Iso8211Error('truncated', `file ends inside a data record (declared length ${length})`, { record: index, offset });
      cur.dirOffset = offset;
      cur.n = n;
      if (idByte === 0x52) {
        // Later records share this directory: their tags stay in cur.tags (never written again).
        rN = n;
        rArea = areaLength;
        rOffset = offset;
        rPos = new Int32Array(n);
        rLen = new Int32Array(n);
        // Positions and lengths as declared (before terminator trimming), read again from the directory.
        for (let i = 0, p = offset + 24; i < n; i++, p += entrySize) {
          rLen[i] = digits(bytes, p + sizeTag, sizeLen);
          rPos[i] = digits(bytes, p + sizeTag + sizeLen, sizePos);
        }
      }
    }
    cur.index = index;
    cur.offset = offset;
    cur.end = end;
    visit(cur);
    if (end <= offset) throw new Iso8211Error('bad_record', 'record of zero length', { record: index, offset });
    offset = end;
  }
}

/** A one-digit leader entry, or -1. */
function digit(ch: number): number {
  return ch >= 0x30 && ch <= 0x39 ? ch - 0x30 : -1;
}

/** The text of a tag code. */
export function tagName(code: number): string {
  return internedNames.get(code) ?? String.fromCharCode((code >>> 21) & 0x7f, (code >>> 14) & 0x7f, (code >>> 7) & 0x7f, code & 0x7f);
}

/** True when only padding (spaces, NULs, CR/LF, EOF marks) follows `offset`. */
export function isPadding(bytes: Uint8Array, offset: number): boolean {
  for (let i = offset; i < bytes.length; i++) {
    const c = bytes[i]!;
    if (c !== 0x20 && c !== 0 && c !== 0x0a && c !== 0x0d && c !== 0x1a) return false;
  }
  return true;
}
