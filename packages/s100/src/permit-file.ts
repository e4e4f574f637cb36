// PERMIT.XML of Part 15 (clause 15-7.4; element Permit of the S100SE schema): a header (issue date,
// data server name and id, the S-100 edition, the user permit the file is for) and, per product,
// one datasetPermit per dataset: its name, edition, expiry and the dataset key encrypted with the
// system's HW_ID (one AES-128 block, hex). A name without extension covers the base dataset and
// its updates (they share the edition's key).
import { isHex, key16, toHex } from './bytes.js';
import { S100Error } from './errors.js';
import { decryptBlock, encryptBlock } from './user-permit.js';
import { NS, childOf, childrenOf, escapeXml, leaf, parseXml, textAt } from './xml.js';

export const S100_EDITION = '5.2.0';

export interface DatasetPermit {
  /** The dataset's name; with no extension it covers the base dataset and its updates. */
  fileName: string;
  editionNumber?: number;
  /** YYYY-MM-DD, for products without editions. */
  issueDate?: string;
  /** YYYY-MM-DD: datasets issued after this day may not be installed. */
  expiry?: string;
  /** The dataset key encrypted with the HW_ID, 32 upper-case hex characters. */
  encryptedKey: string;
}

export interface ProductPermits {
  /** The product specification, e.g. S-101. */
  productId: string;
  permits: DatasetPermit[];
}

export interface PermitHeader {
  /** YYYY-MM-DD */
  issueDate: string;
  dataServerName: string;
  dataServerIdentifier: string;
  /** The S-100 edition, 5.2.0 here. */
  version: string;
  /** The 46-character user permit the file is made for. */
  userPermit: string;
}

export interface PermitFile {
  header: PermitHeader;
  products: ProductPermits[];
}

/** The dataset key wrapped for one system: AES-128 of the key with the HW_ID as key, one block, hex. */
export function encryptDatasetKey(datasetKey: Uint8Array | string, hwId: Uint8Array | string): string {
  return toHex(encryptBlock(key16(hwId, 'HW_ID'), key16(datasetKey, 'dataset key')));
}

export function decryptDatasetKey(encryptedKey: string, hwId: Uint8Array | string): Uint8Array {
  if (encryptedKey.length !== 32 || !isHex(encryptedKey)) {
    throw new S100Error('corrupt', 'a datasetPermit encryptedKey must be 32 hexadecimal characters');
  }
  return decryptBlock(key16(hwId, 'HW_ID'), Buffer.from(encryptedKey, 'hex'));
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(value: string | undefined, what: string): void {
  if (value !== undefined && !DATE_RE.test(value))
    throw new S100Error('invalid_argument', `${what} must be a YYYY-MM-DD date, got ${JSON.stringify(value)}`);
}

export function writePermitFile(file: PermitFile): string {
  checkDate(file.header.issueDate, 'permit issue date');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Permit xmlns="${NS.se}">`,
    '  <header>',
    `    ${leaf('issueDate', file.header.issueDate)}`,
    `    ${leaf('dataServerName', file.header.dataServerName)}`,
    `    ${leaf('dataServerIdentifier', file.header.dataServerIdentifier)}`,
    `    ${leaf('version', file.header.version)}`,
    `    ${leaf('userpermit', file.header.userPermit)}`,
    '  </header>',
    '  <products>',
  ];
  for (const product of file.products) {
    lines.push(`    <product id="${escapeXml(product.productId)}">`);
    for (const p of product.permits) {
      checkDate(p.expiry, `expiry of ${p.fileName}`);
      checkDate(p.issueDate, `issue date of ${p.fileName}`);
      lines.push(
        '      <datasetPermit>',
        ...[
          leaf('filename', p.fileName),
          leaf('editionNumber', p.editionNumber),
          leaf('issueDate', p.issueDate),
          leaf('expiry', p.expiry),
          leaf('encryptedKey', p.encryptedKey),
        ]
          .filter(Boolean)
          .map((l) => `        ${l}`),
        '      </datasetPermit>',
      );
    }
    lines.push('    </product>');
  }
  lines.push('  </products>', '</Permit>', '');
  return lines.join('\n');
}

/** Reads PERMIT.XML of S-100 5.0, 5.1 or 5.2 (5.2 allows several header/products pairs: all are read). */
export function parsePermitFile(input: string | Uint8Array): PermitFile[] {
  const root = parseXml(input, 'PERMIT.XML');
  if (root.name !== 'Permit' || !root.ns.startsWith('http://www.iho.int/s100/se/')) {
    throw new S100Error('corrupt', 'PERMIT.XML is not an S-100 Permit document');
  }
  const files: PermitFile[] = [];
  let header: PermitHeader | undefined;
  for (const el of root.children) {
    if (el.name === 'header') {
      header = {
        issueDate: textAt(el, 'issueDate') ?? '',
        dataServerName: textAt(el, 'dataServerName') ?? '',
        dataServerIdentifier: textAt(el, 'dataServerIdentifier') ?? '',
        version: textAt(el, 'version') ?? '',
        userPermit: textAt(el, 'userpermit') ?? '',
      };
    } else if (el.name === 'products') {
      if (!header) throw new S100Error('corrupt', 'PERMIT.XML has products before any header');
      const products = childrenOf(el, 'product').map((product) => ({
        productId: product.attributes.id ?? '',
        permits: childrenOf(product, 'datasetPermit').map((dp): DatasetPermit => {
          const edition = textAt(dp, 'editionNumber');
          const encryptedKey = (childOf(dp, 'encryptedKey')?.text ?? '').toUpperCase();
          return {
            fileName: textAt(dp, 'filename') ?? '',
            ...(edition !== undefined ? { editionNumber: Number(edition) } : {}),
            ...(textAt(dp, 'issueDate') !== undefined ? { issueDate: textAt(dp, 'issueDate')!.slice(0, 10) } : {}),
            ...(textAt(dp, 'expiry') !== undefined ? { expiry: textAt(dp, 'expiry')!.slice(0, 10) } : {}),
            encryptedKey,
          };
        }),
      }));
      files.push({ header, products });
    }
  }
  if (files.length === 0) throw new S100Error('corrupt', 'PERMIT.XML has no header and products');
  return files;
}

/** True when a permit's file name covers a dataset file (same name, or same base name when the permit has no extension). */
export function permitCovers(permitFileName: string, datasetFileName: string): boolean {
  const base = datasetFileName.slice(datasetFileName.lastIndexOf('/') + 1).toUpperCase();
  const name = permitFileName.toUpperCase();
  if (name === base) return true;
  return !name.includes('.') && base.replace(/\.[^.]*$/, '') === name;
}
