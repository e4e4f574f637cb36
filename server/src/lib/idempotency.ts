import { createHash } from 'node:crypto';
import { AppError } from '../errors.js';

// One Idempotency-Key, one effect (decision 0011). A request carries a key; its canonical form is
// hashed (`requestHash`) and stored with what it wrote. A retry with the same key and the same
// request is answered with what the first one wrote; the same key with another request is 409
// `idempotency_key_reused`. The write itself finds the key taken (a unique index, or a conditional
// insert) and throws `KeyTaken`, inside its transaction so it rolls back; `answerOnce` then answers
// with the winner's row. A write refused for another reason (a limit, a rate gone) throws
// `replayOr(error)`: a retry of a request that succeeded earlier gets that answer, whatever has
// changed since, and a new request the error. The two keyed writes, app orders (orders.service.ts)
// and balance entries (balance-entries.service.ts), go through here.

/**
 * Thrown by a keyed write when its key is already used (also by a concurrent twin that won): roll
 * back, then answer what was written with the key; `otherwise` is thrown when nothing was.
 */
export class KeyTaken extends Error {
  constructor(readonly otherwise?: unknown) {
    super('This Idempotency-Key is already used');
  }
}

/** The write is refused with `error`, unless the key was used by this same request before: then that answer. */
export function replayOr(error: unknown): KeyTaken {
  return new KeyTaken(error);
}

/** The hash stored with a keyed write: SHA-256 of the request's canonical JSON (key order as given). */
export function requestHash(canonical: unknown): string {
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** What was written earlier with a key: the hash it was written with and how to answer it. */
export interface EarlierWrite<T> {
  requestHash: string | null;
  answer(): T | Promise<T>;
}

export interface KeyedRequest<T> {
  hash: string;
  /** Reads what was written earlier with this key (by this caller), if anything. */
  findEarlier(): Promise<EarlierWrite<T> | null | undefined>;
  /** The 409's message when the key was used for another request. */
  reusedMessage: string;
}

/** The answer written earlier with this key, or null; 409 `idempotency_key_reused` when it was another request. */
async function replayEarlier<T>(request: KeyedRequest<T>): Promise<T | null> {
  const earlier = await request.findEarlier();
  if (!earlier) return null;
  if (earlier.requestHash !== request.hash) throw new AppError('idempotency_key_reused', request.reusedMessage);
  return earlier.answer();
}

/**
 * Runs the keyed write; when it throws `KeyTaken` (or `replayOr`), answers with what was written
 * with the key (a replay). `replayed` says which it was.
 */
export async function answerOnce<T>(request: KeyedRequest<T>, write: () => Promise<T>): Promise<{ value: T; replayed: boolean }> {
  try {
    return { value: await write(), replayed: false };
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const first = await replayEarlier(request);
    if (first === null) throw err.otherwise ?? err;
    return { value: first, replayed: true };
  }
}
