import { randomUUID } from 'node:crypto';
import type { ExchangeSetBody, ExchangeSetResult } from '@chartroom/contracts/device-api';
import {
  crc32,
  createCellPermit,
  encryptPaddedZippedCellInPlace,
  signatureFileName,
  writeCatalog,
  writePermitFile,
  writeProducts,
  writeSerial,
  type CatalogWriteEntry,
} from '@chartroom/s63';
import type { Db } from '../../db/client.js';
import type { DeliveryCell } from './delivery-cells.repository.js';
import { AppError, notFound } from '../../errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { recordAudit } from '../audit/audit.repository.js';
import { getCellKeys } from './cell-keys.js';
import type { DataServerKey } from './data-server-key.js';
import { listLicensedCells, type DeviceContext, type LicensedCell } from './device-context.js';
import { ZipFileWriter } from './zip-file-writer.js';
import { zipOneFilePadded } from './zip-one-file.js';
import {
  deleteExpiredExchangeSets,
  findExchangeSet,
  insertExchangeSet,
  listKnownCellNames,
  setDelivered,
} from './delivery-cells.repository.js';

export interface ExchangeSetDeps {
  db: Db;
  blobs: BlobStore;
  box: SecretBox;
  dataServer: DataServerKey;
  dataServerId: string;
}

const ROOT = 'V01X01';
const SET_LIFETIME_MS = 7 * 86400_000;

/** The update number of an applied cell file from its blob key (…/NAME.00n). */
function updateOfKey(key: string): number {
  return Number(key.slice(key.lastIndexOf('.') + 1));
}

function yyyymmdd(date: string | null | Date): string {
  if (date instanceof Date) return date.toISOString().slice(0, 10).replaceAll('-', '');
  return (date ?? '').replaceAll('-', '') || new Date().toISOString().slice(0, 10).replaceAll('-', '');
}

interface PlannedCell {
  cell: LicensedCell;
  /** Blob keys of the files to send, in update order. */
  keys: string[];
}

/** What the device lacks: per licensed cell, the files after the version it holds. */
function planDelta(
  licensed: Map<string, LicensedCell>,
  held: Map<string, { edition: number; update: number }>,
  onlyChangedSince: Date | null,
): PlannedCell[] {
  const plan: PlannedCell[] = [];
  for (const cell of licensed.values()) {
    const { chart } = cell;
    if (!chart.edition) continue;
    if (onlyChangedSince && chart.updatedAt <= onlyChangedSince) continue;
    const have = held.get(chart.name);
    const from = have && have.edition === chart.edition ? have.update + 1 : 0;
    const keys = chart.blobKeys.filter((k) => updateOfKey(k) >= from);
    if (keys.length > 0) plan.push({ cell, keys });
  }
  return plan;
}

/** Encrypts (and signs) an applied cell file once per cell edition; later sets reuse the stored copy. */
async function encryptedFile(deps: ExchangeSetDeps, chart: DeliveryCell, key: string, ck1: Uint8Array) {
  const cacheKey = `s63-delivery/${key}.e${chart.edition}`;
  const size = await deps.blobs.size(cacheKey);
  if (size !== null && (await deps.blobs.size(`${cacheKey}.sig`)) !== null) {
    return { encrypted: await deps.blobs.read(cacheKey), signature: await deps.blobs.read(`${cacheKey}.sig`) };
  }
  const fileName = key.slice(key.lastIndexOf('/') + 1);
  const encrypted = encryptPaddedZippedCellInPlace(await zipOneFilePadded(fileName, await deps.blobs.get(key)), ck1);
  const signature = Buffer.from(deps.dataServer.signFile(encrypted), 'latin1');
  await deps.blobs.put(cacheKey, encrypted);
  await deps.blobs.put(`${cacheKey}.sig`, signature);
  return { encrypted, signature };
}

/** The cell's extent (its M_COVR coverage, as stored) for CATALOG.031, when known. */
function bboxOf(chart: { west: number | null; south: number | null; east: number | null; north: number | null }) {
  const { west, south, east, north } = chart;
  return west !== null && south !== null && east !== null && north !== null ? { south, west, north, east } : undefined;
}

function permitExpiry(expiresAt: Date | null): string {
  // A licence without end gets permits for a year; the app fetches fresh ones when it checks in.
  return yyyymmdd(expiresAt ?? new Date(Date.now() + 365 * 86400_000));
}

/**
 * Builds the S-63 exchange set of what the device lacks into the blob store, one cell at a time,
 * and records it for download. Returns null when there is nothing new and nothing to report.
 */
export async function createExchangeSet(opts: {
  deps: ExchangeSetDeps;
  device: DeviceContext;
  body: ExchangeSetBody;
  ip: string | null;
}): Promise<ExchangeSetResult | null> {
  const { deps, device, body } = opts;
  const hwId = device.registration.hwId;
  if (!hwId)
    throw new AppError(
      'user_permit_missing',
      'This device gave no S-63 user permit: S-63 exchange sets need one (redeem a code with userPermit); ask for an S-100 set instead',
    );
  const serverTime = new Date();
  const licensed = await listLicensedCells(deps.db, device);
  const held = new Map<string, { edition: number; update: number }>();
  const notIncluded: ExchangeSetResult['notIncluded'] = [];
  let since: Date | null = null;
  if ('productVersions' in body) {
    for (const v of body.productVersions) held.set(v.name, { edition: v.edition, update: v.update });
    const unlicensed = [...held.keys()].filter((n) => !licensed.has(n));
    const known = await listKnownCellNames(deps.db, unlicensed);
    for (const name of unlicensed) notIncluded.push({ name, reason: known.has(name) ? 'not_licensed' : 'unknown' });
    for (const name of held.keys()) if (licensed.get(name)?.chart.edition === 0) notIncluded.push({ name, reason: 'cancelled' });
  } else {
    since = new Date(body.sinceDateTime);
    for (const [name, v] of Object.entries(device.registration.delivered)) held.set(name, v);
  }
  const plan = planDelta(licensed, held, since);
  if (plan.length === 0 && notIncluded.length === 0) return null;

  const id = randomUUID();
  const blobKey = `exchange-sets/${device.registration.id}/${id}.zip`;
  const writer = await ZipFileWriter.open(deps.blobs, blobKey);
  const catalog: CatalogWriteEntry[] = [];
  const permits: { permit: string; edition: number }[] = [];
  const cells: ExchangeSetResult['cells'] = [];
  const delivered = { ...device.registration.delivered };
  try {
    for (const { cell, keys } of plan) {
      const { chart } = cell;
      const edition = chart.edition!;
      const { ck1, ck2 } = await getCellKeys(deps.db, deps.box, chart.name, edition);
      const files: string[] = [];
      for (const key of keys) {
        const update = updateOfKey(key);
        const path = `${chart.name.slice(0, 2)}/${chart.name}/${edition}/${update}/${chart.name}.${String(update).padStart(3, '0')}`;
        const { encrypted, signature } = await encryptedFile(deps, chart, key, ck1);
        await writer.add(`${ROOT}/ENC_ROOT/${path}`, encrypted);
        await writer.add(`${ROOT}/ENC_ROOT/${signatureFileName(path)}`, signature);
        catalog.push(
          { file: path, crc: crc32(encrypted), ...(bboxOf(chart) ? { bbox: bboxOf(chart) } : {}) },
          { file: signatureFileName(path), crc: crc32(signature), implementation: 'ASC' },
        );
        files.push(path.slice(path.lastIndexOf('/') + 1));
      }
      permits.push({
        permit: createCellPermit({ cellName: chart.name, expiry: permitExpiry(cell.expiresAt), ck1, ck2, hwId }),
        edition,
      });
      cells.push({ name: chart.name, edition, files });
      delivered[chart.name] = { edition, update: chart.update ?? 0 };
    }
    await writer.add(`${ROOT}/ENC_ROOT/CATALOG.031`, writeCatalog(catalog, ROOT));
    const allCells = [...licensed.values()].filter((c) => plan.some((p) => p.cell.chart.name === c.chart.name));
    await writer.add(
      `${ROOT}/INFO/PRODUCTS.TXT`,
      writeProducts(
        serverTime,
        allCells.map(({ chart }) => ({
          name: chart.name,
          baseIssueDate: yyyymmdd(chart.releaseDate),
          edition: chart.edition!,
          updateIssueDate: yyyymmdd(chart.releaseDate),
          update: chart.update ?? 0,
        })),
      ),
    );
    const isBase = plan.some((p) => p.keys.some((k) => updateOfKey(k) === 0));
    await writer.add(
      `${ROOT}/SERIAL.ENC`,
      writeSerial({ dataServerId: deps.dataServerId, date: serverTime, type: isBase ? 'BASE' : 'UPDATE' }),
    );
    const permitText = writePermitFile({
      enc: permits.map((p) => ({ permit: p.permit, serviceLevel: 0, edition: p.edition, dataServerId: deps.dataServerId, comment: '' })),
    });
    await writer.add(`${ROOT}/PERMIT.TXT`, Buffer.from(permitText, 'latin1'));
  } catch (err) {
    await writer.abort();
    throw err;
  }
  const { size, sha256 } = await writer.finish();
  const result: ExchangeSetResult = {
    id,
    url: `/api/app/v1/exchange-sets/${id}`,
    size,
    sha256,
    serverTime: serverTime.toISOString(),
    cells,
    notIncluded,
  };
  await deps.db.transaction(async (tx) => {
    await insertExchangeSet(tx, {
      id,
      registrationId: device.registration.id,
      blobKey,
      size,
      sha256,
      contents: result,
      expiresAt: new Date(Date.now() + SET_LIFETIME_MS),
    });
    await setDelivered(tx, device.registration.id, delivered);
    await recordAudit(tx, {
      actor: null,
      action: 'device.exchange-set',
      geocontentId: null,
      subject: {
        registrationId: device.registration.id,
        userId: device.registration.userId,
        deviceId: device.registration.deviceId,
        exchangeSetId: id,
        cells: cells.map((c) => c.name),
        size,
      },
      ip: opts.ip,
    });
  });
  for (const key of await deleteExpiredExchangeSets(deps.db, device.registration.id)) await deps.blobs.delete(key);
  return result;
}

/** Opens one of the device's exchange sets for download and audits it (with the range asked for). */
export async function openExchangeSetDownload(opts: {
  deps: ExchangeSetDeps;
  device: DeviceContext;
  id: string;
  range: string | undefined;
  ip: string | null;
}) {
  const row = await findExchangeSet(opts.deps.db, opts.id, opts.device.registration.id);
  if (!row) throw notFound('exchange_set');
  const { registration } = opts.device;
  await recordAudit(opts.deps.db, {
    actor: null,
    action: 'device.download',
    geocontentId: null,
    subject: {
      registrationId: registration.id,
      userId: registration.userId,
      deviceId: registration.deviceId,
      exchangeSetId: row.id,
      size: row.size,
      range: opts.range ?? null,
    },
    ip: opts.ip,
  });
  const contents = row.contents as ExchangeSetResult;
  return {
    store: opts.deps.blobs,
    key: row.blobKey,
    size: row.size,
    sha256: row.sha256,
    fileName: `${row.id}.zip`,
    /** What a completed download delivers (recorded per installation, issue 37). */
    delivers: {
      id: row.id,
      size: row.size,
      registrationId: registration.id,
      installationIds: opts.device.installationIds,
      cells: contents.cells,
      // An S-100 set's answer lists datasets instead (s100-exchange-set.service.ts).
      datasets: (row.contents as { datasets?: { name: string; edition: number; update: number }[] }).datasets,
    },
  };
}
