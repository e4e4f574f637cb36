// @chartroom/s100: IHO S-100 Part 15 data protection (user permits, dataset encryption, PERMIT.XML,
// signatures, certificates, protected exchange sets). Node-only helpers (files, folders) live in
// '@chartroom/s100/node'.
export { S100Error, isS100Error, type S100ErrorCode } from './errors.js';
export { toHex, fromHex, isHex, crc32 } from './bytes.js';
export {
  createUserPermit,
  parseUserPermit,
  decryptUserPermit,
  encryptBlock,
  decryptBlock,
  USER_PERMIT_LENGTH,
  type UserPermitInput,
  type ParsedUserPermit,
  type ParseUserPermitOptions,
} from './user-permit.js';
export {
  createDatasetKey,
  createDatasetEncryptor,
  createDatasetDecryptor,
  encryptDataset,
  decryptDataset,
  encryptDatasetStream,
  decryptDatasetStream,
  type DatasetCipher,
} from './dataset-cipher.js';
export {
  createSchemeAdministrator,
  issueDataServerCertificate,
  createTestPki,
  loadDataServerIdentity,
  checkCertificateChain,
  commonNameOf,
  type CertificateSubject,
  type CertificateWithKey,
  type CertificateOptions,
  type TestPki,
  type DataServerIdentity,
  type DataServerPem,
} from './certificates.js';
export { createSigner, signBytes, verifyBytes, SIGNATURE_ALGORITHM, type StreamingSigner } from './signing.js';
export {
  writeStandaloneSignature,
  parseStandaloneSignature,
  type StandaloneSignature,
  type CertificateContainer,
  type CertificateEntry,
} from './standalone-signature.js';
export {
  writePermitFile,
  parsePermitFile,
  encryptDatasetKey,
  decryptDatasetKey,
  permitCovers,
  S100_EDITION,
  type PermitFile,
  type PermitHeader,
  type ProductPermits,
  type DatasetPermit,
} from './permit-file.js';
export {
  writeCatalogue,
  catalogueDateTime,
  type CatalogueInput,
  type CatalogueDataset,
  type CatalogueSupportFile,
  type BoundingBox,
  type DatasetPurpose,
  type NavigationPurpose,
  type SupportFileFormat,
} from './catalogue-writer.js';
export { productSpecificationOf, encodingFormatOf, type ProductSpecification, type EncodingFormat } from './products.js';
export {
  generateProtectedExchangeSet,
  buildProtectedExchangeSet,
  datasetPath,
  supportFilePath,
  ROOT,
  type ByteSource,
  type ProtectedDatasetInput,
  type SupportFileInput,
  type DataServerInput,
  type BuildProtectedExchangeSetOptions,
  type BuiltDataset,
  type DatasetEditionKey,
  type ProtectedExchangeSetReport,
} from './exchange-set-builder.js';
export { NS } from './xml.js';
export {
  readProtectedExchangeSet,
  type ProtectedExchangeSet,
  type ReadProtectedExchangeSetOptions,
  type ReadDataset,
  type DatasetStatus,
  type SignatureCheck,
  type SignatureStatus,
} from './exchange-set-reader.js';
export { readCatalogue, cataloguePath, type ReadCatalogue, type CatalogueEntry, type CatalogueSignature } from './catalogue-reader.js';
