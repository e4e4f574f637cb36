// The lazy reader (scanS57 / CellIndex, used by the s57 command) against the full reader
// (readS57 + applyUpdates): same info, metadata, warnings and GeoJSON for every corpus cell and
// update set, with updates applied and ignored; same error codes on damaged input.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../../test/testdata.js';
import { S57Error } from '../errors.js';
import { geoJSONFeatures } from '../geo/geojson.js';
import { getCellInfo, getCellMetadata, getGdalDsidFields } from '../s57/info.js';
import { buildDemoHarbourCell, buildDemoHarbourUpdate } from '../s57/demo.js';
import { readCellIndex, type CellIndex } from '../s57/lazy.js';
import type { S57Dataset } from '../s57/model.js';
import type { BBox, Feature } from '../geo/types.js';
import { scanS57 } from '../s57/scan.js';
import { readS57 } from '../s57/read.js';
import { applyUpdates } from '../s57/update.js';
import { openCellIndex, openCellWithUpdates } from '../node.js';

const here = dirname(fileURLToPath(import.meta.url));
const expected = JSON.parse(readFileSync(join(here, 'gdal-expected.json'), 'utf8')) as { files: Record<string, Record<string, unknown>> };

function outcome<T>(f: () => T): T | string {
  try {
    return f();
  } catch (e) {
    if (e instanceof S57Error) return `S57Error ${e.code}`;
    throw e;
  }
}

describe('lazy reader = full reader: demo cell', () => {
  const cell = buildDemoHarbourCell();
  const updates = [1, 2].map((n) => ({ bytes: buildDemoHarbourUpdate(n), fileName: `XX5DEMO1.00${n}` }));

  it('with and without updates', () => {
    const full = applyUpdates(
      readS57(cell, { fileName: 'XX5DEMO1.000' }),
      updates.map((u) => readS57(u.bytes, { fileName: u.fileName })),
    );
    const lazy = readCellIndex(cell, updates, { fileName: 'XX5DEMO1.000' });
    expect(getCellInfo(lazy)).toEqual(getCellInfo(full));
    expect(getCellMetadata(lazy)).toEqual(getCellMetadata(full));
    expect(lazy.warnings).toEqual(full.warnings);
    expect([...geoJSONFeatures(lazy)]).toEqual([...geoJSONFeatures(full)]);
    const alone = readCellIndex(cell);
    expect(getCellInfo(alone)).toEqual(getCellInfo(readS57(cell)));
    expect([...geoJSONFeatures(alone, { classes: ['DEPARE'] })]).toEqual([...geoJSONFeatures(readS57(cell), { classes: ['DEPARE'] })]);
  });

  it('fails the same way on truncated and out-of-sequence input', () => {
    for (const cut of [0, 10, 100, 500, 900, Math.floor(cell.length / 2), cell.length - 3]) {
      const bytes = cell.subarray(0, cut);
      expect(
        outcome(() => scanS57(bytes).dsid),
        `cut ${cut}`,
      ).toEqual(outcome(() => readS57(bytes).dsid));
    }
    const skipped = [updates[1]!];
    expect(outcome(() => readCellIndex(cell, skipped))).toBe('S57Error update_sequence');
    expect(
      outcome(() =>
        applyUpdates(
          readS57(cell),
          skipped.map((u) => readS57(u.bytes)),
        ),
      ),
    ).toBe('S57Error update_sequence');
  });
});

describe('scanS57(…).checkRecords() fails as readS57 does', () => {
  const cell = buildDemoHarbourCell();

  function readOutcome(bytes: Uint8Array): string {
    try {
      readS57(bytes);
      return 'ok';
    } catch (e) {
      if (e instanceof S57Error) return `S57Error ${e.code}: ${e.message}`;
      throw e;
    }
  }
  function checkOutcome(bytes: Uint8Array): string {
    try {
      scanS57(bytes).checkRecords();
      return 'ok';
    } catch (e) {
      if (e instanceof S57Error) return `S57Error ${e.code}: ${e.message}`;
      throw e;
    }
  }

  it('on the demo cell, truncations and flipped bits (same outcome, same message)', () => {
    expect(checkOutcome(cell)).toBe('ok');
    let seed = 20241125;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    let failures = 0;
    for (let i = 0; i < 400; i++) {
      const bytes = i % 5 === 0 ? cell.slice(0, Math.floor(random() * cell.length)) : cell.slice();
      if (i % 5 !== 0) for (let k = 0; k < 1 + (i % 4); k++) bytes[Math.floor(random() * bytes.length)]! ^= 1 << Math.floor(random() * 8);
      const expected = readOutcome(bytes);
      if (expected !== 'ok') failures += 1;
      expect(checkOutcome(bytes), `input ${i}`).toBe(expected);
    }
    expect(failures).toBeGreaterThan(100);
  });
});

/** [west, south, east, north] of a geometry's positions, or null when it has none. */
function geometryBox(g: Feature['geometry']): BBox | null {
  if (!g) return null;
  const b: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (c: unknown): void => {
    if (typeof (c as number[])[0] === 'number') {
      const [x, y] = c as number[];
      b[0] = Math.min(b[0], x!);
      b[1] = Math.min(b[1], y!);
      b[2] = Math.max(b[2], x!);
      b[3] = Math.max(b[3], y!);
    } else for (const p of c as unknown[]) visit(p);
  };
  visit(g.coordinates);
  return b[0] === Infinity ? null : b;
}

const touches = (a: BBox, q: BBox): boolean => a[2] >= q[0] && a[0] <= q[2] && a[3] >= q[1] && a[1] <= q[3];

/**
 * `near` on a lazily read cell, for the south-west quarter: every feature of the full reader whose
 * geometry touches the quarter is given, points and soundings all, in the full reader's order and
 * as it gives them; lines and areas the records show to lie elsewhere are left out.
 */
function expectNear(full: S57Dataset, lazy: CellIndex): void {
  const [w, s, e, n] = getCellInfo(full).bbox!;
  const quarter: BBox = [w, s, (w + e) / 2, (s + n) / 2];
  const all = [...geoJSONFeatures(full)];
  const got = [...geoJSONFeatures(lazy, { near: (b) => touches(b, quarter) })];
  const isPoint = (f: Feature) => f.geometry === null || f.geometry.type === 'Point' || f.geometry.type === 'MultiPoint';
  const needed = (f: Feature) => isPoint(f) || touches(geometryBox(f.geometry) ?? quarter, quarter);
  expect(got.filter(needed)).toEqual(all.filter(needed));
  // Nothing but the full reader's features, in its order.
  const texts = all.map((f) => JSON.stringify(f));
  let at = 0;
  for (const f of got) {
    at = texts.indexOf(JSON.stringify(f), at);
    expect(at).toBeGreaterThanOrEqual(0);
    at += 1;
  }
  expect(got.length).toBeLessThan(all.length);
  expect(got.filter((f) => !isPoint(f)).length).toBeGreaterThan(0);
}

describe('geoJSONFeatures of a lazily read cell with near: lines and areas far away left out', () => {
  it('on the demo cell with its updates', () => {
    const cell = buildDemoHarbourCell();
    const updates = [1, 2].map((n) => ({ bytes: buildDemoHarbourUpdate(n), fileName: `XX5DEMO1.00${n}` }));
    const full = applyUpdates(
      readS57(cell, { fileName: 'XX5DEMO1.000' }),
      updates.map((u) => readS57(u.bytes, { fileName: u.fileName })),
    );
    expectNear(full, readCellIndex(cell, updates, { fileName: 'XX5DEMO1.000' }));
  });

  it.skipIf(!hasTestdata)('on the corpus approach cell with its updates, and the S-64 cells', () => {
    for (const rel of ['s57/noaa-US4MD81M/US4MD81M.000', 's57/iho-s64-2.1.1/GB4X0000.000', 's57/iho-s64-2.1.1/GB5X01NE.000']) {
      expectNear(openCellWithUpdates(testdataPath(rel), { updates: 'apply' }), openCellIndex(testdataPath(rel), { updates: 'apply' }));
    }
  });
});

describe.skipIf(!hasTestdata)('lazy reader = full reader: every corpus cell and update set', () => {
  for (const rel of Object.keys(expected.files)) {
    for (const updates of ['apply', 'ignore'] as const) {
      it(`${rel} (updates ${updates})`, () => {
        const full = openCellWithUpdates(testdataPath(rel), { updates });
        const lazy = openCellIndex(testdataPath(rel), { updates });
        expect(getCellInfo(lazy)).toEqual(getCellInfo(full));
        expect(getCellMetadata(lazy)).toEqual(getCellMetadata(full));
        expect(getGdalDsidFields(lazy)).toEqual(getGdalDsidFields(full));
        expect(Object.keys(lazy.recordCounts)).toEqual(Object.keys(full.recordCounts));
        expect(lazy.warnings).toEqual(full.warnings);
        expect([...geoJSONFeatures(lazy)]).toEqual([...geoJSONFeatures(full)]);
      });
    }
  }
});
