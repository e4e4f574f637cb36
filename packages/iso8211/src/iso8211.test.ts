import { describe, expect, it } from 'vitest';
import { Iso8211Error } from './errors.js';
import { decodeField } from './decode.js';
import { parseFormatControls } from './format.js';
import { dataRecords, openIso8211, parseRecordAt, scanRecords, tagName } from './module.js';
import { SubfieldBuilder, writeIso8211, type FieldDefinition } from './writer.js';

const defs: FieldDefinition[] = [
  { tag: '0001', name: 'Record id', structure: '0', dataType: '5', descriptor: '', formats: '(b12)' },
  { tag: 'TEST', name: 'Test field', structure: '1', dataType: '6', descriptor: 'A!B!C!D!E', formats: '(A(2),I(3),R,b14,b24)' },
  { tag: 'REPT', name: 'Repeating', structure: '2', dataType: '6', descriptor: '*K!V', formats: '(b12,A)' },
];

function sample(text = 'hello'): Uint8Array {
  return writeIso8211(defs, [
    [
      { tag: '0001', data: new SubfieldBuilder().u16(1).bytes() },
      { tag: 'TEST', data: new SubfieldBuilder().fixed('XY', 2).fixed('042', 3).text('3.25').u32(4_000_000_000).i32(-7).bytes() },
      { tag: 'REPT', data: new SubfieldBuilder().u16(1).text(text).u16(2).text('').u16(3).text('z').bytes() },
    ],
  ]);
}

describe('format controls', () => {
  it('expands repeat counts and nested groups', () => {
    const f = parseFormatControls('(A(2),I(10),3A,A(3),4R,2A)')!;
    expect(f.map((x) => `${x.kind}${x.width}`)).toEqual(['A2', 'I10', 'A0', 'A0', 'A0', 'A3', 'R0', 'R0', 'R0', 'R0', 'A0', 'A0']);
    const b = parseFormatControls('(B(40),3b11,2(b12,b21))')!;
    expect(b.map((x) => `${x.kind}${x.width}${x.binType}`)).toEqual(['B50', 'b11', 'b11', 'b11', 'b21', 'b12', 'b21', 'b12']);
  });
  it('rejects malformed controls', () => {
    expect(parseFormatControls('(Q(2))')).toBeNull();
    expect(parseFormatControls('(b)')).toBeNull();
  });
});

describe('ISO 8211 reading', () => {
  it('round-trips fields written by the writer', () => {
    const mod = openIso8211(sample());
    expect([...mod.fields.keys()]).toEqual(['0000', '0001', 'TEST', 'REPT']);
    expect(mod.fields.get('REPT')!.repeating).toBe(true);
    const [rec] = [...dataRecords(mod)];
    const test = rec!.fields.find((f) => f.tag === 'TEST')!;
    expect(decodeField(mod.bytes, test, 1)).toEqual(['XY', 42, 3.25, 4_000_000_000, -7]);
    const rept = rec!.fields.find((f) => f.tag === 'REPT')!;
    expect(decodeField(mod.bytes, rept, 1)).toEqual([1, 'hello', 2, '', 3, 'z']);
  });

  it('reads records longer than 99 999 bytes whose leader length is 00000', () => {
    const long = 'x'.repeat(120_000);
    const bytes = sample(long);
    const mod = openIso8211(bytes);
    const [rec] = [...dataRecords(mod)];
    const rept = rec!.fields.find((f) => f.tag === 'REPT')!;
    expect(decodeField(mod.bytes, rept, 1)[1]).toBe(long);
  });

  it("reads records that reuse an 'R' leader and directory", () => {
    const one = sample('abc');
    const mod = openIso8211(one);
    const firstRecord = one.subarray(mod.dataStart);
    const r = Uint8Array.from(firstRecord);
    r[6] = 'R'.charCodeAt(0);
    const base = Number(String.fromCharCode(...r.subarray(12, 17)));
    const again = firstRecord.subarray(base);
    const bytes = new Uint8Array(mod.dataStart + r.length + again.length);
    bytes.set(one.subarray(0, mod.dataStart));
    bytes.set(r, mod.dataStart);
    bytes.set(again, mod.dataStart + r.length);
    const recs = [...dataRecords(openIso8211(bytes))];
    expect(recs).toHaveLength(2);
    const rept = recs[1]!.fields.find((f) => f.tag === 'REPT')!;
    expect(decodeField(bytes, rept, 2)[1]).toBe('abc');
    // The allocation-free walk sees the same fields, and a record re-parsed from its offsets too.
    const m2 = openIso8211(bytes);
    const seen: { tag: string; start: number; end: number }[][] = [];
    const at: [number, number, number][] = [];
    scanRecords(m2, (c) => {
      seen.push(Array.from({ length: c.n }, (_, i) => ({ tag: tagName(c.tags[i]!), start: c.starts[i]!, end: c.ends[i]! })));
      at.push([c.offset, c.dirOffset, c.index]);
    });
    expect(seen).toEqual(recs.map((rec) => rec.fields.map((f) => ({ tag: f.tag, start: f.start, end: f.end }))));
    const reuse = parseRecordAt(m2, at[1]![1], 1, null).reuse;
    expect(parseRecordAt(m2, at[1]![0], 2, reuse).rec.fields.map((f) => f.start)).toEqual(recs[1]!.fields.map((f) => f.start));
  });

  it('reads S-100 Part 10a fields: a header once, then a repeating group, with UTF-8 text', () => {
    const bytes = writeIso8211(
      [
        {
          tag: 'INAS',
          name: 'Information Association',
          structure: '3',
          dataType: '6',
          descriptor: 'RRNM!RRID\\\\*NATC!ATVL',
          formats: '(b11,b14,b12,A)',
          escape: '%/G',
        },
        { tag: 'C3IL', name: '3-D list', structure: '3', dataType: '1', descriptor: 'VCID\\\\*YCOO!XCOO!ZCOO', formats: '(b11,3b24)' },
      ],
      [
        [
          { tag: 'INAS', data: new SubfieldBuilder().u8(150).u32(7).u16(1).utf8('Tréguier').u16(2).utf8('').bytes() },
          { tag: 'C3IL', data: new SubfieldBuilder().u8(2).i32(10).i32(-20).i32(30).i32(11).i32(-21).i32(31).bytes() },
        ],
      ],
    );
    const mod = openIso8211(bytes);
    const inas = mod.fields.get('INAS')!;
    expect(inas.names).toEqual(['RRNM', 'RRID', 'NATC', 'ATVL']);
    expect([inas.repeatFrom, inas.repeating, inas.fixedWidth]).toEqual([2, true, 0]);
    const c3il = mod.fields.get('C3IL')!;
    expect([c3il.repeatFrom, c3il.fixedWidth]).toEqual([1, 0]);
    const [rec] = [...dataRecords(mod)];
    expect(decodeField(bytes, rec!.fields[0]!, 1, { utf8: true })).toEqual([150, 7, 1, 'Tréguier', 2, '']);
    expect(decodeField(bytes, rec!.fields[1]!, 1)).toEqual([2, 10, -20, 30, 11, -21, 31]);
    // Without the header split, the same bytes would be read as repeated 4-subfield groups.
    expect(mod.fields.get('C3IL')!.index.get('ZCOO')).toBe(3);
  });

  it('rejects what is not ISO 8211 with a typed error', () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
    expect(() => openIso8211(pdf)).toThrow(Iso8211Error);
    try {
      openIso8211(pdf);
    } catch (e) {
      expect((e as Iso8211Error).code).toBe('not_iso8211');
      expect((e as Iso8211Error).offset).toBe(0);
    }
  });

  it('reports truncation with the record and byte offset', () => {
    const bytes = sample();
    const cut = bytes.subarray(0, bytes.length - 10);
    const mod = openIso8211(cut);
    let err: Iso8211Error | undefined;
    try {
      Array.from(dataRecords(mod));
    } catch (e) {
      err = e as Iso8211Error;
    }
    expect(err).toBeInstanceOf(Iso8211Error);
    expect(err!.code).toBe('truncated');
    expect(err!.record).toBe(1);
    expect(err!.offset).toBe(mod.dataStart);
  });
});
