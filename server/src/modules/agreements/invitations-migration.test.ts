import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder, openFresh } from '../../db/migration.test-helper.js';
import { agreementInstallations, agreementInvitations, agreementUsers } from '../../db/schema/index.js';
import { seedDistributor, seedUser } from '../../db/seed/factories.js';
import { seedAgreement, seedAgreementUser, seedUserInstallation } from '../../db/seed/orders-demo.js';

// Issue 34: consent comes with a migration; the memberships made before it must stay.
describe('the agreement-invitations migration', () => {
  let before: string;
  let database: Awaited<ReturnType<typeof openFresh>>;
  beforeAll(async () => {
    before = migrationsBefore('agreement-invitations');
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
