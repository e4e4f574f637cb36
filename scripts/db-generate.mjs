// Generates a migration from server/src/db/schema (drizzle-kit). npm keeps drizzle-orm inside
// server/node_modules while drizzle-kit sits at the root, so the root link is made for the run.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const link = `${root}node_modules/drizzle-orm`;
const made = !existsSync(link) && existsSync(`${root}server/node_modules/drizzle-orm`);
if (made) symlinkSync('../server/node_modules/drizzle-orm', link);
try {
  const r = spawnSync('npx', ['drizzle-kit', 'generate', ...process.argv.slice(2)], { cwd: `${root}server`, stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  if (made) rmSync(link);
}
