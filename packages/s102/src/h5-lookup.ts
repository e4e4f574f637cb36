// Tolerant lookups in an HDF5 tree: names are matched exactly first, then case-insensitively, and
// a case mismatch is reported as a validation issue instead of being treated as "missing".
import { h5 } from './h5-file.js';
import type { Dataset, Group } from 'h5wasm/node';

export type Issues = string[];

export interface AttrValue {
  /** The attribute name as stored in the file. */
  name: string;
  value: unknown;
  /** HDF5 type class: 0 integer, 1 float, 3 string, 6 compound, 8 enum … */
  typeClass: number;
}

function matchName(names: string[], wanted: string): string | undefined {
  return names.find((n) => n === wanted) ?? names.find((n) => n.toLowerCase() === wanted.toLowerCase());
}

function where(path: string): string {
  return path === '/' ? 'root' : path;
}

/** Child group of `group` named `name` (any case); a wrongly cased name adds an issue. */
export function findGroup(group: Group, name: string, issues: Issues): Group | null {
  const actual = matchName(group.keys(), name);
  if (actual === undefined) return null;
  const child = group.get(actual);
  if (!(child instanceof h5().Group)) return null;
  if (actual !== name) issues.push(`group '${joinPath(group.path, actual)}' should be named '${name}' (wrong case)`);
  return child;
}

/** Child dataset of `group` named `name` (any case); a wrongly cased name adds an issue. */
export function findDataset(group: Group, name: string, issues: Issues): Dataset | null {
  const actual = matchName(group.keys(), name);
  if (actual === undefined) return null;
  const child = group.get(actual);
  if (!(child instanceof h5().Dataset)) return null;
  if (actual !== name) issues.push(`dataset '${joinPath(group.path, actual)}' should be named '${name}' (wrong case)`);
  return child;
}

/** Attribute `name` of `obj` (any case), or null; a wrongly cased name adds an issue. */
export function findAttr(obj: Group | Dataset, name: string, issues: Issues): AttrValue | null {
  const attrs = obj.attrs;
  const actual = matchName(Object.keys(attrs), name);
  if (actual === undefined) return null;
  const attr = attrs[actual];
  if (!attr) return null;
  if (actual !== name) {
    issues.push(`${where(obj.path)} attribute '${actual}' should be named '${name}' (wrong case)`);
  }
  let value: unknown;
  try {
    value = attr.value;
  } catch {
    value = null;
  }
  if (typeof value === 'bigint') value = Number(value);
  return { name: actual, value, typeClass: attr.metadata.type };
}

/** A numeric attribute; missing or non-numeric values add an issue when `required`. */
export function numberAttr(obj: Group | Dataset, name: string, issues: Issues, required = true): number | null {
  const attr = findAttr(obj, name, issues);
  if (!attr) {
    if (required) issues.push(`${where(obj.path)} attribute '${name}' is missing`);
    return null;
  }
  if (typeof attr.value === 'number' && Number.isFinite(attr.value)) return attr.value;
  if (typeof attr.value === 'string' && attr.value.trim() !== '' && Number.isFinite(Number(attr.value))) {
    issues.push(`${where(obj.path)} attribute '${attr.name}' should be numeric, found the string '${attr.value}'`);
    return Number(attr.value);
  }
  issues.push(`${where(obj.path)} attribute '${attr.name}' should be numeric, found ${describe(attr.value)}`);
  return null;
}

/** A string attribute; missing values add an issue when `required`. */
export function stringAttr(obj: Group | Dataset, name: string, issues: Issues, required = true): string | null {
  const attr = findAttr(obj, name, issues);
  if (!attr) {
    if (required) issues.push(`${where(obj.path)} attribute '${name}' is missing`);
    return null;
  }
  if (typeof attr.value === 'string') return attr.value;
  if (typeof attr.value === 'number') {
    issues.push(`${where(obj.path)} attribute '${attr.name}' should be a string, found the number ${attr.value}`);
    return String(attr.value);
  }
  issues.push(`${where(obj.path)} attribute '${attr.name}' should be a string, found ${describe(attr.value)}`);
  return null;
}

export function describe(value: unknown): string {
  if (value === null || value === undefined) return 'no value';
  if (typeof value === 'string') return `the string '${value}'`;
  if (typeof value === 'number') return `the number ${value}`;
  if (ArrayBuffer.isView(value) || Array.isArray(value)) return 'an array';
  return typeof value;
}

export function joinPath(parent: string, name: string): string {
  return parent === '/' ? `/${name}` : `${parent}/${name}`;
}
