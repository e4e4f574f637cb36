import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
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

/** Text fields a multipart request may carry, and how long each may be (ids, coordinates, a message's text). */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 256 * 1024;

/**
 * Streams every file part of a multipart request into the blob store under `prefix`, with a size
 * limit per file; the text fields are collected. Memory does not grow with the file.
 *
 * Every request ends with an answer and leaves nothing behind: a body that ends before its closing
 * boundary is a 400 as soon as its last byte arrives; one refused on the way (a file too large, too
 * many files or fields) is a 413 at once, the rest of its body read and dropped (and the answer
 * closes the connection, see the error handler); a client that breaks off, or a body that takes
 * longer than the request timeout, ends the request. In every one of these paths each file being
 * written is stopped (its partial file removed, its handle closed) and every file written so far is
 * removed before the error, always an AppError, is thrown.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  store: BlobStore,
  opts: { prefix: string; maxFileBytes: number; maxFiles?: number },
): Promise<ReceivedMultipart> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Send the files as multipart/form-data');
  const maxFiles = opts.maxFiles ?? 2000;
  const raw = request.raw;
  let parser: BusboyInstance;
  try {
    parser = new Busboy({
      headers: raw.headers as { 'content-type': string },
      limits: {
        fileSize: opts.maxFileBytes,
        files: maxFiles,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: maxFiles + MAX_FIELDS,
      },
    });
  } catch (err) {
    throw new AppError('bad_request', `The multipart body cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  // Each file in the order its part came, whichever write ends first.
  const stored: (StoredUpload | undefined)[] = [];
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const writing = new Set<PassThrough>();
  const writes: Promise<void>[] = [];
  let failure: AppError | null = null;
  let settling = false;
  let settled = false;

  return new Promise<ReceivedMultipart>((resolve, reject) => {
    // The whole body must arrive within the request timeout: a body that trickles in is cut off here.
    const timeoutMs = request.server.config.REQUEST_TIMEOUT_SECONDS * 1000;
    const deadline = setTimeout(() => raw.destroy(new Error(`the upload took longer than ${timeoutMs / 1000} s`)), timeoutMs);

    /** Waits for every file write to end; then either the upload, or nothing left behind and the error. */
    const settle = async () => {
      if (settling) return;
      settling = true;
      clearTimeout(deadline);
      await Promise.allSettled(writes);
      settled = true;
      const files = stored.filter((f): f is StoredUpload => f !== undefined);
      if (failure) {
        await Promise.allSettled(files.map((f) => store.delete(f.key)));
        reject(failure);
      } else resolve({ files, fields });
    };
    const fail = (err: unknown) => {
      if (failure || settled) return;
      failure = uploadError(err, opts.maxFileBytes);
      // Nothing more is parsed: what is left of the body is read and dropped, so the client can
      // finish sending and read the answer, and every file being written is stopped.
      raw.unpipe(parser);
      parser.removeAllListeners('file').removeAllListeners('field');
      parser.on('error', () => undefined);
      raw.resume();
      for (const stream of writing) stream.destroy(failure);
      void settle();
    };
    const onClose = () => {
      if (!raw.complete) fail(new AppError('bad_request', 'The upload was broken off before its end'));
    };
    const onRawError = (err: Error) => fail(new AppError('bad_request', `The upload was broken off: ${err.message}`));
    raw.on('close', onClose);
    raw.on('error', onRawError);

    parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (nameTruncated || valueTruncated) {
        return fail(new AppError('payload_too_large', `The field "${name.slice(0, 100)}" is longer than ${formatBytes(MAX_FIELD_BYTES)}`));
      }
      fields[name] = value;
    });
    parser.on('file', (field: string, stream: Readable, fileName: string | undefined, _encoding: string, mimetype: string) => {
      const filename = safeFileName(fileName ?? 'file');
      const key = `${opts.prefix}/${randomUUID()}-${filename}`;
      const index = stored.push(undefined) - 1;
      // The part is handed on at once (the store may open its file later): an error on it, such as
      // the body ending inside it, stops the write and removes the partial file.
      const pass = new PassThrough();
      pass.on('error', () => undefined);
      writing.add(pass);
      stream.on('error', (err: Error) => pass.destroy(err));
      stream.on('limit', () =>
        fail(new AppError('payload_too_large', `${filename} is larger than the ${formatBytes(opts.maxFileBytes)} allowed`)),
      );
      stream.pipe(pass);
      writes.push(
        store
          .put(key, pass)
          .then(
            (written) => {
              stored[index] = { field, filename, mimetype, key, size: written.size };
            },
            (err: unknown) => fail(err),
          )
          .finally(() => writing.delete(pass)),
      );
    });
    parser.on('filesLimit', () => fail(new AppError('payload_too_large', `Too many files in one upload: at most ${maxFiles}`)));
    parser.on('fieldsLimit', () => fail(new AppError('payload_too_large', `Too many fields in one upload: at most ${MAX_FIELDS}`)));
    parser.on('partsLimit', () => fail(new AppError('payload_too_large', 'Too many parts in one upload')));
    // An error of the parser is a malformed body: most often one that ends before its closing boundary.
    parser.on('error', (err: Error) => fail(new AppError('bad_request', `The multipart body is malformed: ${err.message}`)));
    // The parser finishes only once the closing boundary has been read.
    parser.on('finish', () => void settle());
    raw.pipe(parser);
  });
}

function uploadError(err: unknown, maxFileBytes: number): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('payload_too_large', `A file is larger than the ${formatBytes(maxFileBytes)} allowed`);
  return new AppError('bad_request', `The upload was broken off or malformed: ${err instanceof Error ? err.message : String(err)}`);
}

export function newUploadId(): string {
  return randomUUID();
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(n % 1024 ** 3 ? 1 : 0)} GB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  return `${Math.round(n / 1024)} KB`;
}
