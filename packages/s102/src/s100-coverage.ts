// S-104 (water level) and S-111 (surface currents) datasets: HDF5 in the S-100 Part 10c layout that
// S-102 also follows. The root carries the product, issue date, CRS and extent; the feature
// container (/WaterLevel, /SurfaceCurrent) its data coding format and value range; each instance
// (WaterLevel.01 …) its time range and either a regular grid or its stations (Positioning,
// Group_NNN). Only metadata is read: the value grids stay in the file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Group } from 'h5wasm/node';
import { projectorFor, rectToDegrees } from './crs.js';
import { S102Error } from './errors.js';
import { h5, h5Module, hasHdf5Signature, withH5File, type H5File } from './h5-file.js';
import { findAttr, findDataset, findGroup, numberAttr, stringAttr, type Issues } from './h5-lookup.js';
import type { BBox, S100CoverageInfo, S100CoverageProduct, S100Station, S102Grid } from './types.js';

const FEATURES: Record<S100CoverageProduct, string> = { 'S-104': 'WaterLevel', 'S-111': 'SurfaceCurrent' };

const DATA_CODING_FORMATS: Record<number, string> = {
  1: 'time series at fixed stations',
  2: 'regular grid',
  3: 'ungeorectified grid',
  4: 'moving platform',
  5: 'irregular grid',
  6: 'variable cell size',
  7: 'TIN',
  8: 'stationwise time series',
  9: 'feature oriented regular grid',
};

/** The S-100 HDF5 product a file is: from productSpecification, else from its feature container. */
export type S100HdfProduct = 'S-102' | S100CoverageProduct;

function productOf(file: H5File): { product: S100HdfProduct | null; spec: string } {
  const spec = findAttr(file, 'productSpecification', []);
  const text = typeof spec?.value === 'string' ? spec.value.trim() : '';
  const m = /S-?(102|104|111)\b/i.exec(text);
  if (m) return { product: `S-${m[1]}` as S100HdfProduct, spec: text };
  if (text) return { product: null, spec: text };
  const probe: string[] = [];
  if (findGroup(file, 'BathymetryCoverage', probe)) return { product: 'S-102', spec: '' };
  if (findGroup(file, 'WaterLevel', probe)) return { product: 'S-104', spec: '' };
  if (findGroup(file, 'SurfaceCurrent', probe)) return { product: 'S-111', spec: '' };
  return { product: null, spec: '' };
}

/** Which S-100 HDF5 product (S-102, S-104, S-111) a file holds, or null for other HDF5; throws S102Error 'not_hdf5'. */
export async function identifyS100Hdf5(path: string): Promise<S100HdfProduct | null> {
  return withH5File(path, (file) => productOf(file).product);
}

/** 'YYYYMMDDTHHMMSSZ' (or the extended form) as '2024-01-01T00:00:00Z'; null when it is not a date-time. */
export function isoDateTime(text: string | null): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})T(\d{2}):?(\d{2}):?(\d{2})(Z|[+-]\d{2}:?\d{2})?$/.exec(text?.trim() ?? '');
  if (!m) return null;
  const zone = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].slice(-2)}`;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`;
}

function boundsOf(g: Group, issues: Issues, required: boolean): BBox | null {
  const w = numberAttr(g, 'westBoundLongitude', issues, required);
  const s = numberAttr(g, 'southBoundLatitude', issues, required);
  const e = numberAttr(g, 'eastBoundLongitude', issues, required);
  const n = numberAttr(g, 'northBoundLatitude', issues, required);
  if (w === null || s === null || e === null || n === null) return null;
  if (Math.abs(s) > 90 || Math.abs(n) > 90 || Math.abs(w) > 180 || Math.abs(e) > 180 || s > n) {
    issues.push(`${g.path === '/' ? 'root' : g.path} bounding box [${w}, ${s}, ${e}, ${n}] is not a valid geographic extent in degrees`);
    return null;
  }
  return [w, s, e, n];
}

function union(a: BBox | null, b: BBox | null): BBox | null {
  if (!a) return b;
  if (!b) return a;
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}

/** Feature instances (Feature.01, Feature.02 …) in order. */
function instancesOf(container: Group, feature: string): Group[] {
  const re = new RegExp(`^${feature}\\.\\d+$`, 'i');
  return container
    .keys()
    .filter((k) => re.test(k))
    .sort()
    .map((k) => container.get(k))
    .filter((g): g is Group => g instanceof h5().Group);
}

function gridOf(instance: Group, issues: Issues): S102Grid | null {
  const originX = numberAttr(instance, 'gridOriginLongitude', issues);
  const originY = numberAttr(instance, 'gridOriginLatitude', issues);
  const spacingX = numberAttr(instance, 'gridSpacingLongitudinal', issues);
  const spacingY = numberAttr(instance, 'gridSpacingLatitudinal', issues);
  const cols = numberAttr(instance, 'numPointsLongitudinal', issues);
  const rows = numberAttr(instance, 'numPointsLatitudinal', issues);
  if (originX === null || originY === null || spacingX === null || spacingY === null || cols === null || rows === null) return null;
  if (spacingX <= 0 || spacingY <= 0) issues.push(`${instance.path} grid spacing (${spacingX}, ${spacingY}) should be positive`);
  return { rows, cols, originX, originY, spacingX, spacingY };
}

/** Stations of a time series instance: Positioning/geometryValues and each Group_NNN's identification. */
function stationsOf(instance: Group, issues: Issues): S100Station[] {
  const positioning = findGroup(instance, 'Positioning', issues);
  const geometry = positioning ? findDataset(positioning, 'geometryValues', issues) : null;
  if (!geometry) {
    issues.push(`${instance.path}/Positioning/geometryValues is missing`);
    return [];
  }
  const members = geometry.metadata.compound_type?.members.map((m) => m.name) ?? [];
  const lonAt = members.indexOf('longitude'),
    latAt = members.indexOf('latitude');
  const rows = geometry.value;
  if (lonAt < 0 || latAt < 0 || !Array.isArray(rows)) {
    issues.push(`${geometry.path} has no longitude/latitude fields`);
    return [];
  }
  const groups = instance
    .keys()
    .filter((k) => /^Group_\d+$/i.test(k))
    .sort();
  return rows.map((row, i) => {
    const r = row as unknown[];
    const group = groups[i] ? instance.get(groups[i]!) : null;
    const g = group instanceof h5().Group ? group : null;
    const id = g ? stringAttr(g, 'stationIdentification', [], false) : null;
    const name = g ? stringAttr(g, 'stationName', [], false) : null;
    return { id: id ?? groups[i] ?? String(i + 1), name, lon: Number(r[lonAt]), lat: Number(r[latAt]) };
  });
}

function readCoverageInfo(file: H5File, product: S100CoverageProduct, source: string): S100CoverageInfo {
  const issues: string[] = [];
  const { product: found, spec } = productOf(file);
  if (found !== product) {
    const what = found ? `an ${found} dataset` : spec ? `HDF5 of product '${spec}'` : 'HDF5 but no S-100 product';
    throw new S102Error('wrong_product', `${source} is ${what}, not ${product}`);
  }
  const specification = stringAttr(file, 'productSpecification', issues);
  const edition = specification?.match(/^INT\.IHO\.S-1(?:04|11)\.(\d+(?:\.\d+)*)$/)?.[1] ?? null;
  if (specification && !edition)
    issues.push(`root attribute 'productSpecification' '${specification}' is not of the form INT.IHO.${product}.<edition>`);
  const issueDate = stringAttr(file, 'issueDate', issues);
  if (issueDate !== null && !/^\d{8}$/.test(issueDate))
    issues.push(`root attribute 'issueDate' '${issueDate}' is not a date of the form YYYYMMDD`);
  const crs = numberAttr(file, 'horizontalCRS', issues);
  const feature = FEATURES[product];
  const container = findGroup(file, feature, issues);
  if (!container) throw new S102Error('invalid_structure', `${source}: no ${feature} group (the ${product} feature container)`);
  const dcf = numberAttr(container, 'dataCodingFormat', issues);
  const instances = instancesOf(container, feature);
  if (instances.length === 0) throw new S102Error('invalid_structure', `${source}: no ${feature}.01 instance in /${feature}`);
  const declared = numberAttr(container, 'numInstances', issues, false);
  if (declared !== null && declared !== instances.length)
    issues.push(`/${feature} numInstances ${declared} does not match the ${instances.length} instance groups`);

  let first: string | null = null;
  let last: string | null = null;
  let instanceBox: BBox | null = null;
  let stations: S100Station[] | null = null;
  let nodes: number | null = null;
  for (const inst of instances) {
    const a = isoDateTime(stringAttr(inst, 'dateTimeOfFirstRecord', issues));
    const b = isoDateTime(stringAttr(inst, 'dateTimeOfLastRecord', issues));
    if (a && (first === null || a < first)) first = a;
    if (b && (last === null || b > last)) last = b;
    instanceBox = union(instanceBox, boundsOf(inst, [], false));
    if (dcf === 1 || dcf === 8) (stations ??= []).push(...stationsOf(inst, issues));
    if (dcf === 3 || dcf === 7) nodes = (nodes ?? 0) + (numberAttr(inst, 'numberOfNodes', issues) ?? 0);
  }
  const head = instances[0]!;
  const grid = dcf === 2 ? gridOf(head, issues) : null;
  if (dcf === 2 && !grid) issues.push(`${head.path}: the regular grid's origin, spacing or size is missing`);
  const epsg = crs === -1 ? null : crs;
  const project = projectorFor(epsg);
  const gridBox =
    grid && project
      ? rectToDegrees(
          project,
          grid.originX,
          grid.originY,
          grid.originX + (grid.cols - 1) * grid.spacingX,
          grid.originY + (grid.rows - 1) * grid.spacingY,
        )
      : null;
  const stationBox = stations?.reduce<BBox | null>((b, s) => union(b, [s.lon, s.lat, s.lon, s.lat]), null) ?? null;
  const [lowName, highName] =
    product === 'S-104' ? ['minDatasetHeight', 'maxDatasetHeight'] : ['minDatasetCurrentSpeed', 'maxDatasetCurrentSpeed'];
  const low = numberAttr(container, lowName, issues, false);
  const high = numberAttr(container, highName, issues, false);
  return {
    product,
    productSpecification: specification,
    edition,
    issueDate,
    issueTime: stringAttr(file, 'issueTime', issues, false),
    geographicIdentifier: stringAttr(file, 'geographicIdentifier', issues, false),
    horizontalCRS: epsg,
    verticalDatum: product === 'S-104' ? numberAttr(file, 'verticalDatum', issues, false) : null,
    bbox: boundsOf(file, issues, true) ?? instanceBox ?? gridBox ?? stationBox,
    feature,
    dataCodingFormat: dcf,
    dataCodingFormatName: dcf === null ? null : (DATA_CODING_FORMATS[dcf] ?? null),
    instances: instances.length,
    timeRange: first && last ? { first, last } : null,
    timeRecordInterval: numberAttr(head, 'timeRecordInterval', issues, false),
    numberOfTimes: numberAttr(head, 'numberOfTimes', issues, false),
    grid,
    stations,
    nodes,
    valueRange: low !== null && high !== null ? { min: low, max: high } : null,
    issues,
  };
}

/**
 * Reads the metadata of an S-104 or S-111 file. Throws S102Error: 'not_found', 'not_hdf5' (not
 * HDF5, or truncated or damaged), 'wrong_product' (another product, e.g. an S-102 file read as
 * S-104), 'invalid_structure' (no feature container or instance).
 */
export async function readS100Coverage(path: string, product: S100CoverageProduct): Promise<S100CoverageInfo> {
  return withH5File(path, async (file) => {
    // HDF5's errors while reading (a file damaged past its superblock) as exceptions, not
    // diagnostics printed on stderr.
    const module = await h5Module();
    module.activate_throwing_error_handler();
    try {
      return readCoverageInfo(file, product, basename(path));
    } catch (e) {
      if (e instanceof S102Error) throw e;
      throw new S102Error('invalid_structure', `${basename(path)} could not be read as ${product} (damaged file)`, { cause: e });
    } finally {
      module.deactivate_throwing_error_handler();
    }
  });
}

/** `readS100Coverage(path, 'S-104')`. */
export function readS104(path: string): Promise<S100CoverageInfo> {
  return readS100Coverage(path, 'S-104');
}

/** `readS100Coverage(path, 'S-111')`. */
export function readS111(path: string): Promise<S100CoverageInfo> {
  return readS100Coverage(path, 'S-111');
}

/** `readS100Coverage` of a file held in memory (written to a private temporary file for h5wasm). */
export async function readS100CoverageBytes(
  bytes: Uint8Array,
  product: S100CoverageProduct,
  name = 'dataset.h5',
): Promise<S100CoverageInfo> {
  if (!hasHdf5Signature(bytes.subarray(0, 65536 + 8))) throw new S102Error('not_hdf5', `${name} is not an HDF5 file (no HDF5 signature)`);
  const dir = mkdtempSync(join(tmpdir(), 's100-'));
  const path = join(dir, basename(name).replace(/[^\w.-]/g, '_') || 'dataset.h5');
  try {
    writeFileSync(path, bytes);
    return await readS100Coverage(path, product);
  } catch (err) {
    if (err instanceof S102Error) throw new S102Error(err.code, err.message.replaceAll(path, name), { cause: err });
    throw err;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
