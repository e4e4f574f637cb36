// Small S-102-like HDF5 files written with h5wasm, so a fresh clone (without the corpus) can
// test the reader. Each grid is rows × cols, row 0 = south, like real S-102 values.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import h5wasm from 'h5wasm/node';
import type { Group } from 'h5wasm/node';

export const FILL = 1000000;
export const ROWS = 4;
export const COLS = 5;

/**
 * Depths for the fixtures: row r (from the south), column c → 2 + r * 10 + c metres, with the
 * south-west cell (0,0) and the north-east cell (3,4) left as fill.
 */
export function fixtureDepths(): Float32Array {
  const d = new Float32Array(ROWS * COLS);
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) d[r * COLS + c] = 2 + r * 10 + c;
  d[0] = FILL;
  d[ROWS * COLS - 1] = FILL;
  return d;
}

export function fixtureDir(): string {
  return mkdtempSync(join(tmpdir(), 's102-fixture-'));
}

export interface FixtureOptions {
  edition: '2.2' | '3.0';
  /** Write the deliberate S-158:102-style errors (lower-case names, no issueDate, CRS string). */
  broken?: boolean;
}

export async function writeFixture(path: string, opts: FixtureOptions): Promise<void> {
  await h5wasm.ready;
  const f = new h5wasm.File(path, 'w');
  try {
    const broken = opts.broken === true;
    const v3 = opts.edition === '3.0';
    f.create_attribute(
      broken ? 'productspecification' : 'productSpecification',
      v3 ? 'INT.IHO.S-102.3.0.0' : 'INT.IHO.S-102.2.2',
      null,
      'A',
    );
    if (!broken) f.create_attribute('issueDate', v3 ? '20240105' : '20221230', null, 'A8');
    f.create_attribute('issueTime', '101500Z', null, 'A7');
    if (v3) {
      if (broken) f.create_attribute('horizontalCRS', '32632', null, 'A5');
      else f.create_attribute('horizontalCRS', 32632, null, '<i');
      f.create_attribute('verticalCS', 6498, null, '<i');
    } else {
      f.create_attribute('horizontalDatumReference', 'EPSG', null, 'A4');
      f.create_attribute('horizontalDatumValue', 4326, null, '<i');
    }
    // UTM 32N: 495600..495650 E, 5961270..5961310 N at 10 m; geographic fixture: 0.001° cells.
    const [x0, y0, dx, dy] = v3 ? [495600, 5961270, 10, 10] : [-70.5, 41.25, 0.001, 0.001];
    const bbox = v3 ? [8.932928, 53.799704, 8.9337, 53.800075] : [x0, y0, x0 + COLS * dx, y0 + ROWS * dy];
    f.create_attribute('westBoundLongitude', bbox[0]!, null, '<f');
    f.create_attribute('southBoundLatitude', bbox[1]!, null, '<f');
    f.create_attribute('eastBoundLongitude', bbox[2]!, null, '<f');
    f.create_attribute('northBoundLatitude', bbox[3]!, null, '<f');
    f.create_attribute('verticalDatum', 12, null, '<H');

    writeGroupF(f, broken, !v3);
    const cov = f.create_group(broken ? 'Bathymetrycoverage' : 'BathymetryCoverage');
    cov.create_attribute('numInstances', 1, null, '<B');
    const inst = cov.create_group(broken ? 'Bathymetrycoverage.01' : 'BathymetryCoverage.01');
    inst.create_attribute('gridOriginLongitude', x0, null, '<d');
    inst.create_attribute('gridOriginLatitude', y0, null, '<d');
    inst.create_attribute('gridSpacingLongitudinal', dx, null, '<d');
    inst.create_attribute('gridSpacingLatitudinal', dy, null, '<d');
    inst.create_attribute('numPointsLongitudinal', COLS, null, '<i');
    inst.create_attribute('numPointsLatitudinal', ROWS, null, '<i');
    const g1 = inst.create_group('Group_001');
    const depth = fixtureDepths();
    if (v3) {
      g1.create_dataset({ name: 'values', data: new Map([['depth', depth]]), shape: [ROWS, COLS], dtype: [['depth', '<f']] });
    } else {
      const unc = new Float32Array(depth.length).map((_, i) => (depth[i] === FILL ? FILL : 0.5 + i / 100));
      g1.create_dataset({
        name: 'values',
        data: new Map([
          ['depth', depth],
          ['uncertainty', unc],
        ]),
        shape: [ROWS, COLS],
        dtype: [
          ['depth', '<f'],
          ['uncertainty', '<f'],
        ],
      });
    }
  } finally {
    f.close();
  }
}

function writeGroupF(f: Group, broken: boolean, withUncertainty: boolean): void {
  const gf = f.create_group('Group_F');
  gf.create_dataset({ name: 'featureCode', data: [broken ? 'Bathymetrycoverage' : 'BathymetryCoverage'], dtype: 'A' });
  const codes = withUncertainty ? ['depth', 'uncertainty'] : ['depth'];
  gf.create_dataset({
    name: 'BathymetryCoverage',
    data: new Map<string, string[]>([
      ['code', codes],
      ['name', codes],
      ['uom.name', codes.map(() => 'metres')],
      ['fillValue', codes.map(() => String(FILL))],
      ['datatype', codes.map(() => 'H5T_FLOAT')],
    ]),
    dtype: [
      ['code', 'A16'],
      ['name', 'A16'],
      ['uom.name', 'A8'],
      ['fillValue', 'A10'],
      ['datatype', 'A12'],
    ],
  });
}

/** An HDF5 file that is not S-102 (another product's root attribute, no coverage group). */
export async function writeNonS102(path: string): Promise<void> {
  await h5wasm.ready;
  const f = new h5wasm.File(path, 'w');
  try {
    f.create_attribute('productSpecification', 'INT.IHO.S-104.1.1', null, 'A');
    f.create_group('WaterLevel');
  } finally {
    f.close();
  }
}
