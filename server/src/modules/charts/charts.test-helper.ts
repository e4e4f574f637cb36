import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { seedProvider } from '../../db/seed/factories.js';

// Shared by the chart tests. The test app is described by shape here (not imported from
// test/helper.ts) so this file stays inside the server's compiled sources.
interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  loginAs(role: 'provider'): Promise<{ id: number; email: string; token: string; headers: { authorization: string } }>;
}

export type Part = { name: string; value: string } | { name: string; filename: string; data: Uint8Array };

/** A multipart/form-data body in the order given (so a test can send `gcid` after the files). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----chartroom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'filename' in p ? Buffer.from(p.data) : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function fileParts(field: string, paths: string[]): Part[] {
  return paths.map((p) => ({ name: field, filename: p.split('/').pop()!, data: readFileSync(p) }));
}

/** A provider account with one geocontent. */
export async function loginProvider(t: TestApp, title = 'Test Hydrographic Office') {
  const user = await t.loginAs('provider');
  const { geocontent } = await seedProvider(t.database.db, { ownerUserId: user.id, title, geocontentTitle: `${title} charts` });
  return { ...user, gcId: geocontent.id };
}

export async function postFiles(t: TestApp, url: string, headers: Record<string, string>, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

/**
 * Every blob of the test app's store, whichever it is (to show an upload left nothing behind). On
 * the local disk this includes partial writes (`.part` files), which S3 never shows as objects.
 */
export async function listBlobFiles(t: TestApp): Promise<string[]> {
  return t.app.blobs.kind === 'local' ? listLocalBlobFiles(t) : t.app.blobs.list('');
}

/** Every file under the local disk store's folder, partial writes included. */
export function listLocalBlobFiles(t: TestApp): string[] {
  const root = join(t.dataDir, 'blobs');
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names) {
      const full = join(dir, n);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full.slice(root.length + 1));
    }
  };
  walk(root);
  return out.sort();
}
