import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
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

export async function loadDataServerKey(
  config: Pick<Config, 'S63_DS_KEY_FILE' | 'S63_DS_CERT_FILE' | 'dataDir'>,
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
  return {
    certificate,
    localSaPublicKeyPem: local?.saPem ?? null,
    signFile(data) {
      const { r, s } = signP1363(privateKey, data);
      return writeSignatureFile(r, s, certificate);
    },
  };
}
