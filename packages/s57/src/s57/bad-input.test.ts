import { describe, expect, it } from 'vitest';
import { S57Error } from '../errors.js';
import { toGeoJSON } from '../geo/geojson.js';
import { writeIso8211, SubfieldBuilder } from '@chartroom/iso8211';
import { buildDemoHarbourCell } from './demo.js';
import { getCellInfo } from './info.js';
import { readS57 } from './read.js';

function attempt(bytes: Uint8Array): 'ok' | S57Error {
  try {
    const ds = readS57(bytes);
    getCellInfo(ds);
    toGeoJSON(ds);
    return 'ok';
  } catch (e) {
    if (e instanceof S57Error) return e;
    throw e;
  }
}

describe('bad input', () => {
  const cell = buildDemoHarbourCell();

  it('refuses ISO 8211 that is not S-57 (an S-101 style DSID)', () => {
    const bytes = writeIso8211(
      [
        { tag: '0001', name: 'Record identifier', structure: '0', dataType: '5', descriptor: '', formats: '(b12)' },
        {
          tag: 'DSID',
          name: 'Dataset identification',
          structure: '1',
          dataType: '6',
          descriptor: 'RCNM!RCID!ENSP!ENED!PRSP!PRED!PROF!DSNM',
          formats: '(b11,b14,7A)',
        },
      ],
      [
        [
          { tag: '0001', data: new SubfieldBuilder().u16(1).bytes() },
          {
            tag: 'DSID',
            data: new SubfieldBuilder()
              .u8(10)
              .u32(1)
              .text('S-100 Part 10a')
              .text('5.0')
              .text('INT.IHO.S-101.1.0')
              .text('1.0')
              .text('1')
              .text('101AA00DS0003.000')
              .bytes(),
          },
        ],
      ],
    );
    const r = attempt(bytes);
    expect(r).toBeInstanceOf(S57Error);
    expect((r as S57Error).code).toBe('not_s57');
    expect((r as S57Error).message).toMatch(/S-101/);
  });

  it('refuses a PDF and an empty file', () => {
    expect((attempt(new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(100))) as S57Error).code).toBe('not_iso8211');
    expect((attempt(new Uint8Array(0)) as S57Error).code).toBe('not_iso8211');
  });

  it('reports a truncated cell with record and offset', () => {
    const r = attempt(cell.subarray(0, Math.floor(cell.length * 0.6)));
    expect(r).toBeInstanceOf(S57Error);
    expect((r as S57Error).code).toBe('truncated');
    expect((r as S57Error).record).toBeGreaterThan(0);
    expect((r as S57Error).offset).toBeGreaterThan(0);
  });

  it('never crashes on truncations, bit flips and corrupted lengths', () => {
    let seed = 12345;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    const outcomes = { ok: 0, error: 0 };
    for (let i = 0; i < 600; i++) {
      const m = Uint8Array.from(cell);
      const kind = i % 3;
      let bytes: Uint8Array = m;
      if (kind === 0) bytes = m.subarray(0, rand(m.length));
      else if (kind === 1)
        for (let k = 0; k <= rand(8); k++) {
          const p = rand(m.length);
          m[p] = m[p]! ^ (1 << rand(8));
        }
      else {
        const p = rand(m.length - 5);
        m.set(new TextEncoder().encode(String(rand(99999)).padStart(5, '0')), p);
      }
      // Whether damaged input is read quickly is a timing question: bench/s57/fuzz.mjs measures it.
      const r = attempt(bytes);
      outcomes[r === 'ok' ? 'ok' : 'error']++;
    }
    expect(outcomes.ok + outcomes.error).toBe(600);
    expect(outcomes.error).toBeGreaterThan(100);
  });
});
