// Reads a Part 15 protected exchange set as a client does: checks PERMIT.SIGN and CATALOG.SIGN (and
// the certificates' chain to the scheme administrator the caller trusts), unwraps each dataset key
// with the system's HW_ID, decrypts each dataset and checks the catalogue's signature over the
// plaintext. Entries are read one at a time through a ZipSource (a file or bytes), in bounded memory.
import { X509Certificate } from 'node:crypto';
import { isS63Error, listZipEntriesFrom, readZipEntryFrom, type ZipEntry, type ZipLimits, type ZipSource } from '@chartroom/s63';
import { key16 } from './bytes.js';
import { readCatalogue, type CatalogueEntry, type ReadCatalogue } from './catalogue-reader.js';
import { checkCertificateChain } from './certificates.js';
import { decryptDataset } from './dataset-cipher.js';
import { S100Error, isS100Error, type S100ErrorCode } from './errors.js';
import { decryptDatasetKey, parsePermitFile, permitCovers, type DatasetPermit, type PermitFile } from './permit-file.js';
import { verifyBytes } from './signing.js';
import { parseStandaloneSignature, referencedCertificate, type CertificateContainer } from './standalone-signature.js';

export type SignatureStatus = 'valid' | 'invalid' | 'untrusted' | 'missing';

export interface SignatureCheck {
  /** The signed file, e.g. PERMIT.XML. */
  file: string;
  status: SignatureStatus;
  /** The signing certificate's subject, when one was found. */
  signer?: string;
  reason?: string;
}

export type DatasetStatus =
  'decrypted' | 'verified' | 'not_decrypted' | 'no_permit' | 'permit_expired' | 'wrong_key' | 'bad_signature' | 'missing' | 'corrupt';

export interface ReadDataset {
  kind: 'dataset' | 'supportFile';
  /** The entry's path in the zip. */
  path: string;
  fileName: string;
  product?: string;
  edition?: number;
  update?: number;
  issueDate?: string;
  isEncrypted: boolean;
  /** decrypted (and its signature checked), verified (unencrypted, signature checked), or why not. */
  status: DatasetStatus;
  reason?: string;
  /** Plaintext size when decrypted. */
  size?: number;
  permitExpiry?: string;
  /** False when the signature verified but its certificate does not chain to the trusted scheme administrator (or none was given). */
  isSignerTrusted?: boolean;
}

export interface ProtectedExchangeSet {
  catalogue?: Pick<ReadCatalogue, 'namespace' | 'identifier' | 'dateTime' | 'dataServerIdentifier'>;
  permits: PermitFile[];
  signatures: SignatureCheck[];
  datasets: ReadDataset[];
  /** Every signature valid and trusted, every dataset decrypted or verified. */
  isValid: boolean;
}

export interface ReadProtectedExchangeSetOptions {
  /** The scheme administrator certificate (PEM, DER or parsed) the client trusts; without it, signatures are checked but not their chain ('untrusted'). */
  schemeAdministrator?: X509Certificate | string | Uint8Array;
  /** The system's HW_ID (32 hex or 16 bytes); without it nothing is decrypted. */
  hwId?: string | Uint8Array;
  /** For certificate validity; now by default. */
  date?: Date;
  limits?: Partial<ZipLimits>;
  /** Each decrypted (or verified) file's plaintext, awaited before the next entry is read. */
  onData?: (dataset: ReadDataset, data: Uint8Array) => void | Promise<void>;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

function mapZipError(err: unknown): never {
  if (isS63Error(err)) {
    const code: S100ErrorCode =
      err.code === 'zip_unsafe' || err.code === 'limit_exceeded' || err.code === 'not_found' || err.code === 'invalid_argument'
        ? err.code
        : 'corrupt';
    throw new S100Error(code, err.message);
  }
  throw err;
}

function findEntry(entries: ZipEntry[], name: string): ZipEntry | undefined {
  const upper = name.toUpperCase();
  const matches = entries.filter((e) => !e.isDirectory && (e.name.toUpperCase() === upper || e.name.toUpperCase().endsWith(`/${upper}`)));
  // The shallowest one: PERMIT.XML beside S100_ROOT rather than one deeper in.
  return matches.sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];
}

function toCertificate(value: X509Certificate | string | Uint8Array): X509Certificate {
  if (value instanceof X509Certificate) return value;
  try {
    return new X509Certificate(typeof value === 'string' ? value : Buffer.from(value));
  } catch {
    throw new S100Error('corrupt', 'the trusted scheme administrator certificate is not a PEM or DER X.509 certificate');
  }
}

function signerOf(
  container: CertificateContainer,
  ref: string,
  what: string,
  trusted: X509Certificate | undefined,
  date: Date,
): { certificate: X509Certificate; check: Omit<SignatureCheck, 'file'> } {
  const certificate = referencedCertificate(container, ref, what);
  const signer = certificate.subject.replaceAll('\n', ', ');
  if (!trusted)
    return {
      certificate,
      check: { status: 'untrusted', signer, reason: 'no scheme administrator certificate given to check the chain against' },
    };
  try {
    checkCertificateChain(certificate, trusted, date);
    return { certificate, check: { status: 'valid', signer } };
  } catch (err) {
    if (isS100Error(err)) return { certificate, check: { status: 'untrusted', signer, reason: err.message } };
    throw err;
  }
}

export async function readProtectedExchangeSet(
  source: ZipSource,
  options: ReadProtectedExchangeSetOptions = {},
): Promise<ProtectedExchangeSet> {
  const date = options.date ?? new Date();
  const trusted = options.schemeAdministrator ? toCertificate(options.schemeAdministrator) : undefined;
  const hwId = options.hwId !== undefined ? key16(options.hwId, 'HW_ID') : undefined;
  const entries = await listZipEntriesFrom(source, options.limits).catch(mapZipError);
  const read = (entry: ZipEntry): Promise<Uint8Array> => readZipEntryFrom(source, entry, options.limits).catch(mapZipError);

  /** Checks a standalone signature file over the bytes of the file it names. */
  const checkStandalone = async (signedName: string, signed: ZipEntry | undefined): Promise<SignatureCheck> => {
    const signName = signedName.replace(/\.XML$/i, '.SIGN');
    const signEntry = signed ? findEntry(entries, signed.name.replace(/\.XML$/i, '.SIGN')) : undefined;
    if (!signed) return { file: signedName, status: 'missing', reason: `no ${signedName} in the set` };
    if (!signEntry) return { file: signedName, status: 'missing', reason: `no ${signName} beside ${signed.name}` };
    try {
      const sign = parseStandaloneSignature(await read(signEntry), signName);
      const { certificate, check } = signerOf(sign.certificates, sign.signature.certificateRef, signName, trusted, date);
      if (!verifyBytes(certificate, await read(signed), sign.signature.value)) {
        return {
          file: signedName,
          status: 'invalid',
          signer: check.signer,
          reason: `${signName} does not verify over ${signedName} (changed after signing)`,
        };
      }
      return { file: signedName, ...check };
    } catch (err) {
      if (isS100Error(err)) return { file: signedName, status: 'invalid', reason: err.message };
      throw err;
    }
  };

  const permitEntry = findEntry(entries, 'PERMIT.XML');
  const catalogueEntry = findEntry(entries, 'CATALOG.XML');
  const signatures = [await checkStandalone('PERMIT.XML', permitEntry), await checkStandalone('CATALOG.XML', catalogueEntry)];
  if (!catalogueEntry) throw new S100Error('not_found', 'no CATALOG.XML in the exchange set: not an S-100 exchange set');
  const catalogue = readCatalogue(await read(catalogueEntry));
  const folder = catalogueEntry.name.slice(0, catalogueEntry.name.lastIndexOf('/') + 1);
  const permitSignature = signatures[0]!;
  const permits = permitEntry ? parsePermitFile(await read(permitEntry)) : [];
  const permitList: (DatasetPermit & { productId: string })[] = permits.flatMap((f) =>
    f.products.flatMap((p) => p.permits.map((dp) => ({ ...dp, productId: p.productId }))),
  );
  const certificates: CertificateContainer = {
    schemeAdministratorId: catalogue.certificates[0]?.schemeAdministratorId ?? '',
    certificates: catalogue.certificates.flatMap((c) => c.certificates),
  };

  const datasets: ReadDataset[] = [];
  for (const item of catalogue.entries) {
    const result = await readItem(item);
    datasets.push(result.report);
    if (result.data && options.onData) await options.onData(result.report, result.data);
  }

  async function readItem(item: CatalogueEntry): Promise<{ report: ReadDataset; data?: Uint8Array }> {
    const path = `${folder}${item.path}`;
    const report: ReadDataset = {
      kind: item.kind,
      path,
      fileName: baseName(item.path),
      product: item.product,
      edition: item.edition,
      update: item.update,
      issueDate: item.issueDate,
      isEncrypted: item.isEncrypted,
      status: 'not_decrypted',
    };
    const fail = (status: DatasetStatus, reason: string): { report: ReadDataset } => ({ report: { ...report, status, reason } });
    const entry = entries.find((e) => e.name === path);
    if (!entry) return fail('missing', `the catalogue lists ${item.path}, which the set does not hold`);
    let data = await read(entry);
    if (item.isEncrypted) {
      if (!hwId) return fail('not_decrypted', 'encrypted; give the HW_ID to decrypt it');
      if (permitSignature.status === 'invalid' || permitSignature.status === 'missing')
        return fail('no_permit', `PERMIT.XML is not usable: ${permitSignature.reason}`);
      const permit = permitList.find(
        (p) =>
          permitCovers(p.fileName, report.fileName) &&
          (p.editionNumber === undefined || p.editionNumber === item.edition) &&
          (!p.productId || !item.product || p.productId === item.product),
      );
      if (!permit)
        return fail('no_permit', `PERMIT.XML has no permit for ${report.fileName}${item.edition ? ` edition ${item.edition}` : ''}`);
      report.permitExpiry = permit.expiry;
      // Part 15: datasets issued after the permit's expiry may not be installed.
      if (permit.expiry && item.issueDate && item.issueDate > permit.expiry) {
        return fail('permit_expired', `issued ${item.issueDate}, after the permit expired on ${permit.expiry}`);
      }
      try {
        data = decryptDataset(data, decryptDatasetKey(permit.encryptedKey, hwId));
      } catch (err) {
        if (isS100Error(err)) return fail(err.code === 'wrong_key' ? 'wrong_key' : 'corrupt', err.message);
        throw err;
      }
    }
    const signature = item.signatures.find((s) => s.dataStatus === undefined || s.dataStatus === 'unencrypted');
    if (!signature)
      return { report: { ...report, status: 'bad_signature', reason: 'the catalogue has no signature over the unencrypted file' }, data };
    try {
      const { certificate, check } = signerOf(certificates, signature.certificateRef, 'CATALOG.XML', trusted, date);
      if (!verifyBytes(certificate, data, signature.value)) {
        return fail(
          item.isEncrypted ? 'wrong_key' : 'bad_signature',
          item.isEncrypted
            ? 'decrypted, but not to the signed bytes (a key for another HW_ID?)'
            : 'the signature does not verify over the file',
        );
      }
      const status = item.isEncrypted ? 'decrypted' : 'verified';
      return {
        report: {
          ...report,
          status,
          size: data.length,
          ...(check.status === 'untrusted' ? { reason: `signature valid, certificate ${check.reason}` } : {}),
        },
        data,
      };
    } catch (err) {
      if (isS100Error(err)) return fail('bad_signature', err.message);
      throw err;
    }
  }

  const isValid =
    signatures.every((s) => s.status === 'valid') &&
    datasets.every((d) => d.status === 'decrypted' || d.status === 'verified') &&
    !datasets.some((d) => d.reason?.startsWith('signature valid, certificate'));
  return {
    catalogue: {
      namespace: catalogue.namespace,
      identifier: catalogue.identifier,
      dateTime: catalogue.dateTime,
      dataServerIdentifier: catalogue.dataServerIdentifier,
    },
    permits,
    signatures,
    datasets,
    isValid,
  };
}
