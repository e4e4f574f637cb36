/**
 * Loads many keys with one call while a call is in flight: a key asked for while a batch is on its
 * way waits for the next batch, which starts after it was asked for, so an answer is never older
 * than the request that wanted it. The first batch after a quiet spell starts once the current turn
 * of the event loop is over (setImmediate, no timer), so the requests read off the sockets in that
 * turn go in one statement rather than the first alone. Concurrent asks for the same key share one
 * entry of the batch.
 */
export class Batcher<K, V> {
  private pending = new Map<K, { resolve: (value: V | undefined) => void; reject: (err: unknown) => void }[]>();
  private inFlight = false;

  constructor(
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 500,
  ) {}

  /** The key's value, or undefined when the batch's answer has none for it. */
  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (!this.inFlight) {
        this.inFlight = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.inFlight = true;
    try {
      while (this.pending.size > 0) {
        const batch = [...this.pending].slice(0, this.maxBatch);
        for (const [key] of batch) this.pending.delete(key);
        try {
          const values = await this.loadMany(batch.map(([key]) => key));
          for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key));
        } catch (err) {
          for (const [, waiters] of batch) for (const w of waiters) w.reject(err);
        }
      }
    } finally {
      this.inFlight = false;
    }
  }
}
