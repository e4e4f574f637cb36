// @chartroom/s101: IHO S-101 ENC datasets (S-100 Part 10a, ISO 8211) and their updates: metadata,
// features with their attributes and WGS 84 geometry, names from a feature catalogue, and an S-57
// view of the features for maps styled for S-57. Browser-safe: Node file helpers are in './node.js'.
export { S101Error, type S101ErrorCode, type S101ErrorDetails } from './errors.js';
export { scanS101, ScannedS101, editionOf, type ScanOptions } from './scan.js';
export { S101Dataset, indexS101, readS101 } from './dataset.js';
export { getS101Info, datasetBBox, datasetName, type S101Info } from './info.js';
export {
  s101Features,
  toS101Feature,
  featureProperties,
  flatFeatures,
  geoJSONFeatures,
  toGeoJSON,
  type FeatureOptions,
  type S101Feature,
} from './features.js';
export { featureFlatGeometry, curveLine, surfacePolygons, pointPosition, multiPointPositions, scalerOf, type Scaler } from './geometry.js';
export {
  attributeObject,
  attributeValue,
  valuesOf,
  type AttributeObject,
  type AttributeValue,
  type AttributeOptions,
} from './attributes.js';
export { readFeatureCatalogue, type FeatureCatalogue, type CatalogueItem, type CatalogueAttribute, type ValueType } from './catalogue.js';
export { toS57Features, s57FlatFeatures, s57ClassOf, S57_CLASSES, S57_ATTRIBUTES, type S57Class } from './s57-view.js';
export {
  writeS101,
  flatAttributes,
  S101_FIELD_DEFINITIONS,
  type WriteS101,
  type WriteAttribute,
  type WriteAssociation,
  type NestedAttributes,
} from './writer.js';
export { buildDemoS101Dataset, buildDemoS101Update, demoS101Content, DEMO_S101_NAME, DEMO_S101_AGENCY } from './demo.js';
export * from './model.js';
