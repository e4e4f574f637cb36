import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AddS100Answer, S100DatasetList } from '@chartroom/contracts/s100';
import type { Db } from '../../db/client.js';
import type { S100DatasetRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../plugins/auth.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { newUploadId } from '../../storage/uploads.js';
import { recordAudit } from '../audit/audit.repository.js';
import { receiveForGeocontent, unzipLimitsFor, type ChartDeps } from '../charts/chart-uploads.js';
import type { StagedFile } from '../charts/enc-compare.js';
import { checkStagedUploads, expandStagedUploads } from '../charts/enc-staging.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { noteChartsChanged } from '../tiles/chart-changes.js';
import { queueMapPreparation } from '../tiles/map-preparation.repository.js';
import { toS100Dataset } from './s100.presenter.js';
import { findS100DatasetsByName, listS100Datasets, lockS100Dataset, upsertS100Dataset } from './s100.repository.js';
import { isS100FileName, readHdf5Meta, readS101Meta, refuse, scanS101File, type S100FileMeta, type ScannedS101File } from './s100-read.js';

/** What the apply writes for one dataset: its metadata, its files (kept or new) and the row it was read against. */
interface PlannedDataset {
  meta: S100FileMeta;
  fileName: string;
  /** Final keys and hashes, base first. */
  files: { key: string; sha256: string; staged: StagedFile | null }[];
  /** The stored row's files this plan was made from (null: none stored). */
  basis: string[] | null;
}

async function hashBlob(blobs: BlobStore, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await blobs.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The geocontent's stored datasets of these names, by name. */
type StoredLookup = (names: string[]) => Promise<Map<string, S100DatasetRow>>;

const fileOfKey = (key: string) => key.slice(key.lastIndexOf('/') + 1);
const sameFiles = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The S-101 datasets of an upload: each base (.000) with its updates, or updates continuing a stored
 * dataset. The stored files are read again so the whole chain is checked by the S-101 reader.
 */
async function planS101(blobs: BlobStore, files: StagedFile[], lookup: StoredLookup): Promise<PlannedDataset[]> {
  const groups = new Map<string, ScannedS101File[]>();
  for (const file of files) {
    const scanned = await scanS101File(blobs, file);
    groups.set(scanned.datasetName, [...(groups.get(scanned.datasetName) ?? []), scanned]);
  }
  const stored = await lookup([...groups.keys()]);
  const plans: PlannedDataset[] = [];
  for (const [name, group] of groups) {
    const existing = stored.get(name);
    const base = group.find((f) => f.name.endsWith('.000'));
    const updates = group.filter((f) => f !== base).sort((a, b) => a.update - b.update);
    const continues = existing?.product === 'S-101' && (!base || base.sha256 === existing.sha256[0]);
    let chain: { file: ScannedS101File; key: string | null }[];
    if (continues) {
      // The stored base and updates, then the uploaded updates after the last stored one.
      chain = [];
      for (const [i, key] of existing.blobKeys.entries()) {
        const again = group.find((f) => f.sha256 === existing.sha256[i]);
        chain.push({ file: again ?? (await scanS101File(blobs, { name: fileOfKey(key), key })), key });
      }
      for (const u of updates) {
        if (u.update <= existing.update) {
          if (u.sha256 !== existing.sha256[u.update])
            throw refuse(u.name, `update ${u.update} of ${name} is stored already, with other content`);
          continue;
        }
        chain.push({ file: u, key: null });
      }
    } else {
      if (!base)
        throw refuse(updates[0]!.name, `an update of ${name}, whose base dataset (${name}.000) is neither in this upload nor stored`);
      if (existing?.product === 'S-101' && base.edition < existing.edition)
        throw refuse(base.name, `edition ${base.edition} is older than the stored edition ${existing.edition}`);
      chain = [base, ...updates].map((file) => ({ file, key: null }));
    }
    const meta = readS101Meta(
      chain[0]!.file,
      chain.slice(1).map((c) => c.file),
    );
    plans.push({
      meta,
      fileName: `${name}.000`,
      // Stored under the dataset's own name (DSNM), whatever the file was called in the upload.
      files: chain.map((c, update) => ({
        key: c.key ?? '',
        sha256: c.file.sha256,
        staged: c.key ? null : { name: `${name}.${String(update).padStart(3, '0')}`, key: c.file.key },
      })),
      basis: existing ? existing.blobKeys : null,
    });
  }
  return plans;
}

/** The HDF5 datasets of an upload: a new name is edition 1; different bytes under a stored name, the next edition. */
async function planHdf5(blobs: BlobStore, files: StagedFile[], lookup: StoredLookup): Promise<PlannedDataset[]> {
  const plans: PlannedDataset[] = [];
  const stored = await lookup(files.map((f) => f.name.replace(/\.[^.]*$/, '')));
  for (const file of files) {
    const read = await readHdf5Meta(blobs, file);
    const sha256 = await hashBlob(blobs, file.key);
    const existing = stored.get(read.name);
    const isSame = existing !== undefined && sameFiles(existing.sha256, [sha256]);
    plans.push({
      meta: { ...read, edition: existing ? existing.edition + (isSame ? 0 : 1) : 1, update: 0 },
      fileName: file.name,
      files: [{ key: isSame ? existing.blobKeys[0]! : '', sha256, staged: isSame ? null : file }],
      basis: existing ? existing.blobKeys : null,
    });
  }
  return plans;
}

/**
 * adds100: reads every file of the upload (S-101 datasets and updates, S-102/S-104/S-111 HDF5, zips
 * of them or of an exchange set), refuses the whole upload at the first broken or foreign file,
 * then copies the new files to their keys and writes the datasets in one transaction.
 */
export async function uploadS100(opts: { deps: ChartDeps; actor: Actor; request: FastifyRequest }): Promise<AddS100Answer> {
  const { deps, actor } = opts;
  const staging = `staging/${newUploadId()}`;
  const received = await receiveForGeocontent(deps, opts.request, actor, {
    staging,
    maxFileBytes: deps.maxChartUploadBytes,
    gcField: 'gcid',
    check: (r) => {
      if (r.files.length === 0)
        throw new AppError('validation', 'Choose the S-100 files to upload', [
          { path: 'body.files', message: 'required', code: 'required' },
        ]);
    },
  });
  const written: string[] = [];
  try {
    const gcId = received.gcId;
    // Every zip's central directory is checked (overlaps, ratios, the user's room on the declared
    // sizes) before anything is unpacked, as for S-57 uploads.
    const checked = await checkStagedUploads(deps.blobs, received.files, await unzipLimitsFor(deps, actor));
    const { files, ignored } = await expandStagedUploads(deps.blobs, staging, received.files, checked, isS100FileName);
    if (files.length === 0) {
      const what = ignored.length > 0 ? `; not S-100 datasets: ${ignored.join(', ')}` : '';
      throw new AppError('unsupported_file', `No S-100 dataset (an S-101 .000 file or update, or an .h5 file) in the upload${what}`, [
        { path: 'body.files', message: 'no S-100 dataset' },
      ]);
    }
    const iso = files.filter((f) => !f.name.endsWith('.H5'));
    const hdf = files.filter((f) => f.name.endsWith('.H5'));
    const lookup: StoredLookup = async (names) => new Map((await findS100DatasetsByName(deps.db, gcId, names)).map((r) => [r.name, r]));
    const plans = [...(await planS101(deps.blobs, iso, lookup)), ...(await planHdf5(deps.blobs, hdf, lookup))];
    const names = plans.map((p) => p.meta.name);
    const twice = names.find((n, i) => names.indexOf(n) !== i);
    if (twice) throw new AppError('unsupported_file', `${twice} is twice in the upload (as an S-101 dataset and an HDF5 file)`);
    const changed = plans.filter(
      (p) =>
        p.basis === null ||
        !sameFiles(
          p.basis,
          p.files.map((f) => f.key),
        ),
    );
    const unchanged = plans.filter((p) => !changed.includes(p)).map((p) => p.meta.name);

    for (const plan of changed) {
      const folder = `s100/${gcId}/${plan.meta.name}/${randomUUID()}`;
      for (const f of plan.files) {
        if (!f.staged) continue;
        f.key = `${folder}/${f.staged.name}`;
        await deps.blobs.copy(f.staged.key, f.key);
        written.push(f.key);
      }
    }
    const { rows, replaced } = await deps.db.transaction(async (tx) => {
      const rows: S100DatasetRow[] = [];
      const replaced: string[] = [];
      for (const plan of changed) {
        const now = await lockS100Dataset(tx, gcId, plan.meta.name);
        if (!sameFiles(now?.blobKeys ?? [], plan.basis ?? []))
          throw new AppError('conflict', `${plan.meta.name} was changed by another upload meanwhile: upload again`);
        const keys = plan.files.map((f) => f.key);
        replaced.push(...(now?.blobKeys ?? []).filter((k) => !keys.includes(k)));
        const { meta } = plan;
        rows.push(
          await upsertS100Dataset(tx, {
            geocontentId: gcId,
            product: meta.product,
            name: meta.name,
            fileName: plan.fileName,
            edition: meta.edition,
            update: meta.update,
            issueDate: meta.issueDate,
            title: meta.title,
            features: meta.features,
            west: meta.bbox?.[0] ?? null,
            south: meta.bbox?.[1] ?? null,
            east: meta.bbox?.[2] ?? null,
            north: meta.bbox?.[3] ?? null,
            blobKeys: keys,
            sha256: plan.files.map((f) => f.sha256),
          }),
        );
      }
      await recordAudit(tx, {
        actor,
        action: 's100.upload',
        geocontentId: gcId,
        subject: { datasets: rows.map((r) => `${r.name} ${r.edition}.${r.update}`), unchanged, ignored },
        ip: opts.request.ip,
      });
      // The map of new S-101 datasets is prepared in the background once this commits.
      if (rows.some((r) => r.product === 'S-101')) await queueMapPreparation(tx, gcId);
      return { rows, replaced };
    });
    written.length = 0;
    // The chart map draws S-101 datasets: it forgets this geocontent's tiles at once.
    if (rows.length > 0) noteChartsChanged(gcId);
    await Promise.all(replaced.map((k) => deps.blobs.delete(k)));
    return { datasets: rows.map(toS100Dataset), unchanged, ignored };
  } finally {
    await Promise.all(written.map((k) => deps.blobs.delete(k)));
    await deps.blobs.deletePrefix(staging);
  }
}

export async function listGeocontentS100Datasets(opts: { db: Db; actor: Actor; gcId: number }): Promise<S100DatasetList> {
  await requireOwnedGeocontent(opts.db, opts.actor, opts.gcId);
  return { datasets: (await listS100Datasets(opts.db, opts.gcId)).map(toS100Dataset) };
}
