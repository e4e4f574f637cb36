import { createHash } from 'node:crypto';
import type { EntitledData } from '@chartroom/contracts/device-api';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { DeviceContext, DeviceDataFlags } from './device-context.js';
import {
  findNavMessageImageForDevice,
  findNtmForDevice,
  findPoiReleaseForDevice,
  findRawDepthForDevice,
  listNavMessageImages,
  listNavMessagesOfGeocontents,
  listNtmsOfGeocontents,
  listPoiReleasesOfGeocontents,
  listPublishedRawDepthsOfGeocontents,
} from './device-data.repository.js';

// Issue 35: everything a licence covers reaches the device. Besides cells and S-100 datasets, a
// product switches on NTM documents (`ntm`), POI releases (`poi`), navigation messages (`navMsg`)
// and raw depth files (`s102`, raw soundings going with the bathymetry); a device holding a current
// licence of such a product gets that kind of its geocontent. Checks as for exchange sets: a live
// device token, a current licence (else 409 `license_expired`), and only the device's own licences.

export type DataKind = keyof DeviceDataFlags;

const isCurrent = (expiresAt: Date | null, now: number) => expiresAt === null || expiresAt.getTime() > now;

/** The geocontents whose `kind` the device holds a current licence of. */
export function geocontentsWith(device: DeviceContext, kind: DataKind, now = Date.now()): number[] {
  const ids = device.dataLicenses.filter((l) => l[kind] && isCurrent(l.expiresAt, now)).map((l) => l.geocontentId);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * May the device have this item of `kind` of this geocontent? A current licence: yes; only expired
 * ones: 409 `license_expired`; none: 404, as for an item that does not exist (a device learns nothing
 * of another device's data).
 */
function requireLicensed(
  device: DeviceContext,
  kind: DataKind,
  geocontentId: number,
  thing: 'ntm' | 'poi_release' | 'raw_depth_file' | 'image',
) {
  const held = device.dataLicenses.filter((l) => l[kind] && l.geocontentId === geocontentId);
  if (held.length === 0) throw notFound(thing);
  const now = Date.now();
  if (!held.some((l) => isCurrent(l.expiresAt, now)))
    throw new AppError('license_expired', 'The licence covering this has expired: renew it to download again');
}

/** Every NTM document, POI release, navigation message and raw depth file the device is licensed for (changed after `since`, if given). */
export async function listEntitledData(db: Db, device: DeviceContext, since: Date | null = null): Promise<EntitledData> {
  const [ntms, poiReleases, navMessages, rawDepthFiles] = await Promise.all([
    listNtmsOfGeocontents(db, geocontentsWith(device, 'ntm'), since),
    listPoiReleasesOfGeocontents(db, geocontentsWith(device, 'poi'), since),
    listNavMessagesOfGeocontents(db, geocontentsWith(device, 'navMsg'), since),
    listPublishedRawDepthsOfGeocontents(db, geocontentsWith(device, 's102'), since),
  ]);
  return {
    ntms: ntms.map((n) => ({
      id: n.id,
      geocontentId: n.geocontentId,
      filename: n.filename,
      size: n.size,
      description: n.description,
      addDate: n.addDate.toISOString(),
    })),
    poiReleases: poiReleases.map((r) => ({ ...r, timestamp: r.timestamp.toISOString() })),
    navMessages: await presentNavMessages(db, navMessages),
    rawDepthFiles: rawDepthFiles.map((f) => ({
      id: f.id,
      geocontentId: f.geocontentId,
      filename: f.filename,
      size: f.size,
      description: f.description,
      timestamp: f.timestamp.toISOString(),
    })),
  };
}

/** The navigation messages of the device's `navMsg` products (after `since`, if given). */
export async function listNavMessagesForDevice(db: Db, device: DeviceContext, since: Date | null) {
  return presentNavMessages(db, await listNavMessagesOfGeocontents(db, geocontentsWith(device, 'navMsg'), since));
}

type NavMessageRow = Awaited<ReturnType<typeof listNavMessagesOfGeocontents>>[number];

/** The messages as a device gets them, each with its pictures (id, type, size). */
async function presentNavMessages(db: Db, rows: NavMessageRow[]) {
  const images = await listNavMessageImages(
    db,
    rows.map((m) => m.id),
  );
  return rows.map((m) => ({
    ...m,
    createdAt: m.createdAt.toISOString(),
    images: images.filter((i) => i.messageId === m.id).map(({ id, mimetype, size }) => ({ id, mimetype, size })),
  }));
}

/** A picture of a navigation message of the device's `navMsg` products (never changed under its id). */
/** What a device download names: the item, the device asking, its Range header and address (for the audit). */
export interface DeviceDownloadRequest {
  db: Db;
  device: DeviceContext;
  id: number;
  range: string | undefined;
  ip: string | null;
}

export async function openNavMessageImageForDevice(opts: DeviceDownloadRequest): Promise<DeviceFile> {
  const row = await findNavMessageImageForDevice(opts.db, opts.id);
  if (!row) throw notFound('image');
  requireLicensed(opts.device, 'navMsg', row.geocontentId, 'image');
  await auditDownload(
    opts.db,
    opts.device,
    { navMessageImageId: row.id, size: row.size, range: opts.range ?? null },
    row.geocontentId,
    opts.ip,
  );
  return {
    key: row.blobKey,
    size: row.size,
    etag: `"nav-image-${row.id}-${row.size}"`,
    fileName: `nav-message-image-${row.id}`,
    contentType: row.mimetype,
  } satisfies DeviceFile;
}

async function auditDownload(db: Db, device: DeviceContext, what: Record<string, unknown>, geocontentId: number, ip: string | null) {
  const { registration } = device;
  await recordAudit(db, {
    actor: null,
    action: 'device.download',
    geocontentId,
    subject: { registrationId: registration.id, userId: registration.userId, deviceId: registration.deviceId, ...what },
    ip,
  });
}

/** A stored file the device may download: an NTM document, a raw depth file or a message's picture (never changed in place: the id and size name its version). */
export interface DeviceFile {
  key: string;
  size: number;
  etag: string;
  fileName: string;
  contentType: string;
}

export async function openNtmForDevice(opts: DeviceDownloadRequest): Promise<DeviceFile> {
  const row = await findNtmForDevice(opts.db, opts.id);
  if (!row) throw notFound('ntm');
  requireLicensed(opts.device, 'ntm', row.geocontentId, 'ntm');
  await auditDownload(opts.db, opts.device, { ntmId: row.id, size: row.size, range: opts.range ?? null }, row.geocontentId, opts.ip);
  return {
    key: row.blobKey,
    size: row.size,
    etag: `"ntm-${row.id}-${row.size}"`,
    fileName: row.filename,
    contentType: row.filename.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream',
  } satisfies DeviceFile;
}

export async function openRawDepthForDevice(opts: DeviceDownloadRequest): Promise<DeviceFile> {
  const row = await findRawDepthForDevice(opts.db, opts.id);
  if (!row || !row.isPublished) throw notFound('raw_depth_file');
  requireLicensed(opts.device, 's102', row.geocontentId, 'raw_depth_file');
  await auditDownload(opts.db, opts.device, { rawDepthId: row.id, size: row.size, range: opts.range ?? null }, row.geocontentId, opts.ip);
  return {
    key: row.blobKey,
    size: row.size,
    etag: `"raw-depth-${row.id}-${row.size}"`,
    fileName: row.filename,
    contentType: 'application/octet-stream',
  } satisfies DeviceFile;
}

/** A POI release as the JSON document a device downloads: its id, geocontent, time and frozen points. */
export async function readPoiReleaseForDevice(opts: DeviceDownloadRequest) {
  const row = await findPoiReleaseForDevice(opts.db, opts.id);
  if (!row) throw notFound('poi_release');
  requireLicensed(opts.device, 'poi', row.geocontentId, 'poi_release');
  const body = Buffer.from(
    JSON.stringify({
      id: row.id,
      geocontentId: row.geocontentId,
      itemsCount: row.itemsCount,
      timestamp: row.timestamp.toISOString(),
      items: row.items,
    }),
  );
  const sha256 = createHash('sha256').update(body).digest('hex');
  await auditDownload(
    opts.db,
    opts.device,
    { poiReleaseId: row.id, size: body.length, range: opts.range ?? null },
    row.geocontentId,
    opts.ip,
  );
  return { body, sha256, fileName: `poi-release-${row.id}.json` };
}
