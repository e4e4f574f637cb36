// @chartroom/iso8211: ISO/IEC 8211 reading and writing, the encoding of S-57 cells and of S-100
// Part 10a datasets (S-101). Browser-safe: works on a Uint8Array, no Node APIs.
export { Iso8211Error, withLocation, type Iso8211ErrorCode, type Iso8211ErrorDetails } from './errors.js';
export {
  openIso8211,
  dataRecords,
  parseRecordAt,
  scanRecords,
  isPadding,
  tagCode,
  tagName,
  FT,
  UT,
  type RecordCursor,
  type ReusedDirectory,
  type Iso8211Module,
  type FieldDefn,
  type FieldRef,
  type DataRecord,
} from './module.js';
export { decodeField, decodeFirstGroup, type DecodeOptions, type SubfieldValue } from './decode.js';
export { fixedLayout, fixedNumber, readBinaryAt, type FixedLayout } from './fixed.js';
export { parseFormatControls, type SubfieldFormat, type SubfieldKind } from './format.js';
export { latin1, ucs2, utf8Text } from './text.js';
export { writeIso8211, SubfieldBuilder, type FieldDefinition, type FieldData } from './writer.js';
