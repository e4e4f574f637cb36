import pg from 'pg';

/** The PostgreSQL the whole-deployment tests use: DATABASE_URL, or the machine's, as CI runs it. */
export const postgresAdminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Whether that PostgreSQL answers. Without it such a test skips, unless REQUIRE_POSTGRES=1 (CI),
 * where this throws instead.
 */
export async function postgresAvailable(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  let answers = false;
  try {
    await probe.connect();
    await probe.query('select 1');
    answers = true;
  } catch {
    answers = false;
  } finally {
    await probe.end().catch(() => undefined);
  }
  if (!answers && process.env.REQUIRE_POSTGRES === '1') {
    throw new Error(`REQUIRE_POSTGRES=1 but no PostgreSQL answers at ${new URL(postgresAdminUrl).host}`);
  }
  return answers;
}
