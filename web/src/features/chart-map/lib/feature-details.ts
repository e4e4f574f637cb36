import type { ObjectCatalogue } from '@chartroom/contracts/map';

// What the feature panel shows of a clicked chart feature: its class's full name and its S-57
// attributes decoded with the object catalogue (enumerations as words, units), plus the cell,
// edition and update it came from. Pure, so it is tested without a map.

/**
 * Properties the tiles add to every feature: where it came from and the zoom it is drawn from
 * (`minzoom`, from SCAMIN), not what it is. SCAMIN itself is shown as the scale it stands for.
 */
const provenanceKeys = new Set(['cell', 'band', 'edition', 'update', 'minzoom']);

/** Attributes that are a scale denominator: shown as "1:22 000". */
const scaleKeys = new Set(['SCAMIN', 'SCAMAX', 'CSCALE']);

export type PickedFeature = { objectClass: string; properties: Record<string, unknown> };

export type AttributeRow = { acronym: string; name: string; value: string };

export type FeatureDetails = {
  objectClass: string;
  /** The class's full name, or its acronym when the catalogue does not know it. */
  className: string;
  attributes: AttributeRow[];
  cell: string | null;
  edition: number | null;
  update: number | null;
};

function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 6 }).format(value);
}

/** One attribute value as words: enumerations and lists through the catalogue, numbers with units. */
export function decodeAttribute(acronym: string, raw: unknown, catalogue: ObjectCatalogue | undefined, locale: string): AttributeRow {
  const spec = catalogue?.attributes[acronym];
  const text = String(raw);
  let value = text;
  if (spec?.values && (spec.type === 'E' || spec.type === 'L')) {
    const codes = text
      .split(/[,;]/)
      .map((c) => c.trim())
      .filter(Boolean);
    value = codes.map((code) => spec.values?.[code] ?? code).join(', ');
  } else if (
    typeof raw === 'number' ||
    (spec && (spec.type === 'F' || spec.type === 'I') && text.trim() !== '' && Number.isFinite(Number(text)))
  ) {
    value = formatNumber(Number(raw), locale);
  }
  if (scaleKeys.has(acronym) && Number.isFinite(Number(text)) && text.trim() !== '') {
    value = `1:${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Number(text))}`;
  } else if (spec?.unit && value) value = `${value} ${spec.unit}`;
  return { acronym, name: spec?.name ?? acronym, value };
}

function toInteger(value: unknown): number | null {
  const n = Number(value);
  return value !== undefined && value !== null && value !== '' && Number.isInteger(n) ? n : null;
}

/** The panel's content: object name first, then the other attributes in the catalogue's words, sorted. */
export function describeFeature(feature: PickedFeature, catalogue: ObjectCatalogue | undefined, locale: string): FeatureDetails {
  const rows: AttributeRow[] = [];
  for (const [acronym, raw] of Object.entries(feature.properties)) {
    if (provenanceKeys.has(acronym) || raw === null || raw === undefined || raw === '') continue;
    rows.push(decodeAttribute(acronym, raw, catalogue, locale));
  }
  rows.sort((a, b) => (a.acronym === 'OBJNAM' ? -1 : b.acronym === 'OBJNAM' ? 1 : a.name.localeCompare(b.name)));
  const cell = feature.properties.cell;
  return {
    objectClass: feature.objectClass,
    className: catalogue?.classes[feature.objectClass] ?? feature.objectClass,
    attributes: rows,
    cell: typeof cell === 'string' && cell ? cell : null,
    edition: toInteger(feature.properties.edition),
    update: toInteger(feature.properties.update),
  };
}
