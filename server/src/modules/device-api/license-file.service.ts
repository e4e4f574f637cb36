import { createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { Jwks, SigningKeyInfo } from '@chartroom/contracts/device-api';
import type { Actor } from '../../plugins/auth.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { recordAudit } from '../audit/audit.repository.js';
import { findUserById } from '../users/users.repository.js';
import { listLicensedCells, type DeviceContext } from './device-context.js';
import { listLicensedS100Datasets } from './s100-delivery.js';
import {
  findCurrentSigningKey,
  insertSigningKey,
  listPublishedSigningKeys,
  listSigningKeyStates,
  lockSigningKeys,
  retireCurrentSigningKeys,
} from './signing-keys.repository.js';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

async function createSigningKey(db: DbOrTx, box: SecretBox) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const kid = `ed25519-${new Date().toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  return insertSigningKey(db, {
    kid,
    publicX: jwk.x!,
    privateSealed: box.seal(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
  });
}

async function currentSigningKey(db: Db, box: SecretBox) {
  const row = await findCurrentSigningKey(db);
  if (row) return row;
  return db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    return (await findCurrentSigningKey(tx)) ?? createSigningKey(tx, box);
  });
}

/**
 * Starts signing with a new key. The old one stays in the JWKS until every file it signed has
 * passed its time-to-live, so apps offline across a rotation still verify what they hold.
 */
export async function rotateSigningKey(opts: {
  db: Db;
  box: SecretBox;
  ttlSeconds: number;
  audit?: { actor: Pick<Actor, 'id' | 'email'>; ip: string | null };
}): Promise<{ kid: string; retired: string[] }> {
  return opts.db.transaction(async (tx) => {
    await lockSigningKeys(tx);
    const retired = await retireCurrentSigningKeys(tx, new Date(Date.now() + opts.ttlSeconds * 1000));
    const { kid } = await createSigningKey(tx, opts.box);
    const result = { kid, retired };
    if (opts.audit) {
      await recordAudit(tx, {
        actor: opts.audit.actor,
        action: 'license-key.rotate',
        geocontentId: null,
        subject: result,
        ip: opts.audit.ip,
      });
    }
    return result;
  });
}

/** Every signing key with its state, newest first (for the operator; no private halves). */
export async function listSigningKeys(db: Db): Promise<SigningKeyInfo[]> {
  const rows = await listSigningKeyStates(db);
  return rows.map((r) => ({
    kid: r.kid,
    createdAt: r.createdAt.toISOString(),
    retiredAt: r.retiredAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    published: r.published,
  }));
}

export async function listPublicKeys(db: Db, box: SecretBox): Promise<Jwks> {
  await currentSigningKey(db, box);
  const rows = await listPublishedSigningKeys(db);
  return {
    keys: rows.map((r) => ({
      kty: 'OKP' as const,
      crv: 'Ed25519' as const,
      kid: r.kid,
      x: r.publicX,
      use: 'sig' as const,
      alg: 'EdDSA' as const,
    })),
  };
}

/** The installation's licence as a compact JWS (EdDSA), for an app to check offline. */
export async function issueLicenseFile(opts: {
  db: Db;
  box: SecretBox;
  device: DeviceContext;
  issuer: string;
  ttlSeconds: number;
  ip: string | null;
}): Promise<string> {
  const { db, device } = opts;
  const key = await currentSigningKey(db, opts.box);
  const user = await findUserById(db, device.registration.userId);
  const [licensedCells, licensedDatasets] = await Promise.all([listLicensedCells(db, device), listLicensedS100Datasets(db, device)]);
  const cells = [...licensedCells.values()].filter((c) => c.chart.edition);
  // The S-100 datasets the app may open (S-101, S-102, S-104, S-111), as the entitlements list them.
  const datasets = [...licensedDatasets.values()].map(({ dataset }) => dataset).sort((a, b) => a.name.localeCompare(b.name));
  const now = Math.floor(Date.now() / 1000);
  const expiries = device.licenses.map((l) => l.expiresAt);
  const expiry =
    expiries.length === 0
      ? new Date(now * 1000)
      : expiries.includes(null)
        ? null
        : new Date(Math.max(...expiries.map((e) => e!.getTime())));
  const exp = Math.min(now + opts.ttlSeconds, expiry ? Math.floor(expiry.getTime() / 1000) : Number.MAX_SAFE_INTEGER);
  const payload = {
    iss: opts.issuer,
    sub: `installation:${device.installationIds[0]}`,
    jti: randomBytes(12).toString('base64url'),
    iat: now,
    exp,
    licenseId: device.licenses[0]?.licenseId ?? null,
    licenseIds: device.licenses.map((l) => l.licenseId),
    // Only the id and the e-mail of the account: the file travels with the device.
    user: user ? { id: user.id, email: user.email } : null,
    installationId: device.installationIds[0],
    installationIds: device.installationIds,
    deviceId: device.registration.deviceId,
    hwId: device.registration.hwId,
    s100HwId: device.registration.s100HwId,
    products: device.licenses.map((l) => ({
      licenseId: l.licenseId,
      productId: l.productId,
      title: l.title,
      licType: l.licType,
      expiresAt: l.expiresAt?.toISOString() ?? null,
    })),
    cells: cells.map((c) => ({ name: c.chart.name, edition: c.chart.edition, update: c.chart.update ?? 0 })),
    s100Datasets: datasets.map((d) => ({ product: d.product, name: d.name, edition: d.edition, update: d.update })),
    issued: new Date(now * 1000).toISOString(),
    expiry: expiry?.toISOString() ?? null,
    ttl: opts.ttlSeconds,
  };
  const signingInput = `${b64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: key.kid }))}.${b64url(JSON.stringify(payload))}`;
  const signature = sign(null, Buffer.from(signingInput), createPrivateKey(opts.box.open(key.privateSealed).toString('utf8')));
  await recordAudit(db, {
    actor: null,
    action: 'device.license-file',
    geocontentId: null,
    subject: {
      registrationId: device.registration.id,
      userId: device.registration.userId,
      deviceId: device.registration.deviceId,
      kid: key.kid,
      jti: payload.jti,
    },
    ip: opts.ip,
  });
  return `${signingInput}.${b64url(signature)}`;
}
