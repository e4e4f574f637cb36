import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { Batcher } from '../lib/batcher.js';

/**
 * Hot reads (the signed-in account, a user's licences, a device's token and licences) answered from
 * memory while the database has not changed since they were read. Only on the embedded database,
 * which one portal holds alone: in its own process (decision 0020) every statement of the portal
 * goes through the pool's one connection, which `trackPoolWrites` below watches; kept in the test
 * process (`TEST_EMBEDDED` unset), PGlite's own methods are wrapped by `trackWrites`. Every
 * statement that may write bumps the epoch before it runs and again when it ends; an entry read
 * under an older epoch is never served, and concurrent misses of a key share one read only if no
 * write came in between. A role removed or a licence issued is therefore seen by the very next
 * request. On PostgreSQL other processes write too, so nothing is kept: concurrent requests only
 * share reads and batches (`getBatched`) that started after they all arrived (decision 0015).
 */
export class ReadCache {
  private epoch = 0;
  private readonly entries = new Map<string, { epoch: number; value: unknown }>();
  /** Reads under way on the epoch cache, by key: concurrent misses of one key share one read. */
  private readonly pending = new Map<string, { epoch: number; read: Promise<{ value: unknown; kept: boolean }> }>();
  private readonly flights = new Map<string, { started: boolean; running: Promise<unknown>; next: Promise<unknown> | null }>();
  private readonly batchers = new Map<string, Batcher<unknown, unknown>>();

  /**
   * `enabled`: keep values in memory under the write epoch (embedded PGlite). `coalesce` (PostgreSQL,
   * where other processes write): keep nothing, but let concurrent requests for one key share a read
   * that started after they all arrived, so each answer is still read after its request came in.
   */
  constructor(
    readonly enabled: boolean,
    private readonly maxEntries = 10_000,
    private readonly coalesce = false,
  ) {}

  /** Called for every statement that may write, before it runs and after it has finished. */
  bump(): void {
    this.epoch++;
    if (this.entries.size > 0) this.entries.clear();
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return this.coalesce ? (this.shared(key, load) as Promise<T>) : load();
    const hit = this.entries.get(key);
    if (hit && hit.epoch === this.epoch) return hit.value as T;
    // A read of this key under way since the last write: this request shares it if no write comes
    // before it ends, since then nothing changed between the read and this request's arrival.
    const pending = this.pending.get(key);
    if (pending && pending.epoch === this.epoch) {
      const shared = await pending.read.catch(() => undefined);
      if (shared?.kept) return shared.value as T;
      return this.get(key, load);
    }
    const epoch = this.epoch;
    const read = (async () => {
      const value = deepFreeze(await load());
      // A write that started while this read ran makes the value suspect: return it, keep nothing.
      const kept = epoch === this.epoch;
      if (kept) {
        if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { epoch, value });
      }
      return { value, kept };
    })();
    const flight = { epoch, read };
    this.pending.set(key, flight);
    try {
      return (await read).value as T;
    } finally {
      if (this.pending.get(key) === flight) this.pending.delete(key);
    }
  }

  /**
   * A read of one key of a family that PostgreSQL can answer for many keys in one statement
   * (`loadMany`, one entry per key it found): there, the keys that concurrent requests ask for are
   * read together, each batch starting after its requests arrived (lib/batcher.ts). From memory under
   * the epoch on PGlite (`loadOne`), and `loadOne` as it is inside a transaction.
   */
  async getBatched<K, V>(
    family: string,
    key: K,
    loadOne: () => Promise<V>,
    loadMany: (keys: K[]) => Promise<Map<K, V>>,
  ): Promise<V | undefined> {
    if (this.enabled || !this.coalesce) return this.get(`${family}:${String(key)}`, loadOne);
    let batcher = this.batchers.get(family) as Batcher<K, V> | undefined;
    if (!batcher) {
      batcher = new Batcher<K, V>(async (keys) => {
        const values = await loadMany(keys);
        for (const v of values.values()) deepFreeze(v);
        return values;
      });
      this.batchers.set(family, batcher as Batcher<unknown, unknown>);
    }
    return batcher.load(key);
  }

  /**
   * A read of `key` shared by every request that asks while none of the same key is under way, or
   * while one is: a read already under way may have started before this request arrived, so the
   * request waits for it to end and then shares the next read with all who came meanwhile.
   */
  private shared(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const flight = this.flights.get(key);
    if (!flight) return this.launch(key, load);
    // A read that has not started yet starts after this request arrived: the request joins it.
    if (!flight.started) return flight.running;
    flight.next ??= flight.running.then(ignore, ignore).then(() => this.launch(key, load));
    return flight.next;
  }

  /** A read of `key` that starts once the requests that came in this turn of the event loop joined it. */
  private launch(key: string, load: () => Promise<unknown>): Promise<unknown> {
    const flight = { started: false, running: null as unknown as Promise<unknown>, next: null as Promise<unknown> | null };
    flight.running = nextTurn()
      .then(() => {
        flight.started = true;
        return load();
      })
      .then(deepFreeze);
    this.flights.set(key, flight);
    const settle = () => {
      if (this.flights.get(key) === flight && !flight.next) this.flights.delete(key);
    };
    flight.running.then(settle, settle);
    return flight.running;
  }
}

const ignore = () => undefined;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Per shared read: its presentations by presenter, and by the request's own key (`''` for none). */
const presentations = new WeakMap<object, Map<unknown, Map<string, unknown>>>();
/** Values presentOnce/presentOnceFor made: deep-frozen, shared by the requests of one read. */
const sharedPresentations = new WeakSet<object>();

/** Whether `value` is a shared presentation (deep-frozen): its JSON can be written once per read. */
export function isSharedPresentation(value: unknown): value is object {
  return typeof value === 'object' && value !== null && sharedPresentations.has(value);
}

/** The presentation of frozen rows by `presenter` for `ownKey`, made once and frozen. */
function sharedPresentation<R>(rows: object, presenter: unknown, ownKey: string, make: () => R): R {
  let byPresenter = presentations.get(rows);
  if (!byPresenter) presentations.set(rows, (byPresenter = new Map()));
  let byKey = byPresenter.get(presenter);
  if (!byKey) byPresenter.set(presenter, (byKey = new Map()));
  if (!byKey.has(ownKey)) {
    const value = deepFreeze(make());
    if (typeof value === 'object' && value !== null) sharedPresentations.add(value);
    byKey.set(ownKey, value);
  }
  return byKey.get(ownKey) as R;
}

/**
 * What a shared read's rows (frozen: from the cache or a shared statement) present as, worked out
 * once per read rather than once per request; frozen in turn. Rows that are not shared are
 * presented every time.
 */
export function presentOnce<T extends object, R>(rows: T, present: (rows: T) => R): R {
  if (!Object.isFrozen(rows)) return present(rows);
  return sharedPresentation(rows, present, '', () => present(rows));
}

/**
 * presentOnce for an answer made of a shared read's rows and a few fields of the request's own
 * (`own`, e.g. the signed-in account's): one frozen answer per read and distinct `ownKey`. As with
 * presentOnce, `present` must be one function for all requests (answers are kept per presenter).
 */
export function presentOnceFor<T extends object, O, R>(rows: T, ownKey: string, own: O, present: (rows: T, own: O) => R): R {
  if (!Object.isFrozen(rows)) return present(rows, own);
  return sharedPresentation(rows, present, ownKey, () => present(rows, own));
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

/**
 * The same for the embedded database in its own process (decision 0020): every statement of this
 * process goes through `pool`'s one connection, so each client's `query` is wrapped as it connects.
 * A transaction is its statements on one client: `BEGIN` and `COMMIT` bump the epoch as writes do,
 * and with one connection no other statement runs until it ends.
 */
export function trackPoolWrites(pool: pg.Pool, cache: ReadCache): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string } | undefined;
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      if (isReadOnlyStatement(text)) return query(...args);
      cache.bump();
      const last = args.length - 1;
      const callback = args[last];
      if (typeof callback === 'function') {
        // pg-pool's form: the callback is the statement's end.
        args[last] = (...result: unknown[]) => {
          cache.bump();
          return (callback as (...r: unknown[]) => unknown)(...result);
        };
        return query(...args);
      }
      const done = query(...args) as Promise<unknown>;
      return done.finally(() => cache.bump());
    };
  });
}

const caches = new WeakMap<object, ReadCache>();
const uncached = new ReadCache(false);

/** The read cache of a database handle; a transaction gets none, a PostgreSQL handle one that only coalesces. */
export function readCacheOf(db: object): ReadCache {
  return caches.get(db) ?? uncached;
}

export function registerReadCache(db: object, cache: ReadCache): void {
  caches.set(db, cache);
}
