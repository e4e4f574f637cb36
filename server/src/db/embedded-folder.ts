import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** The embedded database is in use by another live portal (PGlite is one process by construction). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dir} is in use by process ${pid}: stop that portal first (or give this one another DATA_DIR)`);
  }
}

function pidAlive(pid: number): boolean {
  if (pid === process.pid) return false; // an earlier life of this pid (a restarted container)
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the embedded database folder for this process: two processes on one PGlite folder would
 * corrupt it (a second `npm start`, or `npm run seed` / `move-install` while the portal runs). The
 * claim is a file made with O_EXCL holding this pid and the portal's (`portalPid`: the process the
 * database serves, which is the one to stop); a claim whose process is gone is taken over. A
 * database process whose portal has died (killed) is closing: the claim waits up to `waitMs` for it.
 */
export async function claimFolder(dir: string, portalPid = process.pid, waitMs = 10_000): Promise<() => void> {
  // Beside the folder, not in it: PGlite's initdb wants an empty folder.
  const file = `${dir}.pid`;
  const deadline = Date.now() + waitMs;
  // Races with another claimer (the file removed or replaced between two calls) are retried a few
  // times; waiting for a closing database process is bounded by `waitMs`.
  for (let races = 0; races < 5;) {
    try {
      writeFileSync(file, `${process.pid} ${portalPid}`, { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim().split(' ')[0] === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let holder = Number.NaN;
      let portal = Number.NaN;
      try {
        [holder, portal = holder] = readFileSync(file, 'utf8').trim().split(' ').map(Number) as [number, number?];
      } catch {
        races += 1;
        continue; // removed between the two calls: try again
      }
      if (Number.isInteger(holder) && holder > 0 && pidAlive(holder)) {
        const orphan = portal !== holder && !pidAlive(portal);
        if (!orphan || Date.now() > deadline) throw new DatabaseInUseError(dir, orphan ? holder : portal);
        await sleep(50);
        continue;
      }
      races += 1;
      try {
        unlinkSync(file);
      } catch {
        // another process took it over first; the next attempt tells
      }
    }
  }
  throw new Error(`Could not claim the embedded database folder ${dir}`);
}
