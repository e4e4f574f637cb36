import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestPki, loadDataServerIdentity, type DataServerIdentity } from '@chartroom/s100';
import { readDataServerIdentityFiles } from '@chartroom/s100/node';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sharedSecret } from '../../lib/shared-secrets.js';
import type { SecretBox } from '../../lib/secret-box.js';

/**
 * The portal as an S-100 Part 15 data server: its P-384 key and certificate, and the scheme
 * administrator's certificate they chain to (what devices trust, published at
 * /api/app/v1/s100/scheme-administrator).
 */
export interface S100DataServer {
  identity: DataServerIdentity;
  /** The scheme administrator's certificate, PEM. */
  schemeAdministratorPem: string;
  name: string;
  identifier: string;
  /** True when the portal made its own test scheme administrator (no S100_*_FILE configured). */
  isTestPki: boolean;
}

interface LocalPki {
  saCertPem: string;
  dsCertPem: string;
  dsKeyPem: string;
}

/**
 * The test scheme administrator and data server, one per installation: made by the first process
 * to start and kept sealed in the database (the database decides the winner, so every process signs
 * with the same key), copied into the data folder for inspection. Certificates already in the data
 * folder (an installation that made them before) seed the database.
 */
async function localPki(dataDir: string, db: Db, box: SecretBox, name: string): Promise<LocalPki> {
  const paths = {
    sa: join(dataDir, 's100-scheme-administrator.pem'),
    cert: join(dataDir, 's100-data-server.pem'),
    key: join(dataDir, 's100-data-server.key.pem'),
  };
  const fromFiles = (): LocalPki | null =>
    existsSync(paths.sa) && existsSync(paths.cert) && existsSync(paths.key)
      ? {
          saCertPem: readFileSync(paths.sa, 'utf8'),
          dsCertPem: readFileSync(paths.cert, 'utf8'),
          dsKeyPem: readFileSync(paths.key, 'utf8'),
        }
      : null;
  const make = (): LocalPki => {
    const pki = createTestPki({ dataServerName: name });
    return {
      saCertPem: pki.schemeAdministrator.certificatePem,
      dsCertPem: pki.dataServer.certificatePem,
      dsKeyPem: pki.dataServer.privateKeyPem,
    };
  };
  const sealed = await sharedSecret(db, 's100-local-data-server', () => box.seal(JSON.stringify(fromFiles() ?? make())));
  const pki = JSON.parse(box.open(sealed).toString('utf8')) as LocalPki;
  writeFileSync(paths.key, pki.dsKeyPem, { mode: 0o600 });
  // Public certificates, but the data folder holds files for the server user only (0600), as every other file there.
  writeFileSync(paths.cert, pki.dsCertPem, { mode: 0o600 });
  writeFileSync(paths.sa, pki.saCertPem, { mode: 0o600 });
  return pki;
}

export async function loadS100DataServer(
  config: Pick<
    Config,
    'S100_SA_CERT_FILE' | 'S100_DS_CERT_FILE' | 'S100_DS_KEY_FILE' | 'S100_DATA_SERVER_NAME' | 'S63_DATA_SERVER_ID' | 'dataDir'
  >,
  store: { db: Db; box: SecretBox },
): Promise<S100DataServer> {
  const files = [config.S100_SA_CERT_FILE, config.S100_DS_CERT_FILE, config.S100_DS_KEY_FILE];
  const given = files.filter((f) => f !== undefined).length;
  if (given !== 0 && given !== 3)
    throw new Error(
      'S100_SA_CERT_FILE, S100_DS_CERT_FILE and S100_DS_KEY_FILE go together: set all three, or none for a test scheme administrator',
    );
  const base = { name: config.S100_DATA_SERVER_NAME, identifier: config.S63_DATA_SERVER_ID };
  if (given === 3) {
    // Checked once at start (chain, validity, key pair) rather than shipped wrong to every ship.
    const identity = readDataServerIdentityFiles({
      schemeAdministratorCertificateFile: config.S100_SA_CERT_FILE!,
      dataServerCertificateFile: config.S100_DS_CERT_FILE!,
      dataServerKeyFile: config.S100_DS_KEY_FILE!,
    });
    return { ...base, identity, schemeAdministratorPem: identity.schemeAdministrator.toString(), isTestPki: false };
  }
  const pki = await localPki(config.dataDir, store.db, store.box, config.S100_DATA_SERVER_NAME);
  const identity = loadDataServerIdentity({
    schemeAdministratorCertificatePem: pki.saCertPem,
    dataServerCertificatePem: pki.dsCertPem,
    dataServerKeyPem: pki.dsKeyPem,
  });
  return { ...base, identity, schemeAdministratorPem: pki.saCertPem, isTestPki: true };
}
