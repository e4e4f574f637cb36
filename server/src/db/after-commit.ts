import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from './client.js';

// Word sent to this process once a write is visible to everyone: a repository that changes what
// another module remembers (the tile store's map tasks, `noteChartsChanged`) asks for its notice
// with `afterCommit`, and the service that owns the transaction opens it with `runTransaction`,
// which sends the notices once the commit has succeeded. Sent earlier, a reader on another
// connection would fill its memo again from the old rows before the commit; a rolled-back write
// sends none.

const pending = new WeakMap<object, (() => void)[]>();

/** `db.transaction(work)`, then the notices asked for inside it, in order, after the commit. */
export async function runTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const notices: (() => void)[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, notices);
    return work(tx);
  });
  for (const notice of notices) notice();
  return result;
}

/**
 * Sends `notice` once what was written through `db` is committed: at once outside a transaction
 * (the statement has committed), after the commit inside one opened by `runTransaction`. Inside any
 * other transaction it throws, so a notice is never sent early by mistake.
 */
export function afterCommit(db: DbOrTx, notice: () => void): void {
  if (!(db instanceof PgTransaction)) {
    notice();
    return;
  }
  const notices = pending.get(db);
  if (!notices) throw new Error('afterCommit: open this transaction with runTransaction (server/src/db/after-commit.ts)');
  notices.push(notice);
}
