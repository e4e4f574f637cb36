// The embedded database's own process (decision 0020): started by the portal (db/client.ts), it
// opens PGlite on the data folder (or in memory) and answers PostgreSQL's protocol on a Unix socket
// in a folder only this user can enter. It ends with the portal: when told to, or when the portal's
// channel closes because the portal died.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { tightenTree, writePrivately } from '../lib/private-files.js';
import { claimFolder, DatabaseInUseError } from './embedded-folder.js';
import { startEmbeddedServer, type EmbeddedServer } from './embedded-server.js';

/** What the portal passes in argv[2]; the answers come back over the IPC channel. */
export interface EmbeddedProcessOptions {
  /** The PGlite folder, or null for a database in memory. */
  dir: string | null;
  /** The folder the socket is made in (`.s.PGSQL.5432`, where `pg` looks for it). */
  socketDir: string;
}

export type EmbeddedProcessMessage = { type: 'ready' } | { type: 'failed'; message: string; inUse?: { dir: string; pid: number } };

const send = (message: EmbeddedProcessMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '') as EmbeddedProcessOptions;
  // What the database writes while it runs (new tables, WAL segments) is 0600 in 0700 folders.
  writePrivately();
  let release = (): void => undefined;
  let db: PGlite;
  try {
    if (options.dir) {
      release = await claimFolder(options.dir, process.ppid);
      db = await PGlite.create(options.dir);
      // PGlite makes its folder 0750 and some files 0640 whatever the umask: closed again here.
      tightenTree(options.dir);
    } else {
      db = await PGlite.create();
    }
  } catch (err) {
    release();
    await send(
      err instanceof DatabaseInUseError
        ? { type: 'failed', message: err.message, inUse: { dir: err.dir, pid: err.pid } }
        : { type: 'failed', message: err instanceof Error ? err.message : String(err) },
    );
    process.exit(1);
  }
  let server: EmbeddedServer;
  try {
    server = await startEmbeddedServer(db, join(options.socketDir, '.s.PGSQL.5432'));
  } catch (err) {
    // A socket that cannot be made (a TMPDIR too long for a socket's path, one not writable).
    await db.close().catch(() => undefined);
    release();
    await send({ type: 'failed', message: `the embedded database's socket in ${options.socketDir}: ${(err as Error).message}` });
    process.exit(1);
  }

  let closing = false;
  const close = async (code: number) => {
    if (closing) return;
    closing = true;
    try {
      await server.close();
      await db.close();
    } finally {
      release();
      rmSync(options.socketDir, { recursive: true, force: true });
      process.exit(code);
    }
  };
  process.on('message', (message: { type?: string }) => {
    if (message?.type === 'close') void close(0);
  });
  // The portal is gone (stopped or killed): close the database cleanly rather than be left running.
  process.on('disconnect', () => void close(0));
  // A signal to the process group (Ctrl-C in the terminal, a service manager's stop) is the
  // portal's to handle: it finishes its requests and then tells this process to close. Sent to this
  // process alone, it closes after the portal's own time to stop (main.ts: 15 s).
  const later = () => setTimeout(() => void close(0), 16_000).unref();
  process.on('SIGINT', later);
  process.on('SIGTERM', later);
  await send({ type: 'ready' });
}

void main();
