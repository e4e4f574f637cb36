import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { agreementInstallations, agreementInvitations, agreementUsers } from '../../db/schema/index.js';
import { seedDistributor, seedUser } from '../../db/seed/factories.js';
import { seedAgreement, seedAgreementUser, seedUserInstallation } from '../../db/seed/orders-demo.js';

const migrationsFolder = new URL('../../db/migrations', import.meta.url).pathname;

/** A copy of the migrations folder whose journal stops before the one that brought invitations. */
function migrationsBeforeInvitations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'chartroom-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith('_agreement-invitations'));
  if (at < 1) throw new Error('no agreement-invitations migration in the journal');
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A fresh database (PostgreSQL when DATABASE_URL is set, as CI runs it; embedded PGlite otherwise) and its migrator. */
async function openFresh(): Promise<{ db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = await PGlite.create();
    const db = drizzle(client);
    return {
      db: db as unknown as Db,
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
  const name = `chartroom_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzle(pool);
  return {
    db: db as unknown as Db,
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

// Issue 34: consent comes with a migration; the memberships made before it must stay.
describe('the agreement-invitations migration', () => {
  let before: string;
  let database: Awaited<ReturnType<typeof openFresh>>;
  beforeAll(async () => {
    before = migrationsBeforeInvitations();
    database = await openFresh();
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps every existing membership of users and devices on agreements', async () => {
    await database.migrate(before);
    const { db } = database;
    const owner = await seedUser(db, { email: 'owner@example.test', password: 'pw-123456', roles: ['user', 'distributor2'] });
    const sailor = await seedUser(db, { email: 'sailor@example.test', password: 'pw-123456' });
    const distributor = await seedDistributor(db, { mainUserId: owner.id, title: 'Old Agency' });
    const agreement = await seedAgreement(db, { distributorId: distributor.id, name: 'Fleet from before' });
    const one = await seedUserInstallation(db, { userId: sailor.id, deviceId: 'OLD-1', applicationTypeId: 101 });
    const two = await seedUserInstallation(db, { userId: sailor.id, deviceId: 'OLD-2', applicationTypeId: 102 });
    await seedAgreementUser(db, { agreementId: agreement.id, userId: sailor.id, installationId: one.id, userLimit: '50.00' });
    await seedAgreementUser(db, { agreementId: agreement.id, userId: sailor.id, installationId: two.id });
    const linksBefore = await db.select().from(agreementInstallations).orderBy(agreementInstallations.id);
    const usersBefore = await db.select().from(agreementUsers);
    expect(linksBefore).toHaveLength(2);

    await database.migrate(migrationsFolder);
    expect(await db.select().from(agreementInstallations).orderBy(agreementInstallations.id)).toEqual(linksBefore);
    expect(await db.select().from(agreementUsers)).toEqual(usersBefore);
    expect(usersBefore).toEqual([expect.objectContaining({ userId: sailor.id, userLimit: '50.00' })]);
    // The new table is there and empty: old members need no invitation.
    expect(await db.select().from(agreementInvitations).where(eq(agreementInvitations.agreementId, agreement.id))).toEqual([]);
  });
});
