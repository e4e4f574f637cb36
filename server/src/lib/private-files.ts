import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// Everything the portal writes (the database, blobs, staged uploads, keys) is its own: folders 0700,
// files 0600, whatever umask the process was started with.

/** New files 0600 and folders 0700 from now on in this process (and the processes it starts). */
export function writePrivately(): void {
  process.umask(0o077);
}

/** Makes a folder (and its parents) 0700, and closes it to other users when it already existed. */
export function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Closes a folder tree to other users: folders 0700, files 0600 (a data folder an older install or
 * an engine that sets its own modes left group-readable). Symbolic links are left alone.
 */
export function tightenTree(dir: string): void {
  const stat = lstatSync(dir);
  if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) tightenTree(path);
    else if (entry.isFile() && (lstatSync(path).mode & 0o077) !== 0) chmodSync(path, lstatSync(path).mode & 0o700);
  }
}
