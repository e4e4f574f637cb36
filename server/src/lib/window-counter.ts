/**
 * Requests per key in fixed windows, kept in this process's memory: for limits on hot paths (map
 * tiles) where a shared store would cost a database statement per request. With several processes
 * each counts its own share, so the limit a client meets is at most this one times the processes.
 * Keys are dropped when their window ends; `maxKeys` bounds the memory a flood of addresses takes
 * (past it the oldest window's keys go first, which can only let a request through, never refuse one).
 */
export class WindowCounter {
  private windowStart = 0;
  private counts = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`: allowed, or refused with the seconds until the window ends. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count > this.limit)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000)) };
    if (this.counts.size >= this.maxKeys && !this.counts.has(key)) this.counts = new Map();
    this.counts.set(key, count);
    return { allowed: true };
  }
}
