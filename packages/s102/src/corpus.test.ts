// Against the shared corpus (skipped on a fresh clone, required in CI): the h5py readings in
// ground-truth.json and in h5py-readings.json (read here with h5py 3.7.0).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import readings from './h5py-readings.json' with { type: 'json' };
import { getS102Info, readS102, renderS102Png } from './index.js';
import { main } from './cli.js';
import { decodePng } from './png-decode.test-helper.js';

const VALID = 's102/102DE00NO13R.H5';
const BROKEN = 's102/102DE00NO13R_S158P1.H5';

interface Truth {
  root_attributes: Record<string, { value: unknown }>;
  summary: {
    grid: Record<string, number>;
    depth_fill_value: number;
    depth_valid_cells: number;
    depth_min_computed: number;
    depth_max_computed: number;
    depth_mean_computed: number;
  };
}

describe.skipIf(!hasTestdata)('corpus: 102DE00NO13R.H5 (valid S-102 3.0.0)', () => {
  const truth = () => (JSON.parse(readFileSync(testdataPath('ground-truth.json'), 'utf8')) as { s102: Record<string, Truth> }).s102[VALID]!;
  const h5py = readings.files[VALID];

  it('matches the root metadata h5py read', async () => {
    const t = truth();
    const ds = await readS102(testdataPath(VALID));
    expect(ds.productSpecification).toBe(t.root_attributes.productSpecification!.value);
    expect(ds.edition).toBe('3.0.0');
    expect(ds.issueDate).toBe(t.root_attributes.issueDate!.value);
    expect(ds.issueTime).toBe(t.root_attributes.issueTime!.value);
    expect(ds.horizontalCRS).toBe(t.root_attributes.horizontalCRS!.value);
    expect(ds.verticalDatum).toBe(t.root_attributes.verticalDatum!.value);
    expect(ds.bbox).toEqual([
      t.root_attributes.westBoundLongitude!.value,
      t.root_attributes.southBoundLatitude!.value,
      t.root_attributes.eastBoundLongitude!.value,
      t.root_attributes.northBoundLatitude!.value,
    ]);
    expect(ds.issues).toEqual([]);
  });

  it('matches the grid, fill value and depth statistics h5py computed', async () => {
    const t = truth().summary;
    const ds = await readS102(testdataPath(VALID));
    expect(ds.grid).toEqual({
      rows: t.grid.numPointsLatitudinal,
      cols: t.grid.numPointsLongitudinal,
      originX: t.grid.gridOriginLongitude,
      originY: t.grid.gridOriginLatitude,
      spacingX: t.grid.gridSpacingLongitudinal,
      spacingY: t.grid.gridSpacingLatitudinal,
    });
    expect([ds.grid.rows, ds.grid.cols]).toEqual(h5py.valuesShape);
    expect(ds.fillValue).toBe(t.depth_fill_value);
    expect(ds.validCells).toBe(t.depth_valid_cells);
    expect(ds.depth).toEqual({ min: t.depth_min_computed, max: t.depth_max_computed });
    expect(ds.uncertainty).toBeNull(); // the values compound has only 'depth'
    expect(h5py.valuesFields).toEqual(['depth']);

    const grid = ds.depthGrid();
    expect(grid.length).toBe(h5py.totalCells);
    let sum = 0;
    let n = 0;
    for (const v of grid) {
      if (Number.isNaN(v)) continue;
      sum += v;
      n++;
    }
    expect(n).toBe(h5py.validCells);
    expect(sum / n).toBeCloseTo(t.depth_mean_computed, 3);
    for (const s of h5py.samples) expect(grid[s.row * ds.grid.cols + s.col]).toBe(s.depth);
    expect(grid[0]).toBeNaN(); // h5py: the south-west corner holds the fill value
    let south = 0;
    for (let i = 0; i < Math.floor(ds.grid.rows / 2) * ds.grid.cols; i++) if (!Number.isNaN(grid[i]!)) south++;
    expect(south).toBe(h5py.validSouthHalf);
  });

  it('gives the info object', async () => {
    const info = await getS102Info(testdataPath(VALID));
    expect(info).toMatchObject({ productSpecification: 'INT.IHO.S-102.3.0.0', issueDate: '20241211', horizontalCRS: 32632, issues: [] });
    expect(info.grid).toEqual({ rows: 1858, cols: 2196, originX: 495600, originY: 5961270, spacingX: 10, spacingY: 10 });
    expect(info.depth).toEqual({ min: -1.88, max: 27.82 });
  });

  it('renders a north-up preview, longest side 1024, fill transparent', async () => {
    const ds = await readS102(testdataPath(VALID));
    const img = decodePng(renderS102Png(ds));
    expect(img.width).toBe(1024);
    expect(img.height).toBe(Math.round(1858 / (2196 / 1024)));
    let top = 0;
    let bottom = 0;
    let transparent = 0;
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const a = img.rgba[(y * img.width + x) * 4 + 3]!;
        if (a === 0) transparent++;
        else if (y < img.height / 2) top++;
        else bottom++;
      }
    }
    // h5py: most valid cells lie in the southern half, which must be the bottom of the image.
    expect(h5py.validSouthHalf).toBeGreaterThan(h5py.validNorthHalf);
    expect(bottom).toBeGreaterThan(top * 2);
    expect(transparent).toBeGreaterThan(img.width * img.height * 0.5); // ~90 % of cells are fill
    // The bottom-left pixel covers the (fill) south-west corner.
    expect(img.rgba[(img.height - 1) * img.width * 4 + 3]).toBe(0);
  });

  it('CLI info --json prints the same object', async () => {
    let out = '';
    const code = await main(
      ['info', testdataPath(VALID), '--json'],
      (s) => (out += s),
      () => {},
    );
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual(await getS102Info(testdataPath(VALID)));
  });
});

describe.skipIf(!hasTestdata)('corpus: 102DE00NO13R_S158P1.H5 (deliberate S-158:102 errors)', () => {
  const h5py = readings.files[BROKEN];

  it('reads the grid and reports the errors instead of failing', async () => {
    const ds = await readS102(testdataPath(BROKEN));
    expect(h5py.hasIssueDate).toBe(false);
    expect(h5py.horizontalCRSType).toBe('bytes_');
    expect(ds.issueDate).toBeNull();
    expect(ds.productSpecification).toBe('INT.IHO.S-102.3.0.0');
    expect(ds.horizontalCRS).toBe(32632);
    expect(ds.validCells).toBe(h5py.validCells);
    expect(ds.depth).toEqual({ min: -1.88, max: 27.82 });
    expect(ds.issues).toEqual(
      expect.arrayContaining([
        "root attribute 'productspecification' should be named 'productSpecification' (wrong case)",
        "root attribute 'issueDate' is missing",
        'root attribute \'horizontalCRS\' should be an integer EPSG code, found a string ("32632")',
        `group '/${h5py.coverageGroup}' should be named 'BathymetryCoverage' (wrong case)`,
        `group '/${h5py.coverageGroup}/${h5py.instanceGroup}' should be named 'BathymetryCoverage.01' (wrong case)`,
        "group '/QualityofBathymetryCoverage' should be named 'QualityOfBathymetryCoverage' (wrong case)",
      ]),
    );
  });
});
