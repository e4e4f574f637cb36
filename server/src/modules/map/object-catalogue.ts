import { allAttributes, allObjectClasses } from '@chartroom/s57';
import { EXPECTED_INPUT_ROWS } from '@chartroom/s57/s57/expected-input-data';
import type { ObjectCatalogue, ObjectCatalogueAttribute } from '@chartroom/contracts/map';

/**
 * Units of the measured S-57 attributes (S-57 Appendix A, Chapter 2 gives each attribute's unit;
 * GDAL's catalogue files carry none). Depths, heights and lengths are in metres as ENCs hold them.
 */
const UNITS: Record<string, string> = {
  BURDEP: 'm',
  DRVAL1: 'm',
  DRVAL2: 'm',
  DEPTH: 'm',
  VALSOU: 'm',
  VALDCO: 'm',
  VALDMA: 'm',
  HEIGHT: 'm',
  ELEVAT: 'm',
  VERCCL: 'm',
  VERCLR: 'm',
  VERCOP: 'm',
  VERCSA: 'm',
  VERLEN: 'm',
  HORACC: 'm',
  HORCLR: 'm',
  HORLEN: 'm',
  HORWID: 'm',
  SOUACC: 'm',
  VERACC: 'm',
  ESTRNG: 'NM',
  VALNMR: 'NM',
  RADIUS: 'NM',
  SIGPER: 's',
  ORIENT: '°',
  SECTR1: '°',
  SECTR2: '°',
  VALMAG: '°',
  VALACM: "'/year",
  CURVEL: 'kn',
  TS_TSV: 'kn',
  LITVIS: 'NM',
  VALMXR: 'NM',
};

let built: ObjectCatalogue | undefined;

/** The S-57 object catalogue for the map's feature panel: class names, attributes, value words. */
export function getObjectCatalogue(): ObjectCatalogue {
  if (built) return built;
  const values = new Map<number, Record<string, string>>();
  for (const [code, value, meaning] of EXPECTED_INPUT_ROWS) {
    let words = values.get(code);
    if (!words) values.set(code, (words = {}));
    words[String(value)] = meaning;
  }
  const classes: Record<string, string> = {};
  for (const c of allObjectClasses()) classes[c.acronym] ??= c.name;
  const attributes: Record<string, ObjectCatalogueAttribute> = {};
  for (const a of allAttributes()) {
    if (attributes[a.acronym]) continue;
    const entry: ObjectCatalogueAttribute = { name: a.name, type: a.type };
    const unit = UNITS[a.acronym];
    if (unit) entry.unit = unit;
    const words = values.get(a.code);
    if (words && (a.type === 'E' || a.type === 'L')) entry.values = words;
    attributes[a.acronym] = entry;
  }
  built = { classes, attributes };
  return built;
}
