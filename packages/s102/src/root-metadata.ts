// Root-group metadata of S-102 2.x and 3.0, with validation findings for non-conforming files.
import type { Group } from 'h5wasm/node';
import { isSupportedEpsg } from './crs.js';
import { findAttr, numberAttr, stringAttr, type Issues } from './h5-lookup.js';
import type { BBox } from './types.js';

export interface RootMetadata {
  productSpecification: string | null;
  edition: string | null;
  issueDate: string | null;
  issueTime: string | null;
  horizontalCRS: number | null;
  bbox: BBox | null;
  verticalDatum: number | null;
}

const PRODUCT_RE = /^INT\.IHO\.S-102\.(\d+(?:\.\d+)*)$/;

/** The edition in a productSpecification ('INT.IHO.S-102.3.0.0' → '3.0.0'), or null. */
export function editionOf(productSpecification: string | null): string | null {
  return productSpecification?.trim().match(PRODUCT_RE)?.[1] ?? null;
}

export function readRootMetadata(root: Group, issues: Issues): RootMetadata {
  const productSpecification = stringAttr(root, 'productSpecification', issues);
  const edition = editionOf(productSpecification);
  if (productSpecification !== null && edition === null) {
    issues.push(`root attribute 'productSpecification' '${productSpecification}' is not of the form INT.IHO.S-102.<edition>`);
  }
  const major = edition ? Number(edition.split('.')[0]) : 3;

  const issueDate = stringAttr(root, 'issueDate', issues);
  if (issueDate !== null && !isValidDate(issueDate)) {
    issues.push(`root attribute 'issueDate' '${issueDate}' is not a date of the form YYYYMMDD`);
  }
  const issueTime = stringAttr(root, 'issueTime', issues, false);
  if (issueTime !== null && !/^\d{6}(Z|[+-]\d{4})?$/.test(issueTime)) {
    issues.push(`root attribute 'issueTime' '${issueTime}' is not a time of the form HHMMSS[Z|±HHMM]`);
  }

  const horizontalCRS = major >= 3 || findAttr(root, 'horizontalCRS', []) ? readCrs3(root, issues) : readCrs2(root, issues);
  if (horizontalCRS !== null && !isSupportedEpsg(horizontalCRS)) {
    issues.push(
      `horizontal CRS EPSG:${horizontalCRS} is not supported for reprojection (supported: EPSG:4326, WGS84 UTM 32601–32660 and 32701–32760)`,
    );
  }

  const bbox = readBBox(root, issues);
  const verticalDatum = numberAttr(root, 'verticalDatum', issues);
  if (major >= 3) {
    const verticalCS = numberAttr(root, 'verticalCS', issues);
    if (verticalCS !== null && verticalCS !== 6498 && verticalCS !== 6499) {
      issues.push(`root attribute 'verticalCS' ${verticalCS} should be 6498 (depth) or 6499 (height)`);
    }
  }
  return { productSpecification, edition, issueDate, issueTime, horizontalCRS, bbox, verticalDatum };
}

function isValidDate(s: string): boolean {
  const m = s.match(/^(\d{4})(\d{2})(\d{2})$/);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** 3.0: horizontalCRS is an integer EPSG code (-1 means a CRS described by other attributes). */
function readCrs3(root: Group, issues: Issues): number | null {
  const attr = findAttr(root, 'horizontalCRS', issues);
  if (!attr) {
    issues.push(`root attribute 'horizontalCRS' is missing`);
    return null;
  }
  if (attr.typeClass !== 0) {
    const kind = attr.typeClass === 3 ? 'a string' : attr.typeClass === 1 ? 'a float' : 'of HDF5 type class ' + attr.typeClass;
    issues.push(`root attribute 'horizontalCRS' should be an integer EPSG code, found ${kind} (${JSON.stringify(attr.value)})`);
  }
  const code =
    typeof attr.value === 'number'
      ? attr.value
      : Number(
          String(attr.value)
            .trim()
            .replace(/^EPSG:/i, ''),
        );
  if (!Number.isInteger(code)) return null;
  if (code === -1) {
    issues.push(`horizontalCRS -1 (a CRS defined by parameters) is not supported`);
    return null;
  }
  return code;
}

/** 2.x: horizontalDatumReference 'EPSG' + horizontalDatumValue. */
function readCrs2(root: Group, issues: Issues): number | null {
  const reference = stringAttr(root, 'horizontalDatumReference', issues);
  if (reference !== null && reference.trim() !== 'EPSG') {
    issues.push(`root attribute 'horizontalDatumReference' '${reference}' should be 'EPSG'`);
  }
  const value = numberAttr(root, 'horizontalDatumValue', issues);
  return value !== null && Number.isInteger(value) ? value : null;
}

function readBBox(root: Group, issues: Issues): BBox | null {
  const w = numberAttr(root, 'westBoundLongitude', issues);
  const s = numberAttr(root, 'southBoundLatitude', issues);
  const e = numberAttr(root, 'eastBoundLongitude', issues);
  const n = numberAttr(root, 'northBoundLatitude', issues);
  if (w === null || s === null || e === null || n === null) return null;
  if (Math.abs(s) > 90 || Math.abs(n) > 90 || Math.abs(w) > 180 || Math.abs(e) > 180 || s > n) {
    issues.push(`root bounding box [${w}, ${s}, ${e}, ${n}] is not a valid geographic extent in degrees`);
    return null;
  }
  return [w, s, e, n];
}
