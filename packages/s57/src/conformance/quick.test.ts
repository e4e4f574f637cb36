// The quick paths of the lazy reader against the general ones they stand in for: the quick record
// walk (scanS57 on well-formed files) against the general walk, on every corpus file and on damaged
// copies of the demo cell; the direct reads of edges and nodes (CellIndex.edgeExtent, used for the
// M_COVR box) against decoded records; and the built command against the source one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataDir } from '../../../../test/testdata.js';
import { S57Error } from '../errors.js';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '../s57/demo.js';
import { indexCell, type CellIndex } from '../s57/lazy.js';
import { RCNM_VC, RCNM_VE } from '../s57/model.js';
import { scanS57, scanS57General, type ScannedS57 } from '../s57/scan.js';
import { openCellIndex } from '../open.js';

/** Everything a scan gives that the rest of the reader uses. */
function summary(s: ScannedS57): unknown {
  const n = s.n;
  return {
    n,
    dsid: s.dsid,
    dssi: s.dssi,
    dspm: s.dspm,
    recordCounts: s.recordCounts,
    recordOrder: Object.keys(s.recordCounts),
    nall: s.nall,
    isUpdateFile: s.isUpdateFile,
    columns: [s.rcnm, s.rcid, s.rver, s.ruin, s.objl, s.offset, s.dirOffset, s.recIndex].map((c) => Array.from(c.subarray(0, n))),
  };
}

function outcome(f: () => ScannedS57): { ok: true; s: ScannedS57 } | { ok: false; code: string } {
  try {
    return { ok: true, s: f() };
  } catch (e) {
    if (e instanceof S57Error) return { ok: false, code: e.code };
    throw e;
  }
}

/** [count, west, south, east, north] of the points an area takes from edge `rcid`, from decoded records. */
function decodedExtent(ds: CellIndex, rcid: number, comf: number): number[] {
  const out = [0, Infinity, Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number): void => {
    out[0]!++;
    out[1] = Math.min(out[1]!, x);
    out[2] = Math.min(out[2]!, y);
    out[3] = Math.max(out[3]!, x);
    out[4] = Math.max(out[4]!, y);
  };
  const edge = ds.vector(RCNM_VE, rcid);
  if (!edge) return out;
  const node = (k: number): void => {
    const id = edge.pointers[k]?.rcid;
    const v = id === undefined ? undefined : ds.vector(RCNM_VC, id);
    if (v && v.coords.length >= v.dim) add(v.coords[0]! / comf, v.coords[1]! / comf);
  };
  node(0);
  for (let i = 0; i + 1 < edge.coords.length; i += edge.dim) add(edge.coords[i]! / comf, edge.coords[i + 1]! / comf);
  node(1);
  return out;
}

/** Every edge's direct extent equals the decoded one; returns how many edges were read directly. */
function checkEdges(ds: CellIndex): { direct: number; decoded: number } {
  const comf = Number(ds.dspm?.COMF) || 1_000_000;
  const out = new Float64Array(5);
  let direct = 0,
    decoded = 0;
  for (const [rcid] of ds.vectors.get(RCNM_VE)!) {
    if (ds.edgeExtent(rcid, comf, out)) {
      direct++;
      expect(Array.from(out), `edge ${rcid}`).toEqual(decodedExtent(ds, rcid, comf));
    } else decoded++;
  }
  return { direct, decoded };
}

describe('quick walk = general walk: demo cell', () => {
  const cell = buildDemoHarbourCell();

  it('reads the demo cell and its updates the same way, by the quick walk', () => {
    for (const bytes of [cell, buildDemoHarbourUpdate(1), buildDemoHarbourUpdate(2)]) {
      const quick = scanS57(bytes);
      expect(quick.scannedBy).toBe('quick');
      expect(summary(quick)).toEqual(summary(scanS57General(bytes)));
    }
  });

  it('on damaged copies: whatever the general walk reads, the quick walk reads the same', () => {
    let seed = 4242;
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % n;
    };
    const tally = { same: 0, bothRefuse: 0, quickOnly: 0 };
    for (let i = 0; i < 600; i++) {
      const m = Uint8Array.from(cell);
      let bytes: Uint8Array = m;
      const kind = i % 3;
      if (kind === 0) bytes = m.subarray(0, rand(m.length));
      else if (kind === 1)
        for (let k = 0; k <= rand(8); k++) {
          const p = rand(m.length);
          m[p] = m[p]! ^ (1 << rand(8));
        }
      else m.set(new TextEncoder().encode(String(rand(100_000)).padStart(5, '0')), rand(m.length - 5));
      const general = outcome(() => scanS57General(bytes));
      const quick = outcome(() => scanS57(bytes));
      if (general.ok) {
        expect(quick.ok, `mutation ${i}`).toBe(true);
        if (quick.ok) expect(summary(quick.s), `mutation ${i}`).toEqual(summary(general.s));
        tally.same++;
      } else if (!quick.ok) {
        // Refused by both: the quick walk hands anything it does not read cleanly to the general one.
        expect(quick.code, `mutation ${i}`).toBe(general.code);
        tally.bothRefuse++;
      } else {
        // The quick walk reads only leaders and identity fields; damage elsewhere in a record is
        // found when that record is decoded.
        tally.quickOnly++;
      }
    }
    expect(tally.same).toBeGreaterThan(50);
    expect(tally.bothRefuse).toBeGreaterThan(100);
  });

  it('reads edges and nodes directly, as decoding them would', () => {
    const ds = indexCell(
      scanS57(cell),
      [1, 2].map((n) => scanS57(buildDemoHarbourUpdate(n))),
    );
    const { direct } = checkEdges(ds);
    expect(direct).toBeGreaterThan(0);
  });
});

function corpusFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...corpusFiles(p));
    else if (/\.\d{3}$/.test(name) && !/^CATALOG/i.test(name) && !p.includes('s101')) out.push(p);
  }
  return out.sort();
}

describe.skipIf(!hasTestdata)('quick walk = general walk: every corpus cell and update file', () => {
  const files = hasTestdata ? corpusFiles(join(testdataDir, 's57')) : [];

  it('finds the corpus', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  for (const file of files) {
    it(file.slice(testdataDir.length + 1), () => {
      const bytes = readFileSync(file);
      const quick = scanS57(bytes);
      expect(quick.scannedBy).toBe('quick');
      expect(summary(quick)).toEqual(summary(scanS57General(bytes)));
      if (/\.000$/.test(file)) {
        const { direct, decoded } = checkEdges(openCellIndex(file));
        // Only edges or nodes an update modified need decoding.
        expect(direct).toBeGreaterThan(decoded);
      }
    });
  }
});

describe('the built command', () => {
  const bin = join(dirname(fileURLToPath(import.meta.url)), '../../bin/s57.cjs');
  const bundle = join(dirname(bin), '../dist/s57.cjs');
  const dir = mkdtempSync(join(tmpdir(), 's57-bin-'));
  writeFileSync(join(dir, 'XX5DEMO1.000'), buildDemoHarbourCell());
  writeFileSync(join(dir, 'XX5DEMO1.001'), buildDemoHarbourUpdate(1));
  const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

  it('is built by npm install (scripts/build.mjs bundles it)', () => {
    expect(existsSync(bundle), `${bundle} is missing: run npm install or npm run build`).toBe(true);
  });

  it('prints what the source command prints', () => {
    const built = run('info', '--json', join(dir, 'XX5DEMO1.000'));
    expect(built.status).toBe(0);
    const source = spawnSync(
      process.execPath,
      [
        '--conditions=@chartroom/source',
        '--import',
        'tsx',
        join(dirname(fileURLToPath(import.meta.url)), '../cli.ts'),
        'info',
        '--json',
        join(dir, 'XX5DEMO1.000'),
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(built.stdout)).toEqual(JSON.parse(source.stdout));
    expect(JSON.parse(built.stdout)[0]).toMatchObject({ name: 'XX5DEMO1', update: 1 });
  });

  it('fails with exit code 2 and one line naming the file', () => {
    const r = run('info', join(dir, 'missing.000'));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/missing\.000: cannot read/);
  });
});
