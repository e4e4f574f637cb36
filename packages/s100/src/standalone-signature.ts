// The standalone signature files of Part 15 (CATALOG.SIGN, PERMIT.SIGN; element StandaloneDigitalSignature
// of the S100SE schema): the signed file's name, the certificates needed to trace the signature to
// the scheme administrator (the SA's own certificate is not carried: clients hold it already), and
// the signature itself, base64 of the DER ECDSA signature over the file's exact bytes.
import { X509Certificate } from 'node:crypto';
import { S100Error } from './errors.js';
import { NS, childOf, childrenOf, escapeXml, leaf, parseXml } from './xml.js';

export interface CertificateEntry {
  id: string;
  /** The id of the issuer: the scheme administrator's id, or another entry's. */
  issuer: string;
  der: Uint8Array;
}

export interface CertificateContainer {
  schemeAdministratorId: string;
  certificates: CertificateEntry[];
}

export interface StandaloneSignature {
  fileName: string;
  certificates: CertificateContainer;
  signature: { id: string; certificateRef: string; value: Uint8Array };
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

/** The certificates container's inner elements, with the given prefix for the S100SE namespace. */
export function writeCertificateElements(container: CertificateContainer, prefix: string): string {
  return [
    `<${prefix}schemeAdministrator id="${escapeXml(container.schemeAdministratorId)}"/>`,
    ...container.certificates.map((c) => leaf(`${prefix}certificate`, base64(c.der), { id: c.id, issuer: c.issuer })),
  ].join('\n    ');
}

export function writeStandaloneSignature(file: StandaloneSignature): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<S100SE:StandaloneDigitalSignature xmlns:S100SE="${NS.se}">`,
    `  ${leaf('S100SE:filename', file.fileName)}`,
    '  <S100SE:certificates>',
    `    ${writeCertificateElements(file.certificates, 'S100SE:')}`,
    '  </S100SE:certificates>',
    `  ${leaf('S100SE:digitalSignature', base64(file.signature.value), { id: file.signature.id, certificateRef: file.signature.certificateRef })}`,
    '</S100SE:StandaloneDigitalSignature>',
    '',
  ].join('\n');
}

function fromBase64(text: string, what: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 !== 0) throw new S100Error('corrupt', `${what} is not base64`);
  return new Uint8Array(Buffer.from(clean, 'base64'));
}

/** Reads the certificates of a container element (S100SE certificate container type). */
export function readCertificateContainer(el: ReturnType<typeof childOf>, what: string): CertificateContainer {
  const schemeAdministratorId = childOf(el, 'schemeAdministrator')?.attributes.id;
  if (schemeAdministratorId === undefined) throw new S100Error('corrupt', `${what} has no schemeAdministrator`);
  const certificates = childrenOf(el, 'certificate').map((c) => ({
    id: c.attributes.id ?? '',
    issuer: c.attributes.issuer ?? '',
    der: fromBase64(c.text, `${what}: certificate ${c.attributes.id ?? ''}`),
  }));
  return { schemeAdministratorId, certificates };
}

export function parseStandaloneSignature(input: string | Uint8Array, what = 'signature file'): StandaloneSignature {
  const root = parseXml(input, what);
  if (root.name !== 'StandaloneDigitalSignature' || !root.ns.startsWith('http://www.iho.int/s100/se/')) {
    throw new S100Error('corrupt', `${what} is not an S-100 StandaloneDigitalSignature`);
  }
  const signature = childOf(root, 'digitalSignature');
  if (!signature) throw new S100Error('corrupt', `${what} has no digitalSignature`);
  return {
    fileName: childOf(root, 'filename')?.text ?? '',
    certificates: readCertificateContainer(childOf(root, 'certificates'), what),
    signature: {
      id: signature.attributes.id ?? '',
      certificateRef: signature.attributes.certificateRef ?? '',
      value: fromBase64(signature.text, `${what}: digitalSignature`),
    },
  };
}

/** The certificate a signature refers to, parsed; `corrupt` when it is missing or unreadable. */
export function referencedCertificate(container: CertificateContainer, ref: string, what: string): X509Certificate {
  const entry = container.certificates.find((c) => c.id === ref);
  if (!entry) throw new S100Error('corrupt', `${what} refers to certificate ${JSON.stringify(ref)}, which it does not carry`);
  try {
    return new X509Certificate(entry.der);
  } catch {
    throw new S100Error('corrupt', `${what}: certificate ${JSON.stringify(ref)} is not a DER X.509 certificate`);
  }
}
