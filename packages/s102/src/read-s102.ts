// readS102 / readS102Bytes: one pass over an S-102 file (2.x or 3.0) that collects the metadata,
// validation findings, and the depth/uncertainty grids, then closes the file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { projectorFor, rectToDegrees } from './crs.js';
import { readCoverage, readFillValues } from './coverage.js';
import { S102Error } from './errors.js';
import { withH5File, hasHdf5Signature } from './h5-file.js';
import { findAttr, findGroup } from './h5-lookup.js';
import { gridStats } from './grid-stats.js';
import { readRootMetadata } from './root-metadata.js';
import { checkStructureNames } from './structure-checks.js';
import type { BBox, S102Dataset, S102Grid } from './types.js';
import { readValueGrids } from './values.js';

/** Reads an S-102 file. Throws S102Error (not_found, not_hdf5, not_s102, invalid_structure, unsupported). */
export async function readS102(path: string): Promise<S102Dataset> {
  return withH5File(path, async (file) => {
    const issues: string[] = [];
    const name = basename(path);
    const probe: string[] = [];
    const spec = findAttr(file, 'productSpecification', probe);
    const specText = typeof spec?.value === 'string' ? spec.value : '';
    const hasCoverage = findGroup(file, 'BathymetryCoverage', probe) !== null;
    if (specText && !/S-?102/i.test(specText)) {
      throw new S102Error('not_s102', `${name} is not S-102 (productSpecification '${specText}')`);
    }
    if (!specText && !hasCoverage) {
      throw new S102Error('not_s102', `${name} is HDF5 but not S-102 (no productSpecification, no BathymetryCoverage group)`);
    }

    const root = readRootMetadata(file, issues);
    const coverage = readCoverage(file, name, issues);
    const fills = readFillValues(file, issues);
    checkStructureNames(file, issues);
    const grids = await readValueGrids(coverage.values, fills.depth, fills.uncertainty);
    const depthStats = gridStats(grids.depth);
    const uncertaintyStats = grids.uncertainty ? gridStats(grids.uncertainty) : null;

    const bbox = resolveBBox(root.bbox, root.horizontalCRS, coverage.grid, issues);
    const { depth, uncertainty } = grids;
    return {
      source: path,
      productSpecification: root.productSpecification,
      edition: root.edition,
      issueDate: root.issueDate,
      issueTime: root.issueTime,
      horizontalCRS: root.horizontalCRS,
      bbox,
      verticalDatum: root.verticalDatum,
      grid: coverage.grid,
      depth: depthStats.range,
      uncertainty: uncertaintyStats?.range ?? null,
      fillValue: fills.depth,
      validCells: depthStats.validCells,
      issues,
      depthGrid: () => depth,
      uncertaintyGrid: () => uncertainty,
    };
  });
}

/** Reads an S-102 file held in memory (written to a private temporary file for h5wasm). */
export async function readS102Bytes(bytes: Uint8Array, name = 'dataset.h5'): Promise<S102Dataset> {
  if (!hasHdf5Signature(bytes.subarray(0, 65536 + 8))) {
    throw new S102Error('not_hdf5', `${name} is not an HDF5 file (no HDF5 signature)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 's102-'));
  const path = join(dir, basename(name).replace(/[^\w.-]/g, '_') || 'dataset.h5');
  try {
    writeFileSync(path, bytes);
    const dataset = await readS102(path);
    return { ...dataset, source: name };
  } catch (err) {
    if (err instanceof S102Error) throw new S102Error(err.code, err.message.replaceAll(path, name), { cause: err });
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Extent of the grid cells (grid points are cell centres) in CRS units. */
export function gridExtent(g: S102Grid): [xmin: number, ymin: number, xmax: number, ymax: number] {
  return [g.originX, g.originY, g.originX + g.cols * g.spacingX, g.originY + g.rows * g.spacingY];
}

/**
 * The stored geographic bbox when present; otherwise the grid extent reprojected. When both exist
 * they are compared, and a disagreement of more than ~0.01° is reported.
 */
function resolveBBox(stored: BBox | null, epsg: number | null, grid: S102Grid, issues: string[]): BBox | null {
  const project = projectorFor(epsg);
  const computed = project ? rectToDegrees(project, ...gridExtent(grid)) : null;
  if (stored && computed) {
    const off = Math.max(...stored.map((v, i) => Math.abs(v - computed[i]!)));
    if (off > 0.01) {
      issues.push(
        `root bounding box [${stored.map((v) => v.toFixed(5)).join(', ')}] differs from the grid extent [${computed.map((v) => v.toFixed(5)).join(', ')}] by ${off.toFixed(3)}°`,
      );
    }
  }
  return stored ?? computed;
}
