// A record's ATTR entries (flat, parents by position) as nested values: simple attributes by code,
// complex attributes as objects of their sub-attributes; an attribute that occurs more than once
// under the same parent is an array. Values as written (text), or typed by a feature catalogue.
import type { FeatureCatalogue } from './catalogue.js';
import type { RawAttribute } from './model.js';

export type AttributeValue = string | number | boolean | null | AttributeObject | AttributeValue[];
export interface AttributeObject {
  [code: string]: AttributeValue;
}

/** Options for `attributeObject`. */
export interface AttributeOptions {
  /** Types values by the catalogue's value types (integer, real, enumeration → numbers; boolean → true/false). */
  catalogue?: FeatureCatalogue;
}

/** The value of a simple attribute: '' (unknown) is null; typed when a catalogue is given. */
export function attributeValue(code: string, raw: string, catalogue?: FeatureCatalogue): string | number | boolean | null {
  if (raw === '') return null;
  const type = catalogue?.attribute(code)?.valueType;
  if (!type) return raw;
  switch (type) {
    case 'integer':
    case 'real':
    case 'enumeration': {
      const n = Number(raw);
      return Number.isFinite(n) ? n : raw;
    }
    case 'boolean':
      return raw === '1' || raw.toLowerCase() === 'true' ? true : raw === '0' || raw.toLowerCase() === 'false' ? false : raw;
    default:
      return raw;
  }
}

/** The attributes as an object (see the file comment). */
export function attributeObject(attrs: RawAttribute[], opts: AttributeOptions = {}): AttributeObject {
  const children: number[][] = attrs.map(() => []);
  const roots: number[] = [];
  attrs.forEach((a, i) => {
    const p = a.parent - 1;
    if (a.parent > 0 && p < i && p >= 0) children[p]!.push(i);
    else roots.push(i);
  });
  const build = (list: number[]): AttributeObject => {
    const out: AttributeObject = {};
    for (const i of list) {
      const a = attrs[i]!;
      const value: AttributeValue = children[i]!.length > 0 ? build(children[i]!) : attributeValue(a.code, a.value, opts.catalogue);
      const had = out[a.code];
      if (had === undefined) out[a.code] = value;
      // Simple values and objects are never arrays: an array is a repeated attribute.
      else if (Array.isArray(had)) had.push(value);
      else out[a.code] = [had, value];
    }
    return out;
  };
  return build(roots);
}

/** The values of a (possibly repeated) attribute as a list. */
export function valuesOf(v: AttributeValue | undefined): AttributeValue[] {
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}
