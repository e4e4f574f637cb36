import { createHash } from 'node:crypto';
import type { S100Product } from '@chartroom/contracts/s100';
import { getS101Info, readS101, S101Error, scanS101, type ScannedS101 } from '@chartroom/s101';
import { identifyS100Hdf5, readS102, readS104, readS111, S102Error } from '@chartroom/s102';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { StagedFile } from '../charts/enc-compare.js';

/** An S-100 dataset file by its upper-case base name: an ISO 8211 dataset (.000–.999) or HDF5 (.H5). */
export const isS100FileName = (name: string) => /\.(\d{3}|H5)$/.test(name);

const stemOf = (fileName: string) => fileName.replace(/\.[^.]*$/, '');

/** 'YYYYMMDD' as 'YYYY-MM-DD'; null when it is not a date. */
function isoDate(value: string | null): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value?.trim() ?? '');
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** A refusal naming the file and what is wrong with it (the whole upload is refused). */
export function refuse(file: string, problem: string): AppError {
  return new AppError('unsupported_file', `${file}: ${problem}`, [{ path: `body.files.${file}`, message: problem }]);
}

export interface S100FileMeta {
  product: S100Product;
  name: string;
  edition: number;
  update: number;
  /** YYYY-MM-DD */
  issueDate: string;
  title: string | null;
  features: Record<string, number> | null;
  bbox: [number, number, number, number] | null;
}

export interface StagedS100File extends StagedFile {
  sha256: string;
}

/** An S-101 file of an upload, scanned (its records' identities; decoded when the dataset is read). */
export interface ScannedS101File extends StagedS100File {
  scanned: ScannedS101;
  bytes: Uint8Array;
  datasetName: string;
  edition: number;
  update: number;
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Scans an ISO 8211 file of the upload as S-101; anything else (an S-57 cell, a truncated file) is refused. */
export async function scanS101File(blobs: BlobStore, file: StagedFile): Promise<ScannedS101File> {
  const bytes = new Uint8Array(await blobs.read(file.key));
  let scanned: ScannedS101;
  try {
    scanned = scanS101(bytes, { fileName: file.name });
  } catch (err) {
    if (err instanceof S101Error)
      throw refuse(
        file.name,
        err.code === 'not_s101' ? `not an S-101 dataset (${err.reason})` : `not a readable S-101 dataset: ${err.message}`,
      );
    throw err;
  }
  const dsed = String(scanned.dsid.DSED ?? '').trim();
  const m = /^(\d+)(?:\.(\d+))?$/.exec(dsed);
  if (!m) throw refuse(file.name, `the dataset has no edition number (DSED ${JSON.stringify(dsed)})`);
  const edition = Number(m[1]);
  const update = Number(m[2] ?? 0);
  const dsnm = String(scanned.dsid.DSNM ?? '').trim();
  return {
    ...file,
    sha256: sha256Of(bytes),
    scanned,
    bytes,
    datasetName: stemOf(dsnm || file.name).toUpperCase(),
    edition,
    update,
  };
}

/**
 * Reads an S-101 base with its updates (the package checks their edition, target and sequence and
 * decodes every record the metadata needs): a problem is refused naming the file it is in.
 */
export function readS101Meta(base: ScannedS101File, updates: ScannedS101File[]): S100FileMeta {
  let info;
  try {
    info = getS101Info(
      readS101(
        base.bytes,
        updates.map((u) => ({ bytes: u.bytes, fileName: u.name })),
        { fileName: base.name },
      ),
    );
  } catch (err) {
    if (err instanceof S101Error) throw refuse(err.file ?? base.name, err.reason);
    throw err;
  }
  const last = updates.at(-1) ?? base;
  const issueDate = isoDate(String(last.scanned.dsid.DSRD ?? '')) ?? isoDate(info.issueDate);
  if (!issueDate) throw refuse(last.name, 'the dataset has no issue date (DSRD)');
  return {
    product: 'S-101',
    name: base.datasetName,
    edition: base.edition,
    update: last.update,
    issueDate,
    title: info.title,
    features: info.featureCounts,
    bbox: info.bbox ? [info.bbox[0], info.bbox[1], info.bbox[2], info.bbox[3]] : null,
  };
}

/**
 * Reads an HDF5 file of the upload as S-102, S-104 or S-111 (the product from its metadata, not its
 * name); other HDF5, a damaged file or one failing the reader's checks is refused. HDF5 products
 * carry no edition: the caller numbers them.
 */
export async function readHdf5Meta(blobs: BlobStore, file: StagedFile): Promise<Omit<S100FileMeta, 'edition' | 'update'>> {
  let where = '';
  const named = (message: string) => (where ? message.replaceAll(where, file.name) : message);
  try {
    return await blobs.withFile(file.key, async (path) => {
      where = path;
      const product = await identifyS100Hdf5(path);
      if (!product) throw refuse(file.name, 'an HDF5 file of no S-100 product this portal takes (S-102, S-104, S-111)');
      const meta = product === 'S-102' ? await readS102(path) : product === 'S-104' ? await readS104(path) : await readS111(path);
      if (meta.issues.length > 0) throw refuse(file.name, `fails the ${product} checks: ${meta.issues.map(named).join('; ')}`);
      const issueDate = isoDate(meta.issueDate);
      if (!issueDate) throw refuse(file.name, 'the dataset has no issue date (issueDate)');
      return {
        product,
        name: stemOf(file.name),
        issueDate,
        title: 'geographicIdentifier' in meta ? meta.geographicIdentifier : null,
        features: null,
        bbox: meta.bbox ? [meta.bbox[0], meta.bbox[1], meta.bbox[2], meta.bbox[3]] : null,
      };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A damaged file can fail deep inside the HDF5 library: still the upload's fault.
    const message = named(err instanceof Error ? err.message : String(err));
    throw refuse(file.name, err instanceof S102Error ? `not a readable S-100 HDF5 dataset: ${message}` : `damaged: ${message}`);
  }
}
