import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.js';
import { openDatabase } from '../db/client.js';
import { seedProvider } from '../db/seed/factories.js';
import { multipart } from '../modules/charts/charts.test-helper.js';
import { buildDemoHarbourCell } from '@chartroom/s57';

// Issue 34: what the portal writes is its own. Folders 0700, files 0600: the embedded database,
// the blob store with its staged uploads, the keys.

/** Every folder and file under `dir` whose mode lets anyone but the owner in, as "path mode". */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    const mode = statSync(d).mode & 0o777;
    if (mode !== 0o700) out.push(`${d} ${mode.toString(8)}`);
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && (statSync(path).mode & 0o077) !== 0) out.push(`${path} ${(statSync(path).mode & 0o777).toString(8)}`);
    }
  };
  walk(dir);
  return out;
}

/** How many files a tree holds (to show a check looked at something). */
function countFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;
}

describe('private data folders', () => {
  const made: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'chartroom-private-'));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the embedded database folder 0700 with files 0600, also what it writes while running (its own process)', async () => {
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir, embedded: 'process' });
    try {
      await database.migrate();
      // New relations and their files are made while the portal runs.
      await database.db.execute(sql`create table private_check (id int primary key, v text)`);
      await database.db.execute(sql`insert into private_check select g, repeat('x', 500) from generate_series(1, 2000) g`);
    } finally {
      await database.close();
    }
    const folder = join(dataDir, 'pglite');
    expect(countFiles(folder)).toBeGreaterThan(100);
    expect(openToOthers(folder)).toEqual([]);
  }, 120_000);

  it('closes a database folder an older install left group-readable when it opens it (in this process too)', async () => {
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir, embedded: 'in-process' });
    await first.close();
    const folder = join(dataDir, 'pglite');
    // As PGlite and an older portal left it: 0750 folders, 0640 and 0644 files.
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
      const path = join(entry.parentPath, entry.name);
      chmodSync(path, entry.isDirectory() ? 0o750 : 0o644);
    }
    chmodSync(folder, 0o755);
    expect(openToOthers(folder).length).toBeGreaterThan(100);
    const again = await openDatabase({ dataDir, embedded: 'in-process' });
    try {
      expect(openToOthers(folder)).toEqual([]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('keeps the data folder, the blob store, staged uploads and the keys 0700/0600', async () => {
    const t = await buildTestApp();
    try {
      // Key files an older install wrote readable by all are closed when the portal starts.
      for (const name of ['s63-data-server.cert.txt', 's63-local-sa.pub.pem'])
        expect(statSync(join(t.dataDir, name)).mode & 0o777, name).toBe(0o600);
      // A staged upload (kept for Apply) and its blobs.
      const provider = await t.loginAs('provider');
      const { geocontent } = await seedProvider(t.database.db, {
        ownerUserId: provider.id,
        title: 'Private HO',
        geocontentTitle: 'charts',
      });
      const body = multipart([
        { name: 'gcid', value: String(geocontent.id) },
        { name: 'files', filename: 'XX5DEMO1.000', data: buildDemoHarbourCell() },
      ]);
      const staged = await t.app.inject({
        method: 'POST',
        url: '/api/geocontent/addenc',
        headers: { ...provider.headers, ...body.headers },
        payload: body.payload,
      });
      expect(staged.statusCode, staged.body).toBe(200);
      if (t.app.blobs.kind === 'local') expect(countFiles(join(t.dataDir, 'blobs'))).toBeGreaterThan(0);
      expect(openToOthers(t.dataDir)).toEqual([]);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('closes key files an older install wrote readable by all', async () => {
    const dataDir = tempDir();
    const keyFiles = ['s63-data-server.key.pem', 's63-data-server.cert.txt', 's63-local-sa.pub.pem'];
    const first = await buildTestApp({ DATA_DIR: dataDir });
    await first.close();
    for (const name of keyFiles) chmodSync(join(dataDir, name), 0o644);
    const second = await buildTestApp({ DATA_DIR: dataDir });
    try {
      for (const name of keyFiles) expect(statSync(join(dataDir, name)).mode & 0o777, name).toBe(0o600);
    } finally {
      await second.close();
    }
  }, 120_000);
});
