import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.js';
import { partFileOwner, type BlobStore } from '../storage/blob-store.js';

// Moves an embedded installation (PGlite in DATA_DIR/pglite, files in DATA_DIR/blobs) into the
// deployment of docs/deploy.md: a PostgreSQL database and a blob store (S3, or another folder).
// Files go first (copying them again is harmless), then every row in one transaction on the
// target, so a failure leaves the target database as empty as it was.

/** Tables that describe the processes of the old installation, not its data. */
const TRANSIENT_TABLES = new Set(['server_processes']);
/** Rows per INSERT: bounded memory whatever the table's size. */
const BATCH_ROWS = 500;

export interface MoveReport {
  tables: { name: string; rows: number }[];
  files: number;
  bytes: number;
}

export class MoveError extends Error {}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables in an order where every referenced table comes before the ones that reference it. */
async function tablesInOrder(db: Database['db']): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  ).map((r) => r.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      SELECT c.relname AS child, p.relname AS parent
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
      JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND cn.nspname = 'public' AND c.relname <> p.relname`),
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p) || !parents.has(p)));
    if (ready.length === 0) throw new MoveError('The tables reference each other in a cycle; this version cannot order them');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered.filter((t) => !TRANSIENT_TABLES.has(t));
}

/** The primary key's columns, so rows are copied in the order they were made (ids, ledger chains). */
async function primaryKey(db: DbOrTx, table: string): Promise<string[]> {
  return rowsOf<{ column: string }>(
    await db.execute(sql`
      SELECT a.attname AS column
      FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = ${`public.${quoteIdent(table)}`}::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey, a.attnum)`),
  ).map((r) => r.column);
}

async function countRows(db: Database['db'], table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`SELECT count(*)::int AS n FROM public.${quoteIdent(table)}`)));
  return row?.n ?? 0;
}

/** Every file of a local blob folder as its store key (`a/b/c`), without partial writes. */
async function* localBlobKeys(root: string, dir = root): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (e.isDirectory()) yield* localBlobKeys(root, path);
    else if (e.isFile() && partFileOwner(e.name) === undefined) yield relative(root, path).split(sep).join('/');
  }
}

export interface MoveOptions {
  /** The embedded database (opened on DATA_DIR, migrated). */
  source: Database;
  /** DATA_DIR/blobs of the embedded installation. */
  sourceBlobDir: string;
  /** The PostgreSQL database to fill: migrated here, and it must hold no rows yet. */
  target: Database;
  targetStore: BlobStore;
  progress?: (line: string) => void;
}

/**
 * Tables a migration fills (the registered application types, migration 0015): a new database
 * holds their rows already, which the source's rows (with their sealed keys) replace.
 */
const filledByMigrations = new Set(['device_applications']);

/** Copies the files, then every row in one transaction. The target must be empty. */
export async function moveInstallation(opts: MoveOptions): Promise<MoveReport> {
  const { source, target, targetStore } = opts;
  const say = opts.progress ?? (() => undefined);
  if (source.kind !== 'pglite') throw new MoveError('The source must be the embedded database');
  if (target.kind !== 'postgres') throw new MoveError('The target must be a PostgreSQL database (--database postgres://…)');

  await source.migrate();
  await target.migrate();
  const tables = await tablesInOrder(source.db);
  for (const t of await tablesInOrder(target.db)) {
    if (filledByMigrations.has(t)) continue;
    const n = await countRows(target.db, t);
    if (n > 0) throw new MoveError(`The target database is not empty (table ${t} holds ${n} rows): move into a new, empty database`);
  }

  say('Copying files…');
  await targetStore.prepare();
  let files = 0;
  let bytes = 0;
  for await (const key of localBlobKeys(opts.sourceBlobDir)) {
    const path = join(opts.sourceBlobDir, ...key.split('/'));
    const size = (await stat(path)).size;
    const existing = await targetStore.size(key);
    if (existing !== size) await targetStore.put(key, createReadStream(path));
    files += 1;
    bytes += size;
    if (files % 200 === 0) say(`  ${files} files, ${(bytes / 1e6).toFixed(1)} MB`);
  }
  say(`  ${files} files, ${(bytes / 1e6).toFixed(1)} MB`);

  say('Copying the database…');
  const report: MoveReport = { tables: [], files, bytes };
  // A consistent snapshot of the source: one read transaction over all tables (cursors live in it).
  await source.db.transaction(async (src) => {
    await src.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    await target.db.transaction(async (dst) => {
      for (const table of [...tables].reverse()) {
        if (filledByMigrations.has(table)) await dst.execute(sql.raw(`DELETE FROM public.${quoteIdent(table)}`));
      }
      // The rows arrive as they were: the tables' own triggers (the chart stamps of migration 0018)
      // are off while they are copied, in this transaction only, so nothing is stamped anew.
      for (const table of tables) await dst.execute(sql.raw(`ALTER TABLE public.${quoteIdent(table)} DISABLE TRIGGER USER`));
      for (const table of tables) {
        const key = await primaryKey(src, table);
        const order = key.length > 0 ? `ORDER BY ${key.map((k) => `t.${quoteIdent(k)}`).join(', ')}` : '';
        const cursor = `move_${table.replace(/[^a-z0-9_]/gi, '_')}`;
        // Rows travel as PostgreSQL's own JSON text and are never parsed here: numerics, bytea and
        // timestamps arrive exactly as they were (json_populate_recordset reads each value with the
        // column type's input function).
        await src.execute(
          sql.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM public.${quoteIdent(table)} t ${order}`),
        );
        let rows = 0;
        for (;;) {
          const batch = rowsOf<{ j: string }>(await src.execute(sql.raw(`FETCH ${BATCH_ROWS} FROM ${cursor}`)));
          if (batch.length === 0) break;
          const json = `[${batch.map((r) => r.j).join(',')}]`;
          await dst.execute(
            sql`INSERT INTO ${sql.raw(`public.${quoteIdent(table)}`)} OVERRIDING SYSTEM VALUE
                SELECT * FROM json_populate_recordset(NULL::${sql.raw(`public.${quoteIdent(table)}`)}, ${json}::json)`,
          );
          rows += batch.length;
        }
        await src.execute(sql.raw(`CLOSE ${cursor}`));
        // Identity columns and serials continue after the highest copied id.
        const sequences = rowsOf<{ column: string; seq: string }>(
          await dst.execute(sql`
            SELECT a.attname AS column, pg_get_serial_sequence(${`public.${quoteIdent(table)}`}, a.attname) AS seq
            FROM pg_attribute a
            WHERE a.attrelid = ${`public.${quoteIdent(table)}`}::regclass AND a.attnum > 0 AND NOT a.attisdropped
              AND pg_get_serial_sequence(${`public.${quoteIdent(table)}`}, a.attname) IS NOT NULL`),
        );
        for (const { column, seq } of sequences) {
          await dst.execute(
            sql`SELECT setval(${seq}, COALESCE(max(${sql.raw(quoteIdent(column))}), 0) + 1, false) FROM ${sql.raw(
              `public.${quoteIdent(table)}`,
            )}`,
          );
        }
        report.tables.push({ name: table, rows });
        if (rows > 0) say(`  ${table}: ${rows}`);
      }
      for (const table of tables) await dst.execute(sql.raw(`ALTER TABLE public.${quoteIdent(table)} ENABLE TRIGGER USER`));
      // Sequences of no column (`chart_stamps`) go on from where the source's were.
      const free = rowsOf<{ name: string; value: string | null }>(
        await src.execute(sql`
          SELECT s.sequencename AS name, s.last_value::text AS value FROM pg_sequences s
          WHERE s.schemaname = 'public' AND NOT EXISTS (
            SELECT 1 FROM pg_depend d WHERE d.objid = format('public.%I', s.sequencename)::regclass AND d.deptype IN ('a', 'i'))`),
      );
      for (const { name, value } of free) {
        if (value !== null) await dst.execute(sql`SELECT setval(${`public.${quoteIdent(name)}`}, ${value}::bigint, true)`);
      }
    });
  });
  return report;
}
