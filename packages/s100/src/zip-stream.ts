// A zip written as it goes: entries are stored (encrypted data does not compress) with their sizes
// and CRC in data descriptors, so an entry's bytes can be pushed in chunks and nothing is held
// back. fflate writes the format; the bytes it makes are queued here and taken by the caller
// between pushes, which is where an async consumer applies back-pressure.
import { Zip, ZipPassThrough } from 'fflate';
import { S100Error } from './errors.js';

/** Zip without Zip64: offsets and sizes are 32-bit. */
const MAX_ZIP_BYTES = 0xffff_0000;

export interface ZipEntryWriter {
  push(chunk: Uint8Array, isLast?: boolean): void;
}

export class ZipStream {
  private readonly zip: Zip;
  private queue: Uint8Array[] = [];
  private failure: Error | null = null;
  private written = 0;
  private ended = false;

  constructor(private readonly mtime: Date) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure ??= err;
        return;
      }
      this.written += chunk.length;
      this.queue.push(chunk);
      if (final) this.ended = true;
    });
  }

  /** Bytes made so far and not yet taken. */
  take(): Uint8Array[] {
    if (this.failure) throw this.failure;
    if (this.written > MAX_ZIP_BYTES)
      throw new S100Error('limit_exceeded', 'the exchange set would pass 4 GB, the limit of a zip without Zip64');
    const out = this.queue;
    this.queue = [];
    return out;
  }

  openEntry(name: string): ZipEntryWriter {
    const entry = new ZipPassThrough(name);
    entry.mtime = this.mtime;
    this.zip.add(entry);
    return { push: (chunk, isLast = false) => entry.push(chunk, isLast) };
  }

  addFile(name: string, data: Uint8Array): void {
    this.openEntry(name).push(data, true);
  }

  end(): void {
    this.zip.end();
    if (!this.ended && !this.failure) throw new Error('zip did not finish');
  }

  get size(): number {
    return this.written;
  }
}
