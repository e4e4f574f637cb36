import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, fieldIssueOf } from '../errors.js';
import type { BlobStore } from './blob-store.js';
import { receiveMultipart, type StoredUpload } from './uploads.js';

export interface ReceivedUpload<T> {
  fields: T;
  files: StoredUpload[];
  /** Removes every stored file: call it when anything after the upload fails. */
  discard(): Promise<void>;
}

/**
 * Streams a multipart request into the blob store and validates its text fields with the
 * contract's schema. Files in parts other than `fileFields` are refused; on any failure nothing
 * stays behind.
 */
export async function receiveUpload<S extends z.ZodType>(
  request: FastifyRequest,
  store: BlobStore,
  opts: { prefix: string; maxFileBytes: number; maxFiles: number; fileFields: string[]; schema: S },
): Promise<ReceivedUpload<z.infer<S>>> {
  const received = await receiveMultipart(request, store, {
    prefix: opts.prefix,
    maxFileBytes: opts.maxFileBytes,
    maxFiles: opts.maxFiles,
  });
  const discard = async () => {
    await Promise.all(received.files.map((f) => store.delete(f.key)));
  };
  const stray = received.files.find((f) => !opts.fileFields.includes(f.field));
  const parsed = opts.schema.safeParse(received.fields);
  if (stray || !parsed.success) {
    await discard();
    if (stray)
      throw new AppError('validation', `Unexpected file part "${stray.field}"`, [
        { path: `body.${stray.field}`, message: 'unexpected file', code: 'unexpected_file' },
      ]);
    const issues = parsed.error!.issues.map((i) => fieldIssueOf('body', i));
    throw new AppError('validation', `Invalid request: ${issues.map((d) => `${d.path} ${d.message}`).join('; ')}`, issues);
  }
  return { fields: parsed.data as z.infer<S>, files: received.files, discard };
}

/** Runs the step after an upload; if it throws, the uploaded files are removed first. */
export async function keepOrDiscard<T>(upload: { discard(): Promise<void> }, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    await upload.discard();
    throw err;
  }
}
