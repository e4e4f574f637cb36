// Builds a Part 15 protected exchange set for one system, in one pass and bounded memory:
//   PERMIT.XML, PERMIT.SIGN                       the dataset keys wrapped with the system's HW_ID, signed
//   S100_ROOT/<product>/DATASET_FILES/<file>      each dataset encrypted (AES-128-CBC, random first block)
//   S100_ROOT/<product>/SUPPORT_FILES/<file>      support files as they are (not encrypted), signed
//   S100_ROOT/CATALOG.XML, S100_ROOT/CATALOG.SIGN the exchange catalogue with each file's signature, signed
// (the layout of S-100 Part 17 with PERMIT.XML beside S100_ROOT, as ArcGIS Maritime and the IHO
// examples deliver them). Each dataset is read once: its plaintext feeds the signature and the
// cipher, the ciphertext goes straight into the zip. The catalogue, which needs every signature,
// is written last; zip readers find entries through the central directory, not by order.
import { randomUUID } from 'node:crypto';
import { key16, toHex } from './bytes.js';
import {
  checkCatalogueDataset,
  writeCatalogue,
  type BoundingBox,
  type CatalogueDataset,
  type CatalogueSupportFile,
  type DatasetPurpose,
  type NavigationPurpose,
  type SupportFileFormat,
} from './catalogue-writer.js';
import { commonNameOf, type DataServerIdentity } from './certificates.js';
import { createDatasetEncryptor, createDatasetKey } from './dataset-cipher.js';
import { S100Error } from './errors.js';
import { encryptDatasetKey, writePermitFile, S100_EDITION, type ProductPermits } from './permit-file.js';
import { checkProductId, type ProductSpecification } from './products.js';
import { createSigner, signBytes } from './signing.js';
import { writeStandaloneSignature, type CertificateContainer } from './standalone-signature.js';
import { parseUserPermit } from './user-permit.js';
import { ZipStream } from './zip-stream.js';

/** Bytes in memory, or a function opening a stream of them (called when the dataset's turn comes). */
export type ByteSource = Uint8Array | (() => AsyncIterable<Uint8Array> | Promise<AsyncIterable<Uint8Array>>);

export interface ProtectedDatasetInput {
  /** S-101, S-102, S-104, S-111, ... */
  product: string;
  /** The dataset's file name, e.g. 101FR00369300.000 or 102DE00NO13R.h5. */
  fileName: string;
  edition: number;
  update: number;
  /** YYYY-MM-DD */
  issueDate: string;
  bbox?: BoundingBox;
  /** YYYY-MM-DD: the permit's expiry for this system (datasets issued later may not be installed). */
  expiry?: string;
  /**
   * The dataset edition's key (16 bytes). The base dataset and its updates must use the same key,
   * so a caller keeps it per edition; a random one is made when absent (see the report).
   */
  key?: Uint8Array;
  data: ByteSource;
  description?: string;
  purpose?: DatasetPurpose;
  notForNavigation?: boolean;
  navigationPurpose?: NavigationPurpose;
  producer?: { name: string; code?: string };
  productSpecification?: Partial<ProductSpecification>;
}

export interface SupportFileInput {
  product: string;
  fileName: string;
  edition: number;
  issueDate?: string;
  dataType: SupportFileFormat;
  revisionStatus?: 'new' | 'replacement' | 'deletion';
  /** File names of the datasets it supports. */
  supportedResources?: string[];
  data: ByteSource;
}

export interface DataServerInput {
  identity: DataServerIdentity;
  /** The data server's name (PERMIT.XML header, catalogue contact). */
  name: string;
  /** Its short identifier (PERMIT.XML header, catalogue dataServerIdentifier). */
  identifier: string;
  /** The scheme administrator's id in signature files; its certificate's common name by default. */
  schemeAdministratorId?: string;
  /** The data server certificate's id in signature files; its common name by default. */
  certificateId?: string;
}

export interface BuildProtectedExchangeSetOptions {
  datasets: ProtectedDatasetInput[];
  supportFiles?: SupportFileInput[];
  /** The system the set is for: its HW_ID (16 bytes or 32 hex) and the user permit it came with. */
  device: { hwId: Uint8Array | string; userPermit: string };
  dataServer: DataServerInput;
  /** The exchange set's identifier in the catalogue; a random UUID by default. */
  identifier?: string;
  /** When the set is made (catalogue dateTime, permit issue date, zip times); now by default. */
  date?: Date;
  /** Read chunks of in-memory data of this size (default 1 MiB). */
  chunkSize?: number;
}

export interface BuiltDataset {
  product: string;
  fileName: string;
  /** The entry's path in the zip. */
  path: string;
  edition: number;
  update: number;
  plainSize: number;
  encryptedSize: number;
}

export interface DatasetEditionKey {
  product: string;
  /** The dataset name the permit covers (file name without extension). */
  name: string;
  edition: number;
  /** The key the edition was encrypted with: keep it (sealed) to encrypt this edition's updates alike. */
  key: Uint8Array;
}

export interface ProtectedExchangeSetReport {
  identifier: string;
  datasets: BuiltDataset[];
  keys: DatasetEditionKey[];
  /** The zip's size in bytes. */
  size: number;
}

export const ROOT = 'S100_ROOT';
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const baseName = (fileName: string): string => fileName.replace(/\.[^.]*$/, '');
const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

function checkFileName(fileName: string, what: string): string {
  if (!SAFE_NAME.test(fileName) || fileName.includes('..')) {
    throw new S100Error('invalid_argument', `${what} file name must be letters, digits, '.', '_' or '-', got ${JSON.stringify(fileName)}`);
  }
  return fileName;
}

export function datasetPath(product: string, fileName: string): string {
  return `${checkProductId(product)}/DATASET_FILES/${checkFileName(fileName, 'dataset')}`;
}

export function supportFilePath(product: string, fileName: string): string {
  return `${checkProductId(product)}/SUPPORT_FILES/${checkFileName(fileName, 'support')}`;
}

async function* chunksOf(source: ByteSource, chunkSize: number): AsyncGenerator<Uint8Array> {
  if (source instanceof Uint8Array) {
    for (let at = 0; at < source.length; at += chunkSize) yield source.subarray(at, Math.min(at + chunkSize, source.length));
    return;
  }
  yield* await source();
}

interface EditionGroup {
  product: string;
  name: string;
  edition: number;
  key: Uint8Array;
  expiry?: string;
}

/** One key per dataset edition: the base dataset and its updates in the set share it and one permit. */
function groupEditions(datasets: ProtectedDatasetInput[]): Map<string, EditionGroup> {
  const groups = new Map<string, EditionGroup & { givenKey?: Uint8Array }>();
  for (const d of datasets) {
    const name = baseName(d.fileName);
    const id = `${d.product}/${name.toUpperCase()}`;
    const group = groups.get(id) ?? { product: d.product, name, edition: d.edition, key: new Uint8Array(0) };
    groups.set(id, group);
    if (group.edition !== d.edition) {
      throw new S100Error(
        'invalid_argument',
        `${d.fileName}: editions ${group.edition} and ${d.edition} of one dataset cannot share an exchange set`,
      );
    }
    if (d.key) {
      const key = key16(d.key, `key of ${d.fileName}`);
      if (group.givenKey && toHex(group.givenKey) !== toHex(key)) {
        throw new S100Error('invalid_argument', `${d.fileName}: a base dataset and its updates must be encrypted with the same key`);
      }
      group.givenKey = new Uint8Array(key);
    }
    if (d.expiry !== undefined && group.expiry !== undefined && d.expiry !== group.expiry) {
      throw new S100Error(
        'invalid_argument',
        `${d.fileName}: the datasets of one edition have one permit, so one expiry (${group.expiry} or ${d.expiry})`,
      );
    }
    group.expiry ??= d.expiry;
  }
  for (const group of groups.values()) group.key = group.givenKey ?? createDatasetKey();
  return groups;
}

function certificateContainer(server: DataServerInput): { container: CertificateContainer; certificateId: string } {
  const schemeAdministratorId = server.schemeAdministratorId ?? commonNameOf(server.identity.schemeAdministrator.subject);
  const certificateId = server.certificateId ?? commonNameOf(server.identity.certificate.subject);
  return {
    certificateId,
    container: {
      schemeAdministratorId,
      certificates: [{ id: certificateId, issuer: schemeAdministratorId, der: new Uint8Array(server.identity.certificate.raw) }],
    },
  };
}

/**
 * The protected exchange set as zip chunks, made as they are pulled (a slow consumer slows the
 * build; memory stays bounded). The generator's return value is the report.
 */
export async function* generateProtectedExchangeSet(
  options: BuildProtectedExchangeSetOptions,
): AsyncGenerator<Uint8Array, ProtectedExchangeSetReport, undefined> {
  const date = options.date ?? new Date();
  const chunkSize = options.chunkSize ?? 1 << 20;
  const identifier = options.identifier ?? randomUUID();
  if (options.datasets.length === 0) throw new S100Error('invalid_argument', 'an exchange set needs at least one dataset');
  const userPermit = parseUserPermit(options.device.userPermit).userPermit;
  const hwId = key16(options.device.hwId, 'HW_ID');
  const paths = new Set<string>();
  // Everything the catalogue and permit need is checked before the first byte goes out.
  for (const d of options.datasets) {
    const path = datasetPath(d.product, d.fileName);
    checkCatalogueDataset(d, d.fileName);
    if (paths.has(path.toUpperCase())) throw new S100Error('invalid_argument', `${d.fileName} is in the list twice`);
    paths.add(path.toUpperCase());
  }
  const groups = groupEditions(options.datasets);
  const server = options.dataServer;
  const { container, certificateId } = certificateContainer(server);
  const signStandalone = (fileName: string, bytes: Uint8Array): Uint8Array =>
    new TextEncoder().encode(
      writeStandaloneSignature({
        fileName,
        certificates: container,
        signature: { id: fileName.replace('.', '_'), certificateRef: certificateId, value: signBytes(server.identity.privateKey, bytes) },
      }),
    );

  const zip = new ZipStream(date);
  const products = new Map<string, ProductPermits>();
  for (const g of groups.values()) {
    const permits = products.get(g.product) ?? { productId: g.product, permits: [] };
    permits.permits.push({ fileName: g.name, editionNumber: g.edition, expiry: g.expiry, encryptedKey: encryptDatasetKey(g.key, hwId) });
    products.set(g.product, permits);
  }
  const permitXml = new TextEncoder().encode(
    writePermitFile({
      header: {
        issueDate: isoDate(date),
        dataServerName: server.name,
        dataServerIdentifier: server.identifier,
        version: S100_EDITION,
        userPermit,
      },
      products: [...products.values()],
    }),
  );
  zip.addFile('PERMIT.XML', permitXml);
  zip.addFile('PERMIT.SIGN', signStandalone('PERMIT.XML', permitXml));
  yield* zip.take();

  const built: BuiltDataset[] = [];
  const catalogueDatasets: CatalogueDataset[] = [];
  for (const d of options.datasets) {
    const path = datasetPath(d.product, d.fileName);
    const group = groups.get(`${d.product}/${baseName(d.fileName).toUpperCase()}`)!;
    const entry = zip.openEntry(`${ROOT}/${path}`);
    const signer = createSigner(server.identity.privateKey);
    const cipher = createDatasetEncryptor(group.key);
    let plainSize = 0;
    let encryptedSize = 0;
    for await (const chunk of chunksOf(d.data, chunkSize)) {
      plainSize += chunk.length;
      signer.update(chunk);
      const out = cipher.update(chunk);
      encryptedSize += out.length;
      if (out.length) entry.push(out);
      yield* zip.take();
    }
    const last = cipher.final();
    encryptedSize += last.length;
    entry.push(last, true);
    yield* zip.take();
    built.push({
      product: d.product,
      fileName: d.fileName,
      path: `${ROOT}/${path}`,
      edition: d.edition,
      update: d.update,
      plainSize,
      encryptedSize,
    });
    catalogueDatasets.push({
      path,
      product: d.product,
      productSpecification: d.productSpecification,
      edition: d.edition,
      update: d.update,
      issueDate: d.issueDate,
      bbox: d.bbox,
      description: d.description,
      purpose: d.purpose,
      notForNavigation: d.notForNavigation,
      navigationPurpose: d.navigationPurpose,
      producer: d.producer,
      isEncrypted: true,
      signature: { id: `SIG-${d.fileName}`, certificateRef: certificateId, value: signer.sign() },
    });
  }

  const catalogueSupportFiles: CatalogueSupportFile[] = [];
  for (const f of options.supportFiles ?? []) {
    const path = supportFilePath(f.product, f.fileName);
    if (paths.has(path.toUpperCase())) throw new S100Error('invalid_argument', `${f.fileName} is in the list twice`);
    paths.add(path.toUpperCase());
    const entry = zip.openEntry(`${ROOT}/${path}`);
    const signer = createSigner(server.identity.privateKey);
    for await (const chunk of chunksOf(f.data, chunkSize)) {
      signer.update(chunk);
      entry.push(chunk);
      yield* zip.take();
    }
    entry.push(new Uint8Array(0), true);
    catalogueSupportFiles.push({
      path,
      edition: f.edition,
      issueDate: f.issueDate,
      dataType: f.dataType,
      revisionStatus: f.revisionStatus,
      supportedResources: f.supportedResources,
      signature: { id: `SIG-${f.fileName}`, certificateRef: certificateId, value: signer.sign() },
    });
  }

  const catalogue = new TextEncoder().encode(
    writeCatalogue({
      identifier,
      dateTime: date,
      dataServer: { name: server.name, identifier: server.identifier },
      certificates: container,
      datasets: catalogueDatasets,
      supportFiles: catalogueSupportFiles,
    }),
  );
  zip.addFile(`${ROOT}/CATALOG.XML`, catalogue);
  zip.addFile(`${ROOT}/CATALOG.SIGN`, signStandalone('CATALOG.XML', catalogue));
  zip.end();
  yield* zip.take();
  return {
    identifier,
    datasets: built,
    keys: [...groups.values()].map((g) => ({ product: g.product, name: g.name, edition: g.edition, key: g.key })),
    size: zip.size,
  };
}

/**
 * Builds the set into `write` (awaited per chunk: return a promise to apply back-pressure, e.g.
 * a stream's 'drain'). Returns the report.
 */
export async function buildProtectedExchangeSet(
  options: BuildProtectedExchangeSetOptions,
  write: (chunk: Uint8Array) => void | Promise<void>,
): Promise<ProtectedExchangeSetReport> {
  const chunks = generateProtectedExchangeSet(options);
  for (;;) {
    const next = await chunks.next();
    if (next.done) return next.value;
    await write(next.value);
  }
}
