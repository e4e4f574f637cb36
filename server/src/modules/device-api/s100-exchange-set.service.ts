import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { S100ExchangeSetBody, S100ExchangeSetResult, S100Product } from '@chartroom/contracts/s100';
import { generateProtectedExchangeSet, type ProtectedDatasetInput } from '@chartroom/s100';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { DeviceContext } from './device-context.js';
import { deleteExpiredExchangeSets, insertExchangeSet } from './delivery-cells.repository.js';
import { listKnownS100Names, setS100Delivered } from './delivery-s100.repository.js';
import type { S100DataServer } from './s100-data-server.js';
import { getS100DatasetKey, listLicensedS100Datasets, type LicensedS100Dataset } from './s100-delivery.js';

export interface S100ExchangeSetDeps {
  db: Db;
  blobs: BlobStore;
  box: SecretBox;
  s100: S100DataServer;
}

const SET_LIFETIME_MS = 7 * 86400_000;

interface PlannedDataset {
  licensed: LicensedS100Dataset;
  /** The update numbers to send (S-101: 0 is the base; HDF5: always [0]). */
  updates: number[];
}

type Held = Map<string, { edition: number; update: number }>;

/** The files after the version the device holds: all of them for another edition or nothing held. */
function filesAfter(licensed: LicensedS100Dataset, held: { edition: number; update: number } | undefined): number[] {
  const { dataset } = licensed;
  const from = held && held.edition === dataset.edition ? held.update + 1 : 0;
  return dataset.blobKeys.map((_, i) => i).filter((u) => u >= from);
}

/** What to send and what to refuse, by the request's shape (those of the UK S-100 exchange-set service). */
async function planRequest(db: Db, device: DeviceContext, licensed: Map<string, LicensedS100Dataset>, body: S100ExchangeSetBody) {
  const plan: PlannedDataset[] = [];
  const notIncluded: S100ExchangeSetResult['notIncluded'] = [];
  const refuse = async (names: string[]) => {
    const known = await listKnownS100Names(db, names);
    for (const name of names) notIncluded.push({ name, reason: known.has(name) ? 'not_licensed' : 'unknown' });
  };
  const add = (licensedDataset: LicensedS100Dataset, held: { edition: number; update: number } | undefined) => {
    const updates = filesAfter(licensedDataset, held);
    if (updates.length > 0) plan.push({ licensed: licensedDataset, updates });
  };
  if ('productNames' in body) {
    const names = [...new Set(body.productNames)];
    await refuse(names.filter((n) => !licensed.has(n)));
    for (const name of names) if (licensed.has(name)) add(licensed.get(name)!, undefined);
  } else if ('productVersions' in body) {
    const held: Held = new Map(body.productVersions.map((v) => [v.productName, { edition: v.editionNumber, update: v.updateNumber }]));
    await refuse([...held.keys()].filter((n) => !licensed.has(n)));
    for (const [name, version] of held) if (licensed.has(name)) add(licensed.get(name)!, version);
  } else {
    const since = new Date(body.updatesSince);
    const held: Held = new Map(Object.entries(device.registration.s100Delivered));
    for (const l of licensed.values()) if (l.dataset.updatedAt > since) add(l, held.get(l.dataset.name));
  }
  return { plan, notIncluded };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Builds the S-100 Part 15 protected exchange set of what the device asks for and may have, for its
 * S-100 HW_ID, streamed into the blob store (one dataset in memory at a time), and records it for
 * download. Null when there is nothing new and nothing to report (304).
 */
export async function createS100ExchangeSet(opts: {
  deps: S100ExchangeSetDeps;
  device: DeviceContext;
  body: S100ExchangeSetBody;
  ip: string | null;
}): Promise<S100ExchangeSetResult | null> {
  const { deps, device } = opts;
  const { s100HwId, s100UserPermit } = device.registration;
  if (!s100HwId || !s100UserPermit)
    throw new AppError(
      'user_permit_missing',
      'This device gave no S-100 user permit: send it to POST /api/app/v1/s100/user-permit (or redeem a code with s100UserPermit) first',
    );
  const serverTime = new Date();
  const licensed = await listLicensedS100Datasets(deps.db, device);
  const { plan, notIncluded } = await planRequest(deps.db, device, licensed, opts.body);
  if (plan.length === 0 && notIncluded.length === 0) return null;
  if (plan.length === 0)
    return { id: null, url: null, size: null, sha256: null, serverTime: serverTime.toISOString(), datasets: [], notIncluded };

  const inputs: ProtectedDatasetInput[] = [];
  const datasets: S100ExchangeSetResult['datasets'] = [];
  const delivered = { ...device.registration.s100Delivered };
  for (const { licensed: l, updates } of plan) {
    const d = l.dataset;
    const key = await getS100DatasetKey(deps.db, deps.box, d.name, d.edition);
    // A licence without end gets permits for a year; the app fetches fresh ones when it checks in.
    const expiry = isoDate(l.expiresAt ?? new Date(Date.now() + 365 * 86400_000));
    const bbox =
      d.west !== null && d.south !== null && d.east !== null && d.north !== null
        ? { west: d.west, south: d.south, east: d.east, north: d.north }
        : undefined;
    const files: string[] = [];
    for (const update of updates) {
      const blobKey = d.blobKeys[update]!;
      const fileName = blobKey.slice(blobKey.lastIndexOf('/') + 1);
      files.push(fileName);
      inputs.push({
        product: d.product,
        fileName,
        edition: d.edition,
        update,
        issueDate: d.issueDate,
        expiry,
        key,
        ...(bbox ? { bbox } : {}),
        data: () => deps.blobs.get(blobKey),
      });
    }
    datasets.push({ product: d.product as S100Product, name: d.name, edition: d.edition, update: d.update, files });
    delivered[d.name] = { edition: d.edition, update: d.update };
  }

  const id = randomUUID();
  const blobKey = `exchange-sets/${device.registration.id}/${id}.zip`;
  const hash = createHash('sha256');
  let written = 0;
  const chunks = generateProtectedExchangeSet({
    datasets: inputs,
    device: { hwId: s100HwId, userPermit: s100UserPermit },
    dataServer: { identity: deps.s100.identity, name: deps.s100.name, identifier: deps.s100.identifier },
    identifier: id,
    date: serverTime,
  });
  const counted = async function* () {
    for await (const chunk of chunks) {
      hash.update(chunk);
      written += chunk.length;
      yield chunk;
    }
  };
  const { size } = await deps.blobs.put(blobKey, Readable.from(counted()));
  if (size !== written) {
    await deps.blobs.delete(blobKey);
    throw new Error('S-100 exchange set file size differs from what was written');
  }
  const result: S100ExchangeSetResult = {
    id,
    url: `/api/app/v1/exchange-sets/${id}`,
    size,
    sha256: hash.digest('hex'),
    serverTime: serverTime.toISOString(),
    datasets,
    notIncluded,
  };
  await deps.db.transaction(async (tx) => {
    await insertExchangeSet(tx, {
      id,
      registrationId: device.registration.id,
      blobKey,
      size,
      sha256: result.sha256!,
      contents: result,
      expiresAt: new Date(Date.now() + SET_LIFETIME_MS),
    });
    await setS100Delivered(tx, device.registration.id, delivered);
    await recordAudit(tx, {
      actor: null,
      action: 'device.s100-exchange-set',
      geocontentId: null,
      subject: {
        registrationId: device.registration.id,
        userId: device.registration.userId,
        deviceId: device.registration.deviceId,
        exchangeSetId: id,
        datasets: datasets.map((d) => `${d.name} ${d.edition}.${d.update}`),
        size,
      },
      ip: opts.ip,
    });
  });
  for (const key of await deleteExpiredExchangeSets(deps.db, device.registration.id)) await deps.blobs.delete(key);
  return result;
}
