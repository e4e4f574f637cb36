import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createUserPermit } from '@chartroom/s63';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, migrationsFolder, openFresh } from '../../db/migration.test-helper.js';
import { deviceApplications, deviceRegistrations } from '../../db/schema/index.js';
import { seedUser } from '../../db/seed/factories.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { readDevicePermits } from '../device-api/user-permit-check.js';
import { listApplicationTypes } from './application-types.service.js';

// Issue 35: the application types that were code become rows; the keys registered before stay in use.
describe('the application-types migration', () => {
  let before: string;
  let database: Awaited<ReturnType<typeof openFresh>>;
  beforeAll(async () => {
    before = migrationsBefore('application-types');
    database = await openFresh();
  });
  afterAll(async () => {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps 101 and its keys as version 1, adds 102 and 105 without keys, and marks devices as redeemed with version 1', async () => {
    await database.migrate(before);
    const { db } = database;
    const box = createSecretBox(randomBytes(32));
    // The table as it was: one app with its S-63 key, and a device redeemed with it.
    await db.execute(
      sql`INSERT INTO device_applications (application_type_id, name, m_id, m_key_sealed) VALUES (101, 'mKart ECDIS', '10', ${box.seal('10121')})`,
    );
    const sailor = await seedUser(db, { email: 'sailor@example.test', password: 'pw-123456' });
    await db.execute(
      sql`INSERT INTO device_registrations (user_id, device_id, hw_id, application_type_id, platform_id, token_hash) VALUES (${sailor.id}, 'OLD-1', '12345', 101, 1, 'hash-old-1')`,
    );

    await database.migrate(migrationsFolder);
    const types = await listApplicationTypes({ db });
    expect(types.map((a) => [a.id, a.name, a.s63?.mId ?? null, a.s63?.version ?? null, a.enabled])).toEqual([
      [101, 'mKart ECDIS', '10', 1, true],
      [102, 'dKart Navigator', null, null, true],
      [105, 'dKart Fishing', null, null, true],
    ]);
    const [registration] = await db.select().from(deviceRegistrations).where(eq(deviceRegistrations.deviceId, 'OLD-1'));
    expect(registration).toMatchObject({ hwId: '12345', s63KeyVersion: 1 });

    // The key sealed before the migration still reads a user permit; 102 has no key to read one with yet.
    const read = await readDevicePermits(db, box, {
      applicationTypeId: 101,
      userPermit: createUserPermit({ hwId: 'ABCDE', mKey: '10121', mId: '10' }),
    });
    expect(read).toMatchObject({ hwId: 'ABCDE', keyVersions: { s63KeyVersion: 1 } });
    await expect(
      readDevicePermits(db, box, { applicationTypeId: 102, userPermit: createUserPermit({ hwId: 'ABCDE', mKey: 'A1B2C', mId: '12' }) }),
    ).rejects.toMatchObject({ code: 'validation', details: [{ path: 'body.applicationTypeId' }] });
    expect((await db.select().from(deviceApplications)).map((r) => r.platforms)).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ]);
  });
});
