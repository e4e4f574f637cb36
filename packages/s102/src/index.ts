// @chartroom/s102: IHO S-102 bathymetric surface reader (editions 2.x and 3.0) via h5wasm.
export { readS102, readS102Bytes, gridExtent } from './read-s102.js';
export { getS102Info, toInfo, formatInfo } from './info.js';
export { renderS102Png, renderDepthImage, previewSize, DEFAULT_MAX_SIZE } from './render.js';
export type { RenderOptions, RenderedImage } from './render.js';
export { S102Error } from './errors.js';
export type { S102ErrorCode } from './errors.js';
export { encodePng, crc32 } from './png.js';
export { depthColourScale } from './depth-colour.js';
export { projectorFor, utmToLonLat, utmZoneOf, rectToDegrees, isSupportedEpsg } from './crs.js';
export type { LonLat, Projector, UtmZone } from './crs.js';
export type {
  BBox,
  Range,
  S102Dataset,
  S102Grid,
  S102Info,
  S102Metadata,
  S100CoverageInfo,
  S100CoverageProduct,
  S100Station,
} from './types.js';
export {
  readS100Coverage,
  readS100CoverageBytes,
  readS104,
  readS111,
  identifyS100Hdf5,
  isoDateTime,
  type S100HdfProduct,
} from './s100-coverage.js';
export { formatCoverageInfo } from './s100-coverage-format.js';
