import type { ExpressionSpecification } from 'maplibre-gl';

// Chart symbols are named by what they show, so the style asks for exactly the image a feature
// needs (`boy|BOYLAT|2|3||` is a red can buoy) and the map draws it the first time it is missing.
// A name is a kind followed by attribute values, separated by `|`.

export const symbolSeparator = '|';

/** The image name of a feature: `kind|value|value…` from the given attributes (empty when absent). */
export function iconExpression(kind: string, attributes: readonly string[]): ExpressionSpecification {
  const parts: (string | ExpressionSpecification)[] = [kind];
  for (const attribute of attributes) parts.push(symbolSeparator, ['to-string', ['coalesce', ['get', attribute], '']]);
  return ['concat', ...parts] as ExpressionSpecification;
}

export type SymbolName = { kind: string; values: string[] };

export function parseSymbolName(name: string): SymbolName {
  const [kind = '', ...values] = name.split(symbolSeparator);
  return { kind, values };
}

/** S-57 list values (COLOUR, COLPAT) arrive as `3`, `2,6` or GDAL's `(2:2,6)`: the codes in order. */
export function parseCodes(value: string | undefined): number[] {
  if (!value) return [];
  return value
    .replace(/^\(\d+:(.*)\)$/, '$1')
    .split(/[,;\s]+/)
    .map((v) => Number(v))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** A symbol's parts, read from its name: what `chart-symbols` draws. */
export type NavaidSymbol = {
  kind: 'buoy' | 'beacon';
  objectClass: string;
  shape: number;
  colours: number[];
  isVerticalPattern: boolean;
  topmark: 'north' | 'east' | 'south' | 'west' | 'isolated' | 'safe' | 'special' | 'port' | 'starboard' | null;
};

const cardinalTopmarks = { 1: 'north', 2: 'east', 3: 'south', 4: 'west' } as const;

function topmarkOf(objectClass: string, catcam: number, catlam: number): NavaidSymbol['topmark'] {
  const suffix = objectClass.slice(3);
  if (suffix === 'CAR') return cardinalTopmarks[catcam as keyof typeof cardinalTopmarks] ?? null;
  if (suffix === 'ISD') return 'isolated';
  if (suffix === 'SAW') return 'safe';
  if (suffix === 'SPP') return 'special';
  if (suffix === 'LAT') return catlam === 1 ? 'port' : catlam === 2 ? 'starboard' : null;
  return null;
}

/** `boy|CLASS|shape|colours|colpat|catcam|catlam` (and `bcn|…`) as the parts of a navaid. */
export function parseNavaid(name: SymbolName): NavaidSymbol | null {
  if (name.kind !== 'boy' && name.kind !== 'bcn') return null;
  const [objectClass = '', shape, colours, colpat, catcam, catlam] = name.values;
  return {
    kind: name.kind === 'boy' ? 'buoy' : 'beacon',
    objectClass,
    shape: Number(shape) || 0,
    colours: parseCodes(colours),
    isVerticalPattern: parseCodes(colpat)[0] === 2,
    topmark: topmarkOf(objectClass, Number(catcam) || 0, Number(catlam) || 0),
  };
}
