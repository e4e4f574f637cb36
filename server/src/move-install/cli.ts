// `npm run move-install -- --database postgres://… [--s3 http(s)://KEY:SECRET@host:port/bucket]`:
// moves the embedded installation in DATA_DIR (its PGlite database and its files) into PostgreSQL
// and an S3 store (or, without --s3, into the given database only, the files staying in
// DATA_DIR/blobs). The portal must be stopped. Prints what the new processes need.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../db/client.js';
import { LocalBlobStore, type BlobStore } from '../storage/blob-store.js';
import { S3BlobStore } from '../storage/s3-blob-store.js';
import { parseS3Url } from '../storage/s3-url.js';
import { moveInstallation } from './move.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE =
  'usage: npm run move-install -- --database postgres://user:pass@host:5432/db [--s3 http(s)://KEY:SECRET@host:port/bucket] [--data-dir DIR]';

function fail(message: string): never {
  console.error(`move-install: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    s3: { type: 'string' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean' },
  },
  strict: true,
}) as { values: { database?: string; s3?: string; 'data-dir'?: string; help?: boolean } };
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.database) fail(`--database is required\n${USAGE}`);
if (!/^postgres(ql)?:\/\//.test(values.database)) fail('--database must be a postgres:// URL');
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
if (!existsSync(join(dataDir, 'pglite'))) fail(`no embedded database in ${dataDir} (give --data-dir, or DATA_DIR)`);

let store: BlobStore | null = null;
if (values.s3) {
  const s3 = parseS3Url(values.s3, process.env.S3_REGION);
  // The reason never repeats the URL: it holds the secret.
  if (typeof s3 === 'string') fail(`--s3: ${s3}`);
  store = new S3BlobStore(s3);
}

let source: Database | null = null;
let target: Database | null = null;
try {
  source = await openDatabase({ dataDir });
  target = await openDatabase({ url: values.database });
  const started = Date.now();
  const report = await moveInstallation({
    source,
    sourceBlobDir: join(dataDir, 'blobs'),
    target,
    // Without --s3 the files stay where they are: the "copy" goes onto themselves and is skipped by size.
    targetStore: store ?? new LocalBlobStore(join(dataDir, 'blobs')),
    progress: (line) => console.log(line),
  });
  const rows = report.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Moved ${rows} rows in ${report.tables.length} tables and ${report.files} files (${(report.bytes / 1e6).toFixed(1)} MB) in ${(
      (Date.now() - started) /
      1000
    ).toFixed(1)} s.`,
  );
  console.log('Start every process of the new setup with:');
  console.log(`  DATABASE_URL=<the --database URL>${store ? ' S3_URL=<the --s3 URL>' : ` DATA_DIR=${dataDir}`}`);
  console.log(`  DATA_KEY=$(cat ${join(dataDir, 'data-key')})   (the same key for every process; keep it secret)`);
  console.log('Sign-ins, sessions and the S-63 data server key carry over: they are in the database.');
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
} finally {
  await source?.close().catch(() => undefined);
  await target?.close().catch(() => undefined);
  await store?.close().catch(() => undefined);
}
