import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  parseSignatureFile,
  toFixedBytes,
  writeDataServerCertificate,
  writePublicKeyText,
  writeSignatureFile,
  type DsaPublicKey,
} from '@chartroom/s63';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sharedSecret } from '../../lib/shared-secrets.js';
import type { SecretBox } from '../../lib/secret-box.js';

/**
 * The portal as an S-63 data server: a DSA key and the certificate (the Scheme Administrator's
 * signature over the public key). A real deployment configures both (S63_DS_KEY_FILE,
 * S63_DS_CERT_FILE, the certificate signed by the IHO); without them a key and a local test SA are
 * generated into the data folder, so exchange sets are signed and verifiable against that SA.
 */
export interface DataServerKey {
  /** r‖s (20 + 20 bytes) over the SHA-1 of the file, as an S-63 signature file. */
  signFile(data: Uint8Array): string;
  certificate: string;
  /** PEM public key of the SA that signed the certificate, when the portal made it (demo and tests). */
  localSaPublicKeyPem: string | null;
  /**
   * The SA's public key apps check the certificate with, as PEM and in the S-63 text form (IHO.PUB):
   * the local test SA's, or S63_SA_PUBLIC_KEY_FILE's; null when a configured portal names none.
   */
  schemeAdministrator: { pem: string; text: string; isTest: boolean } | null;
}

/** Minimal DER walk: the DSA SubjectPublicKeyInfo's p, q, g and y. */
function readDsaPublicKey(key: KeyObject): DsaPublicKey {
  const der = key.export({ type: 'spki', format: 'der' });
  let pos = 0;
  const readHeader = () => {
    const tag = der[pos++]!;
    let len = der[pos++]!;
    if (len & 0x80) {
      const n = len & 0x7f;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + der[pos++]!;
    }
    return { tag, len };
  };
  const readInt = () => {
    const { tag, len } = readHeader();
    if (tag !== 0x02) throw new Error('DSA key: expected an INTEGER');
    const value = der.subarray(pos, pos + len);
    pos += len;
    return new Uint8Array(value);
  };
  readHeader(); // SubjectPublicKeyInfo
  readHeader(); // AlgorithmIdentifier
  const oid = readHeader();
  pos += oid.len;
  readHeader(); // Dss-Parms
  const p = readInt();
  const q = readInt();
  const g = readInt();
  readHeader(); // BIT STRING
  pos += 1; // unused-bits byte
  const y = readInt();
  return { p, q, g, y };
}

/** A signature half as the SA key's q length (P1363 halves are fixed-size). */
function fixed(half: Uint8Array, saKey: KeyObject): Uint8Array {
  const qBytes = Math.ceil((saKey.asymmetricKeyDetails?.divisorLength ?? 160) / 8);
  return toFixedBytes(Buffer.from(half).toString('hex'), qBytes);
}

function signP1363(key: KeyObject, data: Uint8Array): { r: Uint8Array; s: Uint8Array } {
  const sig = sign('sha1', data, { key, dsaEncoding: 'ieee-p1363' });
  const half = sig.length / 2;
  return { r: toFixedBytes(sig.subarray(0, half).toString('hex'), half), s: toFixedBytes(sig.subarray(half).toString('hex'), half) };
}

interface LocalKeys {
  keyPem: string;
  certificate: string;
  saPem: string;
}

/**
 * The generated key and local SA, one per installation: kept in the database (sealed with the data
 * key) so every process signs with the same key, and copied into the data folder for inspection.
 * An installation that generated them into its data folder before seeds the database with those.
 */
async function localKeys(dataDir: string, db: Db, box: SecretBox): Promise<LocalKeys> {
  const paths = {
    key: join(dataDir, 's63-data-server.key.pem'),
    cert: join(dataDir, 's63-data-server.cert.txt'),
    sa: join(dataDir, 's63-local-sa.pub.pem'),
  };
  const fromFiles = (): LocalKeys | null =>
    existsSync(paths.key) && existsSync(paths.cert) && existsSync(paths.sa)
      ? { keyPem: readFileSync(paths.key, 'utf8'), certificate: readFileSync(paths.cert, 'latin1'), saPem: readFileSync(paths.sa, 'utf8') }
      : null;
  const sealed = await sharedSecret(db, 's63-local-data-server', () => box.seal(JSON.stringify(fromFiles() ?? generateLocal())));
  const keys = JSON.parse(box.open(sealed).toString('utf8')) as LocalKeys;
  for (const [path, text] of [
    [paths.key, keys.keyPem],
    [paths.cert, keys.certificate],
    [paths.sa, keys.saPem],
  ] as const) {
    writeFileSync(path, text, { mode: 0o600 });
    chmodSync(path, 0o600); // a file an older install wrote keeps its mode otherwise
  }
  return keys;
}

function generateLocal(): LocalKeys {
  const options = { modulusLength: 1024, divisorLength: 160 } as const;
  const ds = generateKeyPairSync('dsa', options);
  const sa = generateKeyPairSync('dsa', options);
  const publicKey = readDsaPublicKey(ds.publicKey);
  const saSig = signP1363(sa.privateKey, Buffer.from(writePublicKeyText(publicKey), 'latin1'));
  const certificate = writeDataServerCertificate(saSig.r, saSig.s, publicKey);
  const keyPem = ds.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const saPem = sa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { keyPem, certificate, saPem };
}

/** The SA key of a PEM (SubjectPublicKeyInfo) or S-63 text (`// BIG p` …) file, in both forms. */
export function readSchemeAdministratorKey(file: string): { pem: string; text: string } {
  if (file.includes('-----BEGIN')) {
    const key = createPublicKey(file);
    return { pem: key.export({ type: 'spki', format: 'pem' }).toString(), text: writePublicKeyText(readDsaPublicKey(key)) };
  }
  // The key text is the last eight lines of a signature file: read it as one with empty signatures.
  const empty = ['// Signature part R:', '00.', '// Signature part S:', '00.'].join('\r\n');
  const key = parseSignatureFile(`${empty}\r\n${empty}\r\n${file.trim()}\r\n`).publicKey;
  return { pem: dsaPublicKeyPem(key), text: writePublicKeyText(key) };
}

/** DER SubjectPublicKeyInfo of a DSA key (OID 1.2.840.10040.4.1), as PEM. */
function dsaPublicKeyPem(key: DsaPublicKey): string {
  const length = (n: number) => (n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff]);
  const tlv = (tag: number, body: Uint8Array) => Uint8Array.from([tag, ...length(body.length), ...body]);
  const int = (b: Uint8Array) => {
    let i = 0;
    while (i < b.length - 1 && b[i] === 0) i++;
    const v = b.subarray(i);
    return tlv(0x02, v[0]! & 0x80 ? Uint8Array.from([0, ...v]) : v);
  };
  const seq = (...parts: Uint8Array[]) => tlv(0x30, Buffer.concat(parts));
  const oid = Uint8Array.from([0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01]);
  const der = seq(seq(oid, seq(int(key.p), int(key.q), int(key.g))), tlv(0x03, Uint8Array.from([0, ...int(key.y)])));
  return createPublicKey({ key: Buffer.from(der), format: 'der', type: 'spki' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
}

export async function loadDataServerKey(
  config: Pick<Config, 'S63_DS_KEY_FILE' | 'S63_DS_CERT_FILE' | 'S63_SA_PUBLIC_KEY_FILE' | 'dataDir'>,
  store: { db: Db; box: SecretBox },
): Promise<DataServerKey> {
  const configured = config.S63_DS_KEY_FILE && config.S63_DS_CERT_FILE;
  const local = configured ? null : await localKeys(config.dataDir, store.db, store.box);
  const privateKey = createPrivateKey(local ? local.keyPem : readFileSync(config.S63_DS_KEY_FILE!, 'utf8'));
  const certificate = local ? local.certificate : readFileSync(config.S63_DS_CERT_FILE!, 'latin1');
  // The certificate must be this key's: checked once at start rather than shipped wrong to every ship.
  const cert = parseSignatureFile(writeSignatureFile(new Uint8Array(20), new Uint8Array(20), certificate));
  const own = readDsaPublicKey(createPublicKey(privateKey));
  const trim = (b: Uint8Array) =>
    Buffer.from(b)
      .toString('hex')
      .replace(/^(00)+/, '');
  if (trim(cert.publicKey.y) !== trim(own.y)) {
    throw new Error('S63_DS_CERT_FILE does not hold the public key of S63_DS_KEY_FILE');
  }
  const saFile = config.S63_SA_PUBLIC_KEY_FILE ? readFileSync(config.S63_SA_PUBLIC_KEY_FILE, 'latin1') : null;
  const schemeAdministrator = local
    ? { ...readSchemeAdministratorKey(local.saPem), isTest: true }
    : saFile
      ? { ...readSchemeAdministratorKey(saFile), isTest: false }
      : null;
  if (schemeAdministrator) {
    // The certificate must be this SA's signature over the data server's key (S-63 §5).
    const saKey = createPublicKey(schemeAdministrator.pem);
    const signature = Buffer.concat([Buffer.from(fixed(cert.saR, saKey)), Buffer.from(fixed(cert.saS, saKey))]);
    if (!verify('sha1', Buffer.from(cert.publicKeyText, 'latin1'), { key: saKey, dsaEncoding: 'ieee-p1363' }, signature)) {
      throw new Error('S63_DS_CERT_FILE is not signed by the scheme administrator key of S63_SA_PUBLIC_KEY_FILE');
    }
  }
  return {
    certificate,
    localSaPublicKeyPem: local?.saPem ?? null,
    schemeAdministrator,
    signFile(data) {
      const { r, s } = signP1363(privateKey, data);
      return writeSignatureFile(r, s, certificate);
    },
  };
}
