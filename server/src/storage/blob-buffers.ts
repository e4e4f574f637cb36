import { BlobNotFoundError, type BlobStore } from './blob-store.js';

/** Buffers are made in steps of this size, so cells of slightly different sizes share them. */
const STEP = 1024 * 1024;

/**
 * Whole blobs read one batch after another (the cells of a review or of an S-63 conversion: a
 * cell and its updates, then the next cell) into buffers that are used again, instead of a new
 * buffer of a few MB for every file. Freshly allocated, each would outlive a few young-generation
 * collections while its cell is checked, so it waited in the old generation for a full collection,
 * and the C allocator kept the freed memory: 300 cells of 3.4 MB, read twice each, piled up
 * 30–40 MB of dead buffers before a collection.
 *
 * `read` lends a buffer until `releaseAll`; what was read must not be kept past it (a released
 * buffer is zeroed, so a leftover view of it reads zeros, not another cell's bytes).
 */
export class BlobBuffers {
  private readonly free: Buffer[] = [];
  private readonly lent: Buffer[] = [];

  constructor(
    private readonly blobs: BlobStore,
    /** Buffers kept for reuse (a cell with its updates takes one each). */
    private readonly keep = 4,
  ) {}

  /** The bytes of blob `key`, in a buffer lent until `releaseAll`. */
  async read(key: string): Promise<Buffer> {
    const size = await this.blobs.size(key);
    if (size === null) throw new BlobNotFoundError(key);
    const buffer = this.take(size);
    this.lent.push(buffer);
    // Straight into the buffer (a positioned read on disk), not through a stream's 64 KB chunks.
    const bytes = await this.blobs.readRange(key, 0, size, buffer);
    if (bytes.length !== size) throw new Error(`${key} changed while it was read`);
    return bytes;
  }

  /** Takes back every buffer `read` lent; they are zeroed and kept for the next reads. */
  releaseAll(): void {
    for (const buffer of this.lent.splice(0)) {
      buffer.fill(0);
      if (this.free.length < this.keep) this.free.push(buffer);
    }
  }

  private take(size: number): Buffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      if (this.free[i]!.length >= size && (best < 0 || this.free[i]!.length < this.free[best]!.length)) best = i;
    }
    if (best >= 0) return this.free.splice(best, 1)[0]!;
    // A buffer too small for this blob is dropped rather than kept beside the larger one.
    if (this.free.length >= this.keep) this.free.shift();
    return Buffer.alloc(Math.max(STEP, Math.ceil(size / STEP) * STEP));
  }
}
