// Reader tests on small files written here with h5wasm: they run on a fresh clone.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depthColourScale } from './depth-colour.js';
import { S102Error } from './errors.js';
import { COLS, FILL, ROWS, fixtureDepths, fixtureDir, writeFixture, writeNonS102 } from './fixtures.test-helper.js';
import { getS102Info, readS102, readS102Bytes, renderS102Png } from './index.js';
import { decodePng, pixel } from './png-decode.test-helper.js';

const dir = fixtureDir();
const v3 = join(dir, 'v3.h5');
const v2 = join(dir, 'v2.h5');
const broken = join(dir, 'broken.h5');
const other = join(dir, 'other.h5');
const text = join(dir, 'notes.h5');

beforeAll(async () => {
  await writeFixture(v3, { edition: '3.0' });
  await writeFixture(v2, { edition: '2.2' });
  await writeFixture(broken, { edition: '3.0', broken: true });
  await writeNonS102(other);
  writeFileSync(text, 'this is a text file, not HDF5\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(S102Error);
    return (e as S102Error).code;
  }
  return 'no error';
}

describe('S-102 3.0-like fixture', () => {
  it('reads the root metadata', async () => {
    const ds = await readS102(v3);
    expect(ds.productSpecification).toBe('INT.IHO.S-102.3.0.0');
    expect(ds.edition).toBe('3.0.0');
    expect(ds.issueDate).toBe('20240105');
    expect(ds.issueTime).toBe('101500Z');
    expect(ds.horizontalCRS).toBe(32632);
    expect(ds.verticalDatum).toBe(12);
    expect(ds.issues).toEqual([]);
    expect(ds.bbox![0]).toBeCloseTo(8.932928, 5);
    expect(ds.bbox![3]).toBeCloseTo(53.800075, 5);
  });

  it('reads the grid and excludes the fill value from depths and statistics', async () => {
    const ds = await readS102(v3);
    expect(ds.grid).toEqual({ rows: ROWS, cols: COLS, originX: 495600, originY: 5961270, spacingX: 10, spacingY: 10 });
    const grid = ds.depthGrid();
    expect(grid).toBeInstanceOf(Float32Array);
    expect(grid.length).toBe(ROWS * COLS);
    const expected = fixtureDepths();
    for (let i = 0; i < grid.length; i++) {
      if (expected[i] === FILL) expect(grid[i]).toBeNaN();
      else expect(grid[i]).toBe(expected[i]);
    }
    expect(ds.depth).toEqual({ min: 3, max: 35 });
    expect(ds.validCells).toBe(ROWS * COLS - 2);
    expect(ds.fillValue).toBe(FILL);
    expect(ds.uncertainty).toBeNull();
    expect(ds.uncertaintyGrid()).toBeNull();
  });

  it('gives exactly the info keys', async () => {
    const info = await getS102Info(v3);
    expect(Object.keys(info)).toEqual(['productSpecification', 'issueDate', 'horizontalCRS', 'bbox', 'grid', 'depth', 'issues']);
    expect(info.depth).toEqual({ min: 3, max: 35 });
  });

  it('reads the same from bytes', async () => {
    const ds = await readS102Bytes(new Uint8Array(readFileSync(v3)), 'upload.h5');
    expect(ds.source).toBe('upload.h5');
    expect(ds.depth).toEqual({ min: 3, max: 35 });
    expect(ds.grid.rows).toBe(ROWS);
  });

  it('renders north-up: the northern (deep) rows at the top, fill transparent', async () => {
    const ds = await readS102(v3);
    const img = decodePng(renderS102Png(ds));
    expect([img.width, img.height]).toEqual([COLS, ROWS]);
    const colour = depthColourScale(3, 35);
    expect(pixel(img, 0, ROWS - 1)[3]).toBe(0); // south-west cell is fill
    expect(pixel(img, COLS - 1, 0)[3]).toBe(0); // north-east cell is fill
    expect(pixel(img, 0, 0)).toEqual([...colour(32), 255]); // north-west: row 3, col 0
    expect(pixel(img, COLS - 1, ROWS - 1)).toEqual([...colour(6), 255]); // south-east: row 0, col 4
    const small = decodePng(renderS102Png(ds, { maxSize: 2 }));
    expect(Math.max(small.width, small.height)).toBe(2);
  });
});

describe('S-102 2.x-like fixture', () => {
  it('reads horizontalDatumReference/Value, uncertainty, and the bbox in degrees', async () => {
    const ds = await readS102(v2);
    expect(ds.productSpecification).toBe('INT.IHO.S-102.2.2');
    expect(ds.edition).toBe('2.2');
    expect(ds.horizontalCRS).toBe(4326);
    expect(ds.issues).toEqual([]);
    expect(ds.grid.originX).toBeCloseTo(-70.5, 12);
    expect(ds.grid.spacingY).toBeCloseTo(0.001, 12);
    expect(ds.depth).toEqual({ min: 3, max: 35 });
    expect(ds.uncertainty).toEqual({ min: 0.51, max: 0.68 });
    const unc = ds.uncertaintyGrid()!;
    expect(unc[0]).toBeNaN();
    expect(unc[1]).toBeCloseTo(0.51, 6);
    expect(ds.bbox![0]).toBeCloseTo(-70.5, 5);
    expect(ds.bbox![2]).toBeCloseTo(-70.495, 5);
  });
});

describe('non-conforming fixture', () => {
  it('reports lower-case names, the missing issueDate and the string CRS instead of failing', async () => {
    const ds = await readS102(broken);
    expect(ds.issueDate).toBeNull();
    expect(ds.productSpecification).toBe('INT.IHO.S-102.3.0.0');
    expect(ds.horizontalCRS).toBe(32632);
    expect(ds.depth).toEqual({ min: 3, max: 35 });
    const text = ds.issues.join('\n');
    expect(text).toContain("attribute 'issueDate' is missing");
    expect(text).toContain("'productspecification' should be named 'productSpecification'");
    expect(text).toContain("group '/Bathymetrycoverage' should be named 'BathymetryCoverage'");
    expect(text).toContain("'horizontalCRS' should be an integer EPSG code, found a string");
    expect(ds.issues.length).toBe(6);
  });
});

describe('errors', () => {
  it('rejects a file that is not HDF5 with not_hdf5', async () => {
    expect(await codeOf(readS102(text))).toBe('not_hdf5');
    expect(await codeOf(readS102Bytes(new TextEncoder().encode('GIF89a'), 'x.gif'))).toBe('not_hdf5');
    await expect(readS102(text)).rejects.toThrow(/not an HDF5 file/);
  });

  it('rejects HDF5 that is not S-102 with not_s102', async () => {
    expect(await codeOf(readS102(other))).toBe('not_s102');
    await expect(readS102(other)).rejects.toThrow(/S-104/);
  });

  it('reports a missing file as not_found', async () => {
    expect(await codeOf(readS102(join(dir, 'absent.h5')))).toBe('not_found');
  });

  it('rejects a truncated HDF5 file without crashing', async () => {
    const cut = join(dir, 'cut.h5');
    writeFileSync(cut, readFileSync(v3).subarray(0, 600));
    expect(await codeOf(readS102(cut))).toBe('not_hdf5');
    await expect(readS102(cut)).rejects.toThrow(/truncated file/);
    // h5wasm is still usable afterwards.
    expect((await readS102(v3)).depth).toEqual({ min: 3, max: 35 });
  });
});
