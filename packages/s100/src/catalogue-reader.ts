// Reads what a client needs from an S-100 exchange catalogue (any 5.x namespace): the certificates
// and, per dataset and support file, where it is, what it is and its signature.
import { S100Error } from './errors.js';
import { readCertificateContainer, type CertificateContainer } from './standalone-signature.js';
import { childOf, childrenOf, parseXml, textAt, type XmlElement } from './xml.js';

export interface CatalogueSignature {
  id: string;
  certificateRef: string;
  /** unencrypted, compressed or encrypted (S100_SE_SignatureOnData); undefined for a plain digital signature. */
  dataStatus?: string;
  value: Uint8Array;
}

export interface CatalogueEntry {
  kind: 'dataset' | 'supportFile';
  /** The path below the catalogue's folder, normalised ("file:/" and leading slashes removed). */
  path: string;
  product?: string;
  edition?: number;
  update?: number;
  issueDate?: string;
  isEncrypted: boolean;
  signatures: CatalogueSignature[];
}

export interface ReadCatalogue {
  namespace: string;
  identifier?: string;
  dateTime?: string;
  dataServerIdentifier?: string;
  certificates: CertificateContainer[];
  entries: CatalogueEntry[];
}

/** A catalogue file name as a path: "file:/S-101/DATASET_FILES/x.000" and "\\S102\\x.h5" both become relative paths. */
export function cataloguePath(fileName: string): string {
  return fileName
    .trim()
    .replace(/^file:/i, '')
    .replaceAll('\\', '/')
    .replace(/^\/+/, '');
}

const numberAt = (el: XmlElement, name: string): number | undefined => {
  const text = textAt(el, name);
  return text === undefined || text === '' ? undefined : Number(text);
};

function signaturesOf(el: XmlElement): CatalogueSignature[] {
  return childrenOf(el, 'digitalSignatureValue').flatMap((value) =>
    value.children.map((s) => ({
      id: s.attributes.id ?? '',
      certificateRef: s.attributes.certificateRef ?? '',
      dataStatus: s.attributes.dataStatus,
      value: new Uint8Array(Buffer.from(s.text.replace(/\s+/g, ''), 'base64')),
    })),
  );
}

export function readCatalogue(input: string | Uint8Array): ReadCatalogue {
  const root = parseXml(input, 'CATALOG.XML');
  if (root.name !== 'S100_ExchangeCatalogue' || !root.ns.startsWith('http://www.iho.int/s100/xc/')) {
    throw new S100Error(
      'corrupt',
      `CATALOG.XML is not an S-100 5.x exchange catalogue (root ${root.name} in ${root.ns || 'no namespace'})`,
    );
  }
  const entries: CatalogueEntry[] = [];
  for (const el of childrenOf(childOf(root, 'datasetDiscoveryMetadata'), 'S100_DatasetDiscoveryMetadata')) {
    entries.push({
      kind: 'dataset',
      path: cataloguePath(textAt(el, 'fileName') ?? ''),
      product: textAt(el, 'productSpecification', 'productIdentifier'),
      edition: numberAt(el, 'editionNumber'),
      update: numberAt(el, 'updateNumber'),
      issueDate: textAt(el, 'issueDate')?.slice(0, 10),
      isEncrypted: textAt(el, 'dataProtection') === 'true',
      signatures: signaturesOf(el),
    });
  }
  for (const el of childrenOf(childOf(root, 'supportFileDiscoveryMetadata'), 'S100_SupportFileDiscoveryMetadata')) {
    entries.push({
      kind: 'supportFile',
      path: cataloguePath(textAt(el, 'fileName') ?? ''),
      edition: numberAt(el, 'editionNumber'),
      issueDate: textAt(el, 'issueDate')?.slice(0, 10),
      isEncrypted: false,
      signatures: signaturesOf(el),
    });
  }
  return {
    namespace: root.ns,
    identifier: textAt(root, 'identifier', 'identifier'),
    dateTime: textAt(root, 'identifier', 'dateTime'),
    dataServerIdentifier: textAt(root, 'dataServerIdentifier'),
    certificates: childrenOf(root, 'certificates').map((c) => readCertificateContainer(c, 'CATALOG.XML')),
    entries,
  };
}
