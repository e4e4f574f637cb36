import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { privateFolder, tightenTree } from '../lib/private-files.js';
import { claimFolder } from './embedded-folder.js';
import { migrationsFolder } from './pool-helpers.js';
import { ReadCache, registerReadCache, trackWrites } from './read-cache.js';
import * as schema from './schema/index.js';
import type { Database, Db } from './types.js';

/** Embedded PGlite inside this process: the test suite's quick databases. */
export async function openPgliteInProcess(dataDir: string | undefined): Promise<Database> {
  // The embedded engine is loaded only here: a portal on PostgreSQL does not hold its code
  // (with nodemailer loaded late too, 1.6 MB less heap at rest: bench/README.md, uploads).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client: PGlite;
  let release = (): void => undefined;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    privateFolder(dir);
    release = await claimFolder(dir);
    try {
      client = await PGlite.create(dir);
      // PGlite makes its folder 0750 and some files 0640 whatever the umask: closed again here.
      tightenTree(dir);
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = await PGlite.create();
  }
  const cache = new ReadCache(true);
  trackWrites(client, cache);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  registerReadCache(db, cache);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
    exclusive: (_name, work) => work(),
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, () => onNotify());
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}
