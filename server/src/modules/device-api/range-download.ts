import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { BlobStore } from '../../storage/blob-store.js';

/** Does an `If-None-Match` header name this ETag (or `*`)? Weak comparison (RFC 9110 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * Sends a file with Content-Length, its SHA-256 and single-range resume (RFC 9110 `Range:
 * bytes=a-b`, `a-`, `-n`); an unsatisfiable range gets 416 with the full length, and a client that
 * already holds the file (`If-None-Match` with its ETag) gets 304 with no body. The ETag is the
 * quoted SHA-256 unless `etag` is given.
 */
export async function sendFileWithRange(
  reply: FastifyReply,
  opts: {
    store: Pick<BlobStore, 'get'>;
    key: string;
    size: number;
    sha256?: string;
    etag?: string;
    contentType?: string;
    fileName: string;
    range: string | undefined;
  },
) {
  const { size } = opts;
  const etag = opts.etag ?? `"${opts.sha256}"`;
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', etag);
  if (opts.sha256) {
    reply.header('x-content-sha256', opts.sha256);
    reply.header('repr-digest', `sha-256=:${Buffer.from(opts.sha256, 'hex').toString('base64')}:`);
  }
  reply.header('content-disposition', `attachment; filename="${encodeURIComponent(opts.fileName)}"`);
  reply.type(opts.contentType ?? 'application/zip');
  // A client that already holds the file (`If-None-Match` with its ETag) gets 304 with no body.
  if (etagMatches(reply.request.headers['if-none-match'], etag)) {
    reply.removeHeader('content-type');
    return reply.code(304).send();
  }
  let start = 0;
  let end = size - 1;
  if (opts.range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(opts.range.trim());
    const a = m?.[1] ?? '';
    const b = m?.[2] ?? '';
    if (m && a !== '') {
      start = Number(a);
      end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
    } else if (m && b !== '') {
      start = Math.max(0, size - Number(b));
    }
    if (!m || (a === '' && b === '') || start > end || start >= size) {
      reply.header('content-range', `bytes */${size}`);
      return reply.code(416).send();
    }
    reply.code(206);
    reply.header('content-range', `bytes ${start}-${end}/${size}`);
  }
  reply.header('content-length', String(end - start + 1));
  return reply.send(await opts.store.get(opts.key, { start, end }));
}

/** The same for bytes held in memory (a POI release's JSON): as a one-blob store. */
export function sendBytesWithRange(
  reply: FastifyReply,
  opts: { body: Buffer; sha256: string; contentType: string; fileName: string; range: string | undefined },
) {
  const store = {
    get: async (_key: string, r?: { start: number; end: number }) =>
      Readable.from([r ? opts.body.subarray(r.start, r.end + 1) : opts.body]),
  };
  return sendFileWithRange(reply, { ...opts, store, key: '', size: opts.body.length });
}
