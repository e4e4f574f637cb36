import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { BlobStore } from './blob-store.js';

export interface StoredUpload {
  field: string;
  filename: string;
  mimetype: string;
  key: string;
  size: number;
}

export interface ReceivedMultipart {
  files: StoredUpload[];
  fields: Record<string, string>;
}

/** A file name safe to keep: no folders, no control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what this strips from a name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return clean.length > 0 && clean !== '.' && clean !== '..' ? clean : 'file';
}

/**
 * Streams every file part of a multipart request into the blob store under `prefix`, with a size
 * limit per file; the text fields are collected. Memory does not grow with the file. On any failure
 * (too large, broken stream) every file written so far is removed and the error is an AppError.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  store: BlobStore,
  opts: { prefix: string; maxFileBytes: number; maxFiles?: number },
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Send the files as multipart/form-data');
  const files: StoredUpload[] = [];
  const fields: Record<string, string> = {};
  // The whole body must arrive within the request timeout: a body that trickles in is cut off here,
  // which ends the part being written (its partial file removed) and frees its handle.
  const timeoutMs = request.server.config.REQUEST_TIMEOUT_SECONDS * 1000;
  const deadline = setTimeout(() => request.raw.destroy(new Error(`the upload took longer than ${timeoutMs / 1000} s`)), timeoutMs);
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxFileBytes, files: opts.maxFiles ?? 2000 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      const file = part as MultipartFile;
      const filename = safeFileName(file.filename);
      const key = `${opts.prefix}/${randomUUID()}-${filename}`;
      const stored = await store.put(key, file.file);
      if (file.file.truncated) {
        await store.delete(key);
        throw new AppError('payload_too_large', `${filename} is larger than the ${formatBytes(opts.maxFileBytes)} allowed`);
      }
      files.push({ field: file.fieldname, filename, mimetype: file.mimetype, key, size: stored.size });
    }
  } catch (err) {
    await Promise.all(files.map((f) => store.delete(f.key)));
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload_too_large', `A file is larger than the ${formatBytes(opts.maxFileBytes)} allowed`);
    if (code === 'FST_FILES_LIMIT') throw new AppError('payload_too_large', 'Too many files in one upload');
    throw new AppError('bad_request', `The upload was broken off or malformed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(deadline);
  }
  return { files, fields };
}

export function newUploadId(): string {
  return randomUUID();
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(n % 1024 ** 3 ? 1 : 0)} GB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  return `${Math.round(n / 1024)} KB`;
}
