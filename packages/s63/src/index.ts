// @chartroom/s63: IHO S-63 edition 1.2 data protection (permits, Blowfish, cells, exchange sets).
// Node-only helpers (writing to folders) live in '@chartroom/s63/node'.
export { S63Error, isS63Error, type S63ErrorCode } from './errors.js';
export { Blowfish, blowfishEncryptEcb, blowfishDecryptEcb } from './blowfish.js';
export { crc32, crc32Bytes } from './crc32.js';
export { toHex, fromHex, pad8, unpad8 } from './bytes.js';
export { hwId6 } from './ids.js';
export { createUserPermit, decodeUserPermit, hwIdFormat, type UserPermitInput, type DecodedUserPermit } from './user-permit.js';
export {
  createCellPermit,
  decodeCellPermit,
  cellKeyBytes,
  type CellKeyInput,
  type CellPermitInput,
  type DecodedCellPermit,
  type DecodeCellPermitOptions,
} from './cell-permit.js';
export {
  parsePermitFile,
  writePermitFile,
  permitsForCell,
  type PermitFile,
  type PermitRecord,
  type PermitFileInput,
  type PermitRecordInput,
} from './permit-file.js';
export { decryptCell, encryptCell, encryptPaddedZippedCellInPlace, encryptZippedCell, type DecryptedCell } from './cell-crypto.js';
export { checkPermits, type PermitCheck } from './permit-check.js';
export {
  judgePermitExpiry,
  SSE_TEXTS,
  type PermitExpiryCode,
  type PermitExpiryDecision,
  type PermitWarning,
  type PermitWarningCode,
} from './permit-expiry.js';
export { readS57IssueDate } from './dsid-dates.js';
export {
  readExchangeSet,
  readExchangeSetFrom,
  type ReadExchangeSetFromOptions,
  type ExchangeSet,
  type ExchangeSetCell,
  type CellStatus,
  type ReadExchangeSetOptions,
} from './exchange-set.js';
export { buildExchangeSet, cellPathInEncRoot, type BuildCell, type BuildExchangeSetOptions } from './exchange-set-builder.js';
export { parseCatalog, type CatalogEntry } from './catalog.js';
export { writeCatalog, type CatalogWriteEntry } from './catalog-writer.js';
export { parseProducts, parseSerial, type ProductsFile, type ProductRecord, type SerialInfo } from './info-files.js';
export { DEFAULT_LIMITS, safeEntryPath, type ZipLimits } from './limits.js';
export { listZipEntries, readZipEntry, type ZipEntry } from './zip-reader.js';
export { createBytesSource, type ZipSource } from './zip-source.js';
export { listZipEntriesFrom, readZipEntryFrom } from './zip-source-reader.js';
export {
  formatBig,
  parseSignatureFile,
  signatureFileName,
  toFixedBytes,
  writeDataServerCertificate,
  writePublicKeyText,
  writeSignatureFile,
  type DsaPublicKey,
  type SignatureFile,
} from './signature-file.js';
export { isoWeekLabel, writeProducts, writeSerial, type ProductsEntry } from './exchange-set-info.js';
