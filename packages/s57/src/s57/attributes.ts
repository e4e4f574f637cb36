// Look-ups in the attributes of the S-57 Object Catalogue (codes <-> acronyms, types); its object
// classes are object-classes.ts.
import { ATTRIBUTE_ROWS } from './attributes-data.js';

export { objectClassByCode, objectClassByAcronym, classAcronym, allObjectClasses, type ObjectClassInfo } from './object-classes.js';

/** A coded string, E enumerated, L list, F float, I integer, S free text. */
export type AttributeType = 'A' | 'E' | 'L' | 'F' | 'I' | 'S';

export interface AttributeInfo {
  code: number;
  acronym: string;
  name: string;
  type: AttributeType;
  /** F feature, N national, S spatial, $ cartographic, ? other */
  kind: string;
}

let attrsByCode: Map<number, AttributeInfo> | undefined;
let attrsByAcronym: Map<string, AttributeInfo> | undefined;

function loadAttributes(): void {
  attrsByCode = new Map();
  attrsByAcronym = new Map();
  for (const [code, acronym, name, type, kind] of ATTRIBUTE_ROWS) {
    const t = (['A', 'E', 'L', 'F', 'I', 'S'].includes(type) ? type : 'S') as AttributeType;
    const info = { code, acronym, name, type: t, kind };
    if (!attrsByCode.has(code)) attrsByCode.set(code, info);
    if (!attrsByAcronym.has(acronym)) attrsByAcronym.set(acronym, info);
  }
}

export function attributeByCode(code: number): AttributeInfo | undefined {
  if (!attrsByCode) loadAttributes();
  return attrsByCode!.get(code);
}

export function attributeByAcronym(acronym: string): AttributeInfo | undefined {
  if (!attrsByAcronym) loadAttributes();
  return attrsByAcronym!.get(acronym);
}

/** Every attribute of the catalogue. */
export function allAttributes(): AttributeInfo[] {
  if (!attrsByCode) loadAttributes();
  return [...attrsByCode!.values()];
}

export type AttributeValue = string | number | number[] | string[];

/** Typed value of a raw attribute text: E/I integer, F float, L list of integers, A/S text. */
export function typedValue(type: AttributeType | undefined, raw: string): AttributeValue | null {
  if (raw === '') return null;
  switch (type) {
    case 'E':
    case 'I': {
      const v = parseInt(raw, 10);
      return Number.isFinite(v) ? v : raw;
    }
    case 'F': {
      const v = parseFloat(raw);
      return Number.isFinite(v) ? v : raw;
    }
    case 'L': {
      const parts = raw.split(',').map((s) => s.trim());
      const nums = parts.map((s) => parseInt(s, 10));
      return nums.every((n) => Number.isFinite(n)) ? nums : parts;
    }
    default:
      return raw;
  }
}
