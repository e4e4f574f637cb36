import type { PGlite } from '@electric-sql/pglite';

/**
 * Hot reads (the signed-in account, a device's licences) answered from memory while the database
 * has not changed since they were read. Only for embedded PGlite: it lives in this process, so every
 * write passes through `trackWrites` below and bumps the epoch before it runs and again when it ends;
 * an entry read under an older epoch is never served. A role removed or a licence issued is therefore
 * seen by the very next request. On PostgreSQL other processes write too, so there is no cache and
 * every call goes to the database (decision 0015).
 */
export class ReadCache {
  private epoch = 0;
  private readonly entries = new Map<string, { epoch: number; value: unknown }>();

  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 10_000,
  ) {}

  /** Called for every statement that may write, before it runs and after it has finished. */
  bump(): void {
    this.epoch++;
    if (this.entries.size > 0) this.entries.clear();
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.epoch === this.epoch) return hit.value as T;
    const epoch = this.epoch;
    const value = deepFreeze(await load());
    // A write that started while this read ran makes the value suspect: return it, keep nothing.
    if (epoch === this.epoch) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, { epoch, value });
    }
    return value;
  }
}

/** Cached values are shared between requests: freezing makes an accidental mutation throw. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

// A plain SELECT reads; anything else (and a SELECT that locks, or calls a function that changes
// something) is taken as a write.
const plainSelect = /^\s*select\b/i;
const sideEffects = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b|\bnextval\s*\(|\bsetval\s*\(|\bpg_advisory|\bpg_notify\s*\(/i;

export function isReadOnlyStatement(sql: string): boolean {
  return plainSelect.test(sql) && !sideEffects.test(sql);
}

/** Makes every write through this PGlite client (queries, scripts, transactions) bump the cache. */
export function trackWrites(client: PGlite, cache: ReadCache): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const around = async <R>(write: boolean, run: () => Promise<R>): Promise<R> => {
    if (!write) return run();
    cache.bump();
    try {
      return await run();
    } finally {
      cache.bump();
    }
  };
  client.query = ((sql: string, ...rest: unknown[]) =>
    around(!isReadOnlyStatement(sql), () => (query as (...a: unknown[]) => Promise<unknown>)(sql, ...rest))) as PGlite['query'];
  client.exec = ((sql: string, ...rest: unknown[]) =>
    around(!isReadOnlyStatement(sql), () => (exec as (...a: unknown[]) => Promise<unknown>)(sql, ...rest))) as PGlite['exec'];
  // Statements inside a transaction run on its own handle, so the whole transaction counts as a write.
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    around(true, () => transaction(callback))) as PGlite['transaction'];
}

const caches = new WeakMap<object, ReadCache>();
const uncached = new ReadCache(false);

/** The read cache of a database handle; a transaction or a PostgreSQL handle gets none. */
export function readCacheOf(db: object): ReadCache {
  return caches.get(db) ?? uncached;
}

export function registerReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}
