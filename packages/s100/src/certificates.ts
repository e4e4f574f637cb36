// The Part 15 public key infrastructure (clause 15-8): a scheme administrator (SA) whose self-signed
// certificate every client trusts, and data servers whose certificates the SA issues. Keys are ECDSA
// on P-384 and certificates are X.509 v3 signed with ECDSA-SHA384. A real data server gets its
// certificate from the IHO; createTestPki makes a stand-in pair for tests and for a portal that has
// none configured. Certificates are written with the small DER writer (der.ts) and checked with
// Node's own X509Certificate.
import {
  X509Certificate,
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import {
  bitString,
  boolean,
  explicit,
  implicit,
  integer,
  objectIdentifier,
  octetString,
  printableString,
  sequence,
  set,
  time,
  utf8String,
} from './der.js';
import { S100Error } from './errors.js';

const OID = {
  ecdsaWithSha384: '1.2.840.10045.4.3.3',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
};
const DAY = 86_400_000;

export interface CertificateSubject {
  commonName: string;
  organization?: string;
  /** Two letters (ISO 3166). */
  country?: string;
}

/** A certificate and its private key, both PEM (the key as PKCS#8). */
export interface CertificateWithKey {
  certificatePem: string;
  privateKeyPem: string;
}

export interface CertificateOptions {
  subject: CertificateSubject;
  /** Start of validity; now minus one day by default (clocks differ). */
  notBefore?: Date;
  /** End of validity; notBefore plus `validDays` by default. */
  notAfter?: Date;
  validDays?: number;
}

function name(subject: CertificateSubject): Uint8Array {
  const rdn = (oid: string, value: Uint8Array): Uint8Array => set(sequence(objectIdentifier(oid), value));
  return sequence(
    ...(subject.country ? [rdn(OID.country, printableString(subject.country))] : []),
    ...(subject.organization ? [rdn(OID.organization, utf8String(subject.organization))] : []),
    rdn(OID.commonName, utf8String(subject.commonName)),
  );
}

const extension = (oid: string, critical: boolean, value: Uint8Array): Uint8Array =>
  sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));

/** RFC 5280 4.2.1.2 method 1: SHA-1 of the subject public key (the BIT STRING's bytes). */
function keyIdentifier(spki: Uint8Array): Uint8Array {
  // P-384 public keys are the last 97 bytes of their SPKI (0x04, x, y).
  return new Uint8Array(
    createHash('sha1')
      .update(spki.subarray(spki.length - 97))
      .digest(),
  );
}

function checkSubject(subject: CertificateSubject): void {
  if (!subject.commonName.trim()) throw new S100Error('invalid_argument', 'a certificate needs a common name');
  if (subject.country !== undefined && !/^[A-Z]{2}$/.test(subject.country)) {
    throw new S100Error('invalid_argument', `certificate country must be two capital letters, got ${JSON.stringify(subject.country)}`);
  }
}

function makeCertificate(options: {
  subject: CertificateSubject;
  issuer: CertificateSubject;
  subjectKey: KeyObject;
  signingKey: KeyObject;
  issuerSpki: Uint8Array;
  isAuthority: boolean;
  notBefore: Date;
  notAfter: Date;
}): string {
  const spki = spkiOf(options.subjectKey);
  const serial = new Uint8Array(randomBytes(16));
  serial[0] = (serial[0]! & 0x7f) | 0x01; // positive and 16 bytes long
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha384));
  const extensions = [
    extension(OID.basicConstraints, true, options.isAuthority ? sequence(boolean(true), integer(0)) : sequence()),
    // keyCertSign and cRLSign (bits 5, 6) for the SA; digitalSignature (bit 0) for a data server.
    extension(OID.keyUsage, true, options.isAuthority ? bitString(Uint8Array.of(0x06), 1) : bitString(Uint8Array.of(0x80), 7)),
    extension(OID.subjectKeyIdentifier, false, octetString(keyIdentifier(spki))),
    extension(OID.authorityKeyIdentifier, false, sequence(implicit(0, keyIdentifier(options.issuerSpki)))),
  ];
  const tbs = sequence(
    explicit(0, integer(2)),
    integer(serial),
    algorithm,
    name(options.issuer),
    sequence(time(options.notBefore), time(options.notAfter)),
    name(options.subject),
    spki,
    explicit(3, sequence(...extensions)),
  );
  const signature = sign('sha384', tbs, { key: options.signingKey, dsaEncoding: 'der' });
  const der = sequence(tbs, algorithm, bitString(new Uint8Array(signature)));
  return new X509Certificate(der).toString();
}

function validity(options: CertificateOptions, defaultDays: number): { notBefore: Date; notAfter: Date } {
  const notBefore = options.notBefore ?? new Date(Date.now() - DAY);
  const notAfter = options.notAfter ?? new Date(notBefore.getTime() + (options.validDays ?? defaultDays) * DAY);
  if (!(notAfter > notBefore)) throw new S100Error('invalid_argument', 'a certificate must end after it starts');
  return { notBefore, notAfter };
}

const spkiOf = (key: KeyObject): Uint8Array =>
  new Uint8Array((key.type === 'public' ? key : createPublicKey(key)).export({ type: 'spki', format: 'der' }));
const newKey = (): KeyObject => generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey;
const pem = (key: KeyObject): string => key.export({ type: 'pkcs8', format: 'pem' }).toString();

/** A self-signed scheme administrator certificate and its key (20 years by default). */
export function createSchemeAdministrator(options: CertificateOptions): CertificateWithKey {
  checkSubject(options.subject);
  const key = newKey();
  const spki = spkiOf(key);
  const certificatePem = makeCertificate({
    subject: options.subject,
    issuer: options.subject,
    subjectKey: key,
    signingKey: key,
    issuerSpki: spki,
    isAuthority: true,
    ...validity(options, 20 * 365),
  });
  return { certificatePem, privateKeyPem: pem(key) };
}

/** A data server certificate issued by the scheme administrator, and the data server's new key (10 years by default). */
export function issueDataServerCertificate(options: CertificateOptions & { issuer: CertificateWithKey }): CertificateWithKey {
  checkSubject(options.subject);
  const issuerCertificate = new X509Certificate(options.issuer.certificatePem);
  const issuerKey = createPrivateKey(options.issuer.privateKeyPem);
  if (!issuerCertificate.checkPrivateKey(issuerKey)) {
    throw new S100Error('invalid_argument', "the scheme administrator's key does not belong to its certificate");
  }
  const key = newKey();
  const { notBefore, notAfter } = validity(options, 10 * 365);
  const certificatePem = makeCertificate({
    subject: options.subject,
    issuer: subjectOf(issuerCertificate),
    subjectKey: key,
    signingKey: issuerKey,
    issuerSpki: spkiOf(issuerCertificate.publicKey),
    isAuthority: false,
    notBefore,
    // A certificate never outlives its issuer's.
    notAfter: new Date(Math.min(notAfter.getTime(), Date.parse(issuerCertificate.validTo))),
  });
  return { certificatePem, privateKeyPem: pem(key) };
}

/** The subject of a certificate as this module writes names (CN, O, C). */
function subjectOf(certificate: X509Certificate): CertificateSubject {
  const field = (key: string): string | undefined => new RegExp(`^${key}=(.*)$`, 'm').exec(certificate.subject)?.[1];
  return { commonName: field('CN') ?? '', organization: field('O'), country: field('C') };
}

export interface TestPki {
  schemeAdministrator: CertificateWithKey;
  dataServer: CertificateWithKey;
}

/**
 * A test scheme administrator and a data server certificate it issues, made in one call (for a
 * portal without an IHO-issued certificate, and for tests). Store the two keys sealed; publish the
 * scheme administrator's certificate to the apps that must trust it.
 */
export function createTestPki(options: { dataServerName: string; organization?: string; country?: string }): TestPki {
  const base = { organization: options.organization, country: options.country };
  const schemeAdministrator = createSchemeAdministrator({
    subject: { commonName: `${options.dataServerName} Test Scheme Administrator`, ...base },
  });
  const dataServer = issueDataServerCertificate({
    issuer: schemeAdministrator,
    subject: { commonName: options.dataServerName, ...base },
  });
  return { schemeAdministrator, dataServer };
}

/** A data server ready to sign: its key and certificate, and the scheme administrator's certificate they chain to. */
export interface DataServerIdentity {
  schemeAdministrator: X509Certificate;
  certificate: X509Certificate;
  privateKey: KeyObject;
}

function parseCertificate(pemText: string, what: string): X509Certificate {
  try {
    return new X509Certificate(pemText);
  } catch {
    throw new S100Error('corrupt', `${what} is not a PEM or DER X.509 certificate`);
  }
}

/**
 * Checks that `certificate` is a P-384 certificate issued and signed by the scheme administrator
 * (itself self-signed and a CA), and that both are valid on `date`. Throws `untrusted_certificate`
 * naming what failed.
 */
export function checkCertificateChain(certificate: X509Certificate, schemeAdministrator: X509Certificate, date = new Date()): void {
  const fail = (why: string): never => {
    throw new S100Error('untrusted_certificate', why);
  };
  if (!schemeAdministrator.verify(schemeAdministrator.publicKey)) fail('the scheme administrator certificate is not self-signed');
  if (!schemeAdministrator.ca) fail('the scheme administrator certificate is not a CA certificate');
  if (certificate.ca || certificate.fingerprint256 === schemeAdministrator.fingerprint256) {
    fail('the data server certificate must be an end-entity certificate, not a CA certificate');
  }
  if (certificate.checkIssued(schemeAdministrator) === false || !certificate.verify(schemeAdministrator.publicKey)) {
    fail(`the certificate "${certificate.subject.replaceAll('\n', ', ')}" is not issued by the trusted scheme administrator`);
  }
  for (const [cert, what] of [
    [schemeAdministrator, 'scheme administrator'],
    [certificate, 'data server'],
  ] as const) {
    if (date < new Date(cert.validFrom) || date > new Date(cert.validTo)) {
      fail(`the ${what} certificate is not valid on ${date.toISOString().slice(0, 10)} (${cert.validFrom} to ${cert.validTo})`);
    }
  }
  if (certificate.publicKey.asymmetricKeyDetails?.namedCurve !== 'secp384r1') fail('the data server certificate is not an ECDSA P-384 key');
}

export interface DataServerPem {
  schemeAdministratorCertificatePem: string;
  dataServerCertificatePem: string;
  dataServerKeyPem: string;
}

/** Loads a data server's PEM files (a configured IHO-issued pair, or a stored test one) and checks the chain and the key. */
export function loadDataServerIdentity(pemFiles: DataServerPem, date = new Date()): DataServerIdentity {
  const schemeAdministrator = parseCertificate(pemFiles.schemeAdministratorCertificatePem, 'the scheme administrator certificate');
  const certificate = parseCertificate(pemFiles.dataServerCertificatePem, 'the data server certificate');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pemFiles.dataServerKeyPem);
  } catch {
    throw new S100Error('corrupt', 'the data server key is not a PEM private key');
  }
  checkCertificateChain(certificate, schemeAdministrator, date);
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new S100Error('invalid_argument', 'the data server key does not belong to the data server certificate');
  }
  return { schemeAdministrator, certificate, privateKey };
}

/** The common name of a certificate's subject or issuer, used as its id in signature files. */
export function commonNameOf(distinguishedName: string): string {
  return /^CN=(.*)$/m.exec(distinguishedName)?.[1] ?? distinguishedName.split('\n')[0] ?? '';
}
