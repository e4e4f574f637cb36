// Look-ups in the object classes of the S-57 Object Catalogue (codes <-> acronyms). Kept apart from
// its attributes (attributes.ts) so that reading counts per class does not load the attribute table.
import { OBJECT_CLASS_ROWS } from './object-classes-data.js';

export interface ObjectClassInfo {
  code: number;
  acronym: string;
  name: string;
  /** G geo, M meta, C collection, $ cartographic */
  kind: string;
  /** Allowed primitives: P point, L line, A area. */
  primitives: string;
}

let classesByCode: Map<number, ObjectClassInfo> | undefined;
let classesByAcronym: Map<string, ObjectClassInfo> | undefined;

function loadClasses(): void {
  classesByCode = new Map();
  classesByAcronym = new Map();
  for (const [code, acronym, name, kind, primitives] of OBJECT_CLASS_ROWS) {
    const info = { code, acronym, name, kind, primitives };
    if (!classesByCode.has(code)) classesByCode.set(code, info);
    if (!classesByAcronym.has(acronym)) classesByAcronym.set(acronym, info);
  }
}

export function objectClassByCode(code: number): ObjectClassInfo | undefined {
  if (!classesByCode) loadClasses();
  return classesByCode!.get(code);
}

export function objectClassByAcronym(acronym: string): ObjectClassInfo | undefined {
  if (!classesByAcronym) loadClasses();
  return classesByAcronym!.get(acronym);
}

/** Acronym of an object class code; unknown codes give `OBJL_<code>`. */
export function classAcronym(code: number): string {
  return objectClassByCode(code)?.acronym ?? `OBJL_${code}`;
}

/** Every object class of the catalogue. */
export function allObjectClasses(): ObjectClassInfo[] {
  if (!classesByCode) loadClasses();
  return [...classesByCode!.values()];
}
