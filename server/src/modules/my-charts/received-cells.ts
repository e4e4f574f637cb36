import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.js';
import { recordReceivedCells, type ReceivedCell } from './my-charts.repository.js';

/** The cells of an exchange set as its answer lists them: name, edition and the files (…/NAME.00n). */
interface SetCell {
  name: string;
  edition: number;
  files: string[];
}

/** Each cell's version in the set: its edition and the highest update among its files. */
export function versionsInSet(cells: readonly SetCell[]): ReceivedCell[] {
  return cells.map((c) => ({
    name: c.name,
    edition: c.edition,
    update: Math.max(0, ...(c.files ?? []).map((f) => Number(f.slice(f.lastIndexOf('.') + 1))).filter(Number.isFinite)),
  }));
}

/**
 * Records what the device's installations received once the answer carrying an exchange set's last
 * byte has been written out completely (a whole 200, or a 206 resume that ends at the last byte);
 * an answer cut short, or a range that stops before the end, records nothing.
 */
export function recordWhenDownloaded(
  db: Db,
  reply: FastifyReply,
  // An S-63 set lists `cells`; an S-100 set lists `datasets` (each with the version it brings to).
  set: {
    id: string;
    size: number;
    registrationId: number;
    installationIds: number[];
    cells?: readonly SetCell[] | null;
    datasets?: readonly ReceivedCell[] | null;
  },
) {
  const received = [
    ...versionsInSet(Array.isArray(set.cells) ? set.cells : []),
    ...(Array.isArray(set.datasets) ? set.datasets.map((d) => ({ name: d.name, edition: d.edition, update: d.update })) : []),
  ];
  if (received.length === 0) return;
  reply.raw.once('finish', () => {
    // An event handler: nothing may escape it, or the process would stop.
    try {
      const range = reply.getHeader('content-range');
      const complete =
        reply.statusCode === 200 ||
        (reply.statusCode === 206 && typeof range === 'string' && range.endsWith(`-${set.size - 1}/${set.size}`));
      if (!complete) return;
      recordReceivedCells(db, set, received).catch((err: unknown) =>
        reply.log.error({ err, exchangeSetId: set.id }, 'recording the cells an installation received failed'),
      );
    } catch (err) {
      reply.log.error({ err, exchangeSetId: set.id }, 'recording the cells an installation received failed');
    }
  });
}
