import type pg from 'pg';

// What the ways of opening the database share: the migrations and the careful end of a pool.

/** The SQL migrations, read from the sources also when running the build. */
export const migrationsFolder = new URL('./migrations', import.meta.url).pathname.replace(/dist\/db\/migrations$/, 'src/db/migrations');

/**
 * pool.end() resolves once its clients are told to end, before their sockets close; waiting for
 * each client's 'remove' means a caller that drops the database next cannot kill a closing
 * connection (an unhandled 57P01 error in the test teardown otherwise).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) resolve();
    pool.on('remove', () => {
      open -= 1;
      if (open === 0) resolve();
    });
  });
  await pool.end();
  await closed;
}

/** A channel name goes into LISTEN's text (it takes no parameter): plain identifiers only. */
export function checkChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
}
