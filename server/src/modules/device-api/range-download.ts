import type { FastifyReply } from 'fastify';
import type { BlobStore } from '../../storage/blob-store.js';

/**
 * Sends a file with Content-Length, its SHA-256 and single-range resume (RFC 9110 `Range:
 * bytes=a-b`, `a-`, `-n`); an unsatisfiable range gets 416 with the full length, and a client that
 * already holds the file (`If-None-Match` with its ETag, the quoted SHA-256) gets 304 with no body.
 */
export async function sendFileWithRange(
  reply: FastifyReply,
  opts: { store: BlobStore; key: string; size: number; sha256: string; fileName: string; range: string | undefined },
) {
  const { size } = opts;
  reply.header('accept-ranges', 'bytes');
  reply.header('etag', `"${opts.sha256}"`);
  reply.header('x-content-sha256', opts.sha256);
  reply.header('repr-digest', `sha-256=:${Buffer.from(opts.sha256, 'hex').toString('base64')}:`);
  reply.header('content-disposition', `attachment; filename="${opts.fileName}"`);
  reply.type('application/zip');
  const held = reply.request.headers['if-none-match'];
  if (held && (held.trim() === '*' || held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === `"${opts.sha256}"`))) {
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
