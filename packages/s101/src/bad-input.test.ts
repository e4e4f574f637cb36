// Damaged and foreign input: every outcome is a clean read or an S101Error with a code, never a
// crash, another error type or a hang (truncations, flipped bits, corrupted lengths; the demo
// dataset on a fresh clone, a real SHOM dataset from the corpus).
import { readFileSync } from 'node:fs';
import { buildDemoHarbourCell, writeIso8211, SubfieldBuilder } from '@chartroom/s57';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { readS101 } from './dataset.js';
import { buildDemoS101Dataset, buildDemoS101Update, demoS101Content } from './demo.js';
import { writeS101 } from './writer.js';
import { S101Error } from './errors.js';
import { s101Features } from './features.js';
import { getS101Info } from './info.js';
import { s57FlatFeatures } from './s57-view.js';

/** Reads everything a caller can ask for; 'ok' or the S101Error (anything else fails the test). */
function attempt(bytes: Uint8Array, updates: Uint8Array[] = [], s57 = true): 'ok' | S101Error {
  try {
    const ds = readS101(
      bytes,
      updates.map((u) => ({ bytes: u })),
    );
    getS101Info(ds);
    for (const f of s101Features(ds)) void f;
    if (s57) for (const f of s57FlatFeatures(ds)) void f;
    return 'ok';
  } catch (e) {
    if (e instanceof S101Error) return e;
    throw e;
  }
}

function fuzz(original: Uint8Array, runs: number, seed: number, s57 = true): { ok: number; error: number; codes: Set<string> } {
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed % n;
  };
  const out = { ok: 0, error: 0, codes: new Set<string>() };
  for (let i = 0; i < runs; i++) {
    const m = Uint8Array.from(original);
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
    const r = attempt(bytes, [], s57);
    if (r === 'ok') out.ok++;
    else {
      out.error++;
      out.codes.add(r.code);
    }
  }
  return out;
}

describe('bad input', () => {
  const demo = buildDemoS101Dataset();

  it('refuses an S-57 cell, a PDF, an empty file, and other ISO 8211 with clear codes', () => {
    const s57 = attempt(buildDemoHarbourCell());
    expect(s57).toBeInstanceOf(S101Error);
    expect((s57 as S101Error).code).toBe('not_s101');
    expect((s57 as S101Error).message).toMatch(/S-57 cell/);
    expect((attempt(new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(100))) as S101Error).code).toBe('not_iso8211');
    expect((attempt(new Uint8Array(0)) as S101Error).code).toBe('not_iso8211');
    const other = writeIso8211(
      [{ tag: 'XXXX', name: 'Something else', structure: '1', dataType: '6', descriptor: 'A!B', formats: '(A,A)' }],
      [[{ tag: 'XXXX', data: new SubfieldBuilder().text('a').text('b').bytes() }]],
    );
    expect((attempt(other) as S101Error).message).toMatch(/not S-101/);
  });

  it('follows a composite curve that contains itself once, not forever', () => {
    const content = demoS101Content();
    content.compositeCurves!.push({
      rcid: 9,
      components: [
        { rcnm: 125, rcid: 1 },
        { rcnm: 125, rcid: 9 },
        { rcnm: 125, rcid: 9 },
      ],
    });
    content.surfaces!.push({ rcid: 9, rings: [{ rcnm: 125, rcid: 9 }] });
    content.features!.push({ rcid: 99, type: 'DepthArea', spatial: [{ rcnm: 130, rcid: 9 }] });
    const ds = readS101(writeS101(content));
    const f = [...s101Features(ds)].find((x) => x.rcid === 99)!;
    expect(f.geometry).toEqual({ type: 'Polygon', coordinates: [[10, 54, 10.1, 54, 10.1, 54.02, 10, 54.02, 10, 54]] });
  });

  it('refuses another S-100 product in the same encoding, naming it', () => {
    const text = new TextDecoder('latin1').decode(demo);
    const s123 = new Uint8Array(Array.from(text.replace('INT.IHO.S-101.1.1', 'INT.IHO.S-123.1.1'), (c) => c.charCodeAt(0)));
    const r = attempt(s123);
    expect((r as S101Error).code).toBe('not_s101');
    expect((r as S101Error).message).toMatch(/INT\.IHO\.S-123\.1\.1/);
  });

  it('reports a truncated dataset with the record and byte offset', () => {
    const r = attempt(demo.subarray(0, Math.floor(demo.length * 0.7)));
    expect(r).toBeInstanceOf(S101Error);
    expect((r as S101Error).code).toBe('truncated');
    expect((r as S101Error).record).toBeGreaterThan(0);
    expect((r as S101Error).offset).toBeGreaterThan(0);
  });

  it('never crashes on truncations, bit flips and corrupted lengths (the demo dataset and an update)', () => {
    const base = fuzz(demo, 400, 12345);
    expect(base.ok + base.error).toBe(400);
    expect(base.error).toBeGreaterThan(80);
    expect([...base.codes].every((c) => typeof c === 'string')).toBe(true);
    const update = fuzz(buildDemoS101Update(1), 150, 777);
    expect(update.error).toBeGreaterThan(30);
    // A damaged update applied to a sound base: errors or warnings, never a crash.
    let seed = 99;
    for (let i = 0; i < 100; i++) {
      const u = Uint8Array.from(buildDemoS101Update(1));
      seed = (seed * 1103515245 + 12345) >>> 0;
      u[seed % u.length] ^= 1 << (seed % 8);
      const r = attempt(demo, [u]);
      expect(r === 'ok' || r instanceof S101Error).toBe(true);
    }
  });
});

describe.skipIf(!hasTestdata)('corpus: damaged copies of a real dataset', () => {
  it('101FR0067126A: truncations, bit flips and corrupted lengths give a read or an S101Error', () => {
    const real = new Uint8Array(readFileSync(testdataPath('s101/101FR0067126A.000')));
    const r = fuzz(real, 60, 4242, false);
    expect(r.ok + r.error).toBe(60);
    expect(r.error).toBeGreaterThan(12);
  });
});
