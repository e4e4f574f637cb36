// S-104 and S-111 metadata, on files written here with h5wasm (a fresh clone runs them); the
// writer's layout read back independently with h5py when it is installed (Debian python3-h5py).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { main } from './cli.js';
import { S102Error } from './errors.js';
import { fixtureDir, writeFixture } from './fixtures.test-helper.js';
import { identifyS100Hdf5, isoDateTime, readS100CoverageBytes, readS104, readS111 } from './s100-coverage.js';
import { S104_GRID, S111_STATIONS, writeS104Grid, writeS111Stations } from './s100-fixtures.test-helper.js';

const dir = fixtureDir();
const s104 = join(dir, '104US00CHESBAY.h5');
const s104NoRootBox = join(dir, '104-no-root-box.h5');
const s111 = join(dir, '111US00CHESBAY.h5');
const s102 = join(dir, '102.h5');

beforeAll(async () => {
  await writeS104Grid(s104);
  await writeS104Grid(s104NoRootBox, { rootBBox: false, steps: 5 });
  await writeS111Stations(s111);
  await writeFixture(s102, { edition: '3.0' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failure(p: Promise<unknown>): Promise<S102Error> {
  try {
    await p;
  } catch (e) {
    if (e instanceof S102Error) return e;
    throw e;
  }
  throw new Error('no error');
}

describe('S-104 water level', () => {
  it('reads product, edition, issue date, CRS, extent, time range and the grid', async () => {
    const info = await readS104(s104);
    expect(info).toEqual({
      product: 'S-104',
      productSpecification: 'INT.IHO.S-104.2.0',
      edition: '2.0',
      issueDate: '20240115',
      issueTime: '120000Z',
      geographicIdentifier: 'Chesapeake Bay',
      horizontalCRS: 4326,
      verticalDatum: 12,
      bbox: [S104_GRID.originX, S104_GRID.originY, expect.closeTo(-76.47, 9), expect.closeTo(38.92, 9)],
      feature: 'WaterLevel',
      dataCodingFormat: 2,
      dataCodingFormatName: 'regular grid',
      instances: 1,
      timeRange: { first: '2024-01-15T00:00:00Z', last: '2024-01-15T02:00:00Z' },
      timeRecordInterval: 3600,
      numberOfTimes: 3,
      grid: S104_GRID,
      stations: null,
      nodes: null,
      valueRange: { min: expect.closeTo(-0.45, 6), max: expect.closeTo(1.25, 6) },
      issues: [],
    });
  });

  it('takes the extent from the instances when the root has none, and says so', async () => {
    const info = await readS104(s104NoRootBox);
    expect(info.bbox![0]).toBeCloseTo(-76.5, 9);
    expect(info.bbox![3]).toBeCloseTo(38.92, 9);
    expect(info.timeRange).toEqual({ first: '2024-01-15T00:00:00Z', last: '2024-01-15T04:00:00Z' });
    expect(info.issues).toContain("root attribute 'westBoundLongitude' is missing");
  });
});

describe('S-111 surface currents', () => {
  it('reads the stations of a stationwise time series, and their extent', async () => {
    const info = await readS111(s111);
    expect(info).toMatchObject({
      product: 'S-111',
      edition: '2.0',
      feature: 'SurfaceCurrent',
      dataCodingFormat: 8,
      dataCodingFormatName: 'stationwise time series',
      timeRange: { first: '2024-01-15T00:00:00Z', last: '2024-01-15T11:30:00Z' },
      timeRecordInterval: 1800,
      numberOfTimes: 24,
      grid: null,
      verticalDatum: null,
      valueRange: { min: expect.closeTo(0.1, 6), max: expect.closeTo(2.4, 6) },
    });
    expect(info.stations).toEqual(S111_STATIONS);
    expect(info.bbox).toEqual([-76.2367, 36.9583, -76.0125, 37.0133]);
  });
});

describe('foreign and broken files', () => {
  it('identifies the product of an S-100 HDF5 file', async () => {
    expect(await identifyS100Hdf5(s104)).toBe('S-104');
    expect(await identifyS100Hdf5(s111)).toBe('S-111');
    expect(await identifyS100Hdf5(s102)).toBe('S-102');
  });

  it('refuses an S-102 file opened as S-104, and an S-104 opened as S-111, naming both', async () => {
    const e = await failure(readS104(s102));
    expect(e.code).toBe('wrong_product');
    expect(e.message).toBe('102.h5 is an S-102 dataset, not S-104');
    expect((await failure(readS111(s104))).message).toMatch(/is an S-104 dataset, not S-111/);
  });

  it('refuses a truncated file, a text file and a missing one with typed errors', async () => {
    const bytes = readFileSync(s104);
    for (const cut of [0.3, 0.6, 0.9]) {
      const e = await failure(readS100CoverageBytes(bytes.subarray(0, Math.floor(bytes.length * cut)), 'S-104', 'cut.h5'));
      expect(['not_hdf5', 'invalid_structure'], `cut at ${cut}: ${e.message}`).toContain(e.code);
      expect(e.message).toMatch(/cut\.h5/);
    }
    const text = join(dir, 'notes.h5');
    writeFileSync(text, 'not HDF5\n');
    expect((await failure(readS104(text))).code).toBe('not_hdf5');
    expect((await failure(readS104(join(dir, 'missing.h5')))).code).toBe('not_found');
  });

  it('reads a copy held in memory as the file', async () => {
    expect(await readS100CoverageBytes(readFileSync(s111), 'S-111', 'x.h5')).toEqual(await readS111(s111));
  });

  it.skipIf(!hasTestdata)('refuses the real S-102 grid of the corpus as S-104 and S-111', async () => {
    expect((await failure(readS104(testdataPath('s102/102DE00NO13R.H5')))).code).toBe('wrong_product');
    expect((await failure(readS111(testdataPath('s102/102DE00NO13R.H5')))).code).toBe('wrong_product');
  });
});

describe('the s102 command', () => {
  it('info prints the metadata of S-104 and S-111 files, as text and JSON', async () => {
    let text = '';
    expect(await main(['info', s104], (t) => (text += t))).toBe(0);
    expect(text).toMatch(/product: +S-104 \(INT\.IHO\.S-104\.2\.0\), edition 2\.0/);
    expect(text).toMatch(/time range: +2024-01-15T00:00:00Z … 2024-01-15T02:00:00Z, 3 times every 3600 s/);
    expect(text).toMatch(/grid: +3 rows × 4 cols/);
    let json = '';
    expect(await main(['info', s111, '--json'], (t) => (json += t))).toBe(0);
    expect(JSON.parse(json)).toMatchObject({ product: 'S-111', dataCodingFormat: 8, stations: S111_STATIONS });
    let err = '';
    expect(
      await main(
        ['info', join(dir, 'missing.h5')],
        () => {},
        (t) => (err += t),
      ),
    ).toBe(2);
    expect(err).toMatch(/missing\.h5/);
  });
});

describe('dates', () => {
  it('gives ISO 8601 date-times', () => {
    expect(isoDateTime('20240115T093000Z')).toBe('2024-01-15T09:30:00Z');
    expect(isoDateTime('2024-01-15T09:30:00+0100')).toBe('2024-01-15T09:30:00+01:00');
    expect(isoDateTime('20240115')).toBeNull();
  });
});

// Debian's h5py (python3-h5py), when installed: the files as another HDF5 library reads them.
const python = ['/usr/bin/python3', 'python3'].find((p) => p === 'python3' || existsSync(p))!;
const hasH5py = spawnSync(python, ['-c', 'import h5py'], { encoding: 'utf8' }).status === 0;
// CI (REQUIRE_TESTDATA=1) installs python3-h5py, so there the comparison must run.
const requireH5py = process.env.REQUIRE_TESTDATA === '1';

describe.skipIf(!hasH5py && !requireH5py)('read back with h5py', () => {
  it('sees the S-104 and S-111 layout the reader reads', async () => {
    expect(hasH5py, `${python} cannot import h5py (Debian python3-h5py)`).toBe(true);
    const script = `
import h5py, json, sys
out = {}
with h5py.File(sys.argv[1], 'r') as f:
    i = f['WaterLevel/WaterLevel.01']
    out['s104'] = [f.attrs['productSpecification'].decode() if isinstance(f.attrs['productSpecification'], bytes) else f.attrs['productSpecification'],
                   int(f['WaterLevel'].attrs['dataCodingFormat']), int(i.attrs['numPointsLongitudinal']), int(i.attrs['numPointsLatitudinal']),
                   sorted(k for k in i.keys()), list(i['Group_001/values'].dtype.names), list(i['Group_001/values'].shape)]
with h5py.File(sys.argv[2], 'r') as f:
    g = f['SurfaceCurrent/SurfaceCurrent.01']
    out['s111'] = [int(g.attrs['numberOfStations']), [[round(float(p[0]), 4), round(float(p[1]), 4)] for p in g['Positioning/geometryValues'][()]],
                   list(g['Group_002/values'].dtype.names)]
print(json.dumps(out))
`;
    const r = spawnSync(python, ['-c', script, s104, s111], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.s104).toEqual([
      'INT.IHO.S-104.2.0',
      2,
      4,
      3,
      ['Group_001', 'Group_002', 'Group_003'],
      ['waterLevelHeight', 'waterLevelTrend'],
      [3, 4],
    ]);
    expect(out.s111).toEqual([2, S111_STATIONS.map((s) => [s.lon, s.lat]), ['surfaceCurrentSpeed', 'surfaceCurrentDirection']]);
    const info = await readS111(s111);
    expect(info.stations!.map((s) => [s.lon, s.lat])).toEqual(out.s111[1]);
  });
});
