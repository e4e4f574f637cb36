// Reading an S-63 exchange set zip: ENC_ROOT tree with CATALOG.031 and encrypted cells, INFO files
// (SERIAL.ENC, PRODUCTS.TXT) and PERMIT.TXT wherever it lies. Entries are read one at a time; the
// reading itself is exchange-set-steps.ts, driven here over bytes (sync) or a ZipSource (async).
import { CellScratch } from './cell-crypto.js';
import { exchangeSetSteps, resolveReadOptions, type ExchangeSetSteps } from './exchange-set-steps.js';
import type { ExchangeSet, ReadExchangeSetFromOptions, ReadExchangeSetOptions } from './exchange-set-types.js';
import { listZipEntries, readZipEntry } from './zip-reader.js';
import { listZipEntriesFrom, readZipEntryFrom } from './zip-source-reader.js';
import type { ZipSource } from './zip-source.js';

export type { CellStatus, ExchangeSet, ExchangeSetCell, ReadExchangeSetFromOptions, ReadExchangeSetOptions } from './exchange-set-types.js';

/** Reads an exchange set held in memory; every cell keeps its data unless keepData is false. */
export function readExchangeSet(zip: Uint8Array, options: ReadExchangeSetOptions): ExchangeSet {
  const resolved = resolveReadOptions(options, options.keepData === false);
  const steps: ExchangeSetSteps = exchangeSetSteps(listZipEntries(zip, resolved.limits), resolved);
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if ('cell' in step) {
      options.onCell?.(step.cell);
      next = steps.next();
      continue;
    }
    let data: Uint8Array;
    try {
      data = readZipEntry(zip, step.read, resolved.limits);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(data);
  }
  return next.value;
}

/**
 * Reads an exchange set through a ZipSource (e.g. a file, see openFileSource in
 * '@chartroom/s63/node'): the central directory from the tail, then one entry at a time, so at most
 * one cell is in memory however large the set.
 */
export async function readExchangeSetFrom(source: ZipSource, options: ReadExchangeSetFromOptions): Promise<ExchangeSet> {
  // Each cell's data is dropped after onCell: the next cell is decrypted into the same buffers.
  const resolved = { ...resolveReadOptions(options, true), scratch: new CellScratch() };
  const steps: ExchangeSetSteps = exchangeSetSteps(await listZipEntriesFrom(source, resolved.limits), resolved);
  let next = steps.next();
  while (!next.done) {
    const step = next.value;
    if ('cell' in step) {
      await options.onCell?.(step.cell);
      next = steps.next();
      continue;
    }
    let data: Uint8Array;
    try {
      const into = step.reusable ? (size: number) => resolved.scratch.take('encrypted', size) : undefined;
      data = await readZipEntryFrom(source, step.read, resolved.limits, into);
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(data);
  }
  return next.value;
}
