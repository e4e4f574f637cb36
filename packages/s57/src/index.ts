// @chartroom/s57: ISO 8211 and S-57 ENC reading (cells, updates, catalogues) and writing.
// Browser-safe: Node file helpers live in './node.js' (import '@chartroom/s57/node').
export { S57Error, type S57ErrorCode, type S57ErrorDetails } from './errors.js';
export { readS57, type ReadOptions } from './s57/read.js';
export { applyUpdates } from './s57/update.js';
export { indexCell, readCellIndex, isCellIndex, CellIndex } from './s57/lazy.js';
export { scanS57, ScannedS57 } from './s57/scan.js';
export {
  getCellInfo,
  getCellMetadata,
  getGdalDsidFields,
  cellBBox,
  cellName,
  featureCounts,
  USAGE_NAMES,
  EXCHANGE_PURPOSE_NAMES,
  type CellInfo,
  type CellMetadata,
  type CellMeta,
} from './s57/info.js';
export { toGeoJSON, geoJSONFeatures, flatFeatures, geoJSONChunks, type GeoJSONOptions } from './geo/geojson.js';
export {
  featureGeometry,
  flatFeatureGeometry,
  geoJSONGeometry,
  geometryContext,
  type GeometryContext,
  type VectorLookup,
} from './geo/assemble.js';
export type { BBox, Feature, FeatureCollection, FlatFeature, FlatGeometry, FlatLine, Geometry, Position } from './geo/types.js';
export { featureAttributes, featureLongName, featureProperties } from './s57/features.js';
export {
  objectClassByCode,
  objectClassByAcronym,
  attributeByCode,
  attributeByAcronym,
  classAcronym,
  allObjectClasses,
  allAttributes,
  typedValue,
  type ObjectClassInfo,
  type AttributeInfo,
  type AttributeType,
  type AttributeValue,
} from './s57/attributes.js';
export {
  readCatalog,
  readExchangeCatalogue,
  crc32,
  crcMatches,
  formatCrc,
  type CatalogEntry,
  type ExchangeCatalogueEntry,
} from './exchange-catalogue.js';
export * from './s57/model.js';
// The ISO 8211 layer lives in @chartroom/iso8211 (shared with @chartroom/s101); re-exported here
// for code written against this package. Its functions throw Iso8211Error; this package's own
// entry points (readS57, scanS57, readExchangeCatalogue ...) turn that into an S57Error.
export {
  openIso8211,
  dataRecords,
  parseRecordAt,
  scanRecords,
  decodeField,
  decodeFirstGroup,
  writeIso8211,
  SubfieldBuilder,
  Iso8211Error,
  type RecordCursor,
  type Iso8211Module,
  type FieldDefn,
  type FieldRef,
  type DataRecord,
  type SubfieldValue,
  type FieldDefinition,
  type FieldData,
} from '@chartroom/iso8211';
export {
  writeS57,
  S57_FIELD_DEFINITIONS,
  type WriteCell,
  type WriteFeature,
  type WriteVector,
  type WritePointer,
  type WriteControl,
} from './s57/writer.js';
export { buildDemoHarbourCell, buildDemoHarbourUpdate, demoHarbourCell, DEMO_CELL_NAME, DEMO_AGENCY } from './s57/demo.js';
