import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, crcMatches, formatCrc, readCatalog } from './exchange-catalogue.js';
import { S57Error } from './errors.js';
import { SubfieldBuilder, writeIso8211 } from '@chartroom/iso8211';
import { verifyCatalog } from './node.js';
import { buildDemoHarbourCell } from './s57/demo.js';

function catalog(entries: { file: string; impl: string; crc: string; bbox?: number[]; comment?: string }[]): Uint8Array {
  return writeIso8211(
    [
      { tag: '0001', name: 'ISO 8211 Record Identifier', structure: '0', dataType: '1', descriptor: '', formats: '(I(5))' },
      {
        tag: 'CATD',
        name: 'Catalogue Directory field',
        structure: '1',
        dataType: '6',
        descriptor: 'RCNM!RCID!FILE!LFIL!VOLM!IMPL!SLAT!WLON!NLAT!ELON!CRCS!COMT',
        formats: '(A(2),I(10),3A,A(3),4R,2A)',
      },
    ],
    entries.map((e, i) => {
      const b = new SubfieldBuilder()
        .fixed('CD', 2)
        .fixed(String(i + 1).padStart(10, '0'), 10)
        .text(e.file)
        .text('')
        .text('V01X01')
        .fixed(e.impl, 3);
      for (const v of e.bbox ? [e.bbox[1]!, e.bbox[0]!, e.bbox[3]!, e.bbox[2]!] : [null, null, null, null])
        b.text(v === null ? '' : String(v));
      return [
        { tag: '0001', data: new SubfieldBuilder().fixed(String(i + 1).padStart(5, '0'), 5).bytes() },
        {
          tag: 'CATD',
          data: b
            .text(e.crc)
            .text(e.comment ?? '')
            .bytes(),
        },
      ];
    }),
  );
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(formatCrc(crc32(new TextEncoder().encode('123456789')))).toBe('CBF43926');
  });
  it('compares catalogue CRCs as numbers (leading zeros optional)', () => {
    expect(crcMatches('B9D9E68', 0x0b9d9e68)).toBe(true);
    expect(crcMatches('0B9D9E68', 0x0b9d9e68)).toBe(true);
    expect(crcMatches('0B9D9E69', 0x0b9d9e68)).toBe(false);
    expect(crcMatches('not hex', 0)).toBe(false);
  });
});

describe('CATALOG.031', () => {
  const cell = buildDemoHarbourCell();
  const good = formatCrc(crc32(cell));
  const bytes = catalog([
    { file: 'CATALOG.031', impl: 'ASC', crc: '', comment: 'Exchange set catalogue' },
    { file: 'ENC_ROOT\\XX5DEMO1.000', impl: 'BIN', crc: good.replace(/^0+/, ''), bbox: [10, 54, 10.1, 54.06] },
    { file: 'XX5DEMO2.000', impl: 'BIN', crc: 'DEADBEEF', bbox: [10, 54, 10.1, 54.06] },
    { file: 'XX5DEMO3.000', impl: 'BIN', crc: '12345678' },
  ]);

  it('reads every entry', () => {
    const entries = readCatalog(bytes);
    expect(entries).toHaveLength(4);
    expect(entries[1]).toEqual({
      file: 'ENC_ROOT\\XX5DEMO1.000',
      longName: '',
      volume: 'V01X01',
      implementation: 'BIN',
      bbox: [10, 54, 10.1, 54.06],
      crc: good.replace(/^0+/, ''),
      comment: '',
    });
    expect(entries[0]).toMatchObject({ bbox: null, crc: null, comment: 'Exchange set catalogue' });
  });

  it('verifies the CRC of each present file', () => {
    const dir = mkdtempSync(join(tmpdir(), 's57-cat-'));
    writeFileSync(join(dir, 'CATALOG.031'), bytes);
    writeFileSync(join(dir, 'XX5DEMO1.000'), cell);
    writeFileSync(join(dir, 'XX5DEMO2.000'), cell);
    const checks = verifyCatalog(join(dir, 'CATALOG.031'));
    expect(checks.map((c) => c.status)).toEqual(['no_crc', 'ok', 'mismatch', 'missing']);
    expect(checks[2]!.actualCrc).toBe(good);
  });

  it('refuses a cell given as a catalogue', () => {
    expect(() => readCatalog(cell)).toThrow(S57Error);
  });
});
