import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activations, installations, licenses, userInstallations } from '../../db/schema/index.js';

/**
 * Gathers the user's devices into `user_installations`: every device the user activated while signed in
 * and every device on the user's licences. Idempotent: a device already known keeps its id.
 */
export async function syncUserInstallations(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO ${userInstallations} (user_id, device_id, application_type_id, platform_id)
    SELECT DISTINCT ON (device_id) user_id, device_id, application_type_id, platform_id FROM (
      SELECT ${activations.userId} AS user_id, ${activations.deviceId} AS device_id,
             ${activations.applicationTypeId} AS application_type_id, ${activations.platformId} AS platform_id,
             ${activations.createdAt} AS created_at
        FROM ${activations} WHERE ${activations.userId} = ${userId}
      UNION ALL
      SELECT ${licenses.userId}, ${installations.deviceId}, ${installations.applicationTypeId}, ${installations.platformId},
             ${installations.createdAt}
        FROM ${installations} JOIN ${licenses} ON ${licenses.id} = ${installations.licenseId}
       WHERE ${licenses.userId} = ${userId}
    ) AS devices
    ORDER BY device_id, created_at
    ON CONFLICT (user_id, device_id) DO NOTHING`);
}

export async function listUserInstallations(db: DbOrTx, userId: number) {
  return db.select().from(userInstallations).where(eq(userInstallations.userId, userId)).orderBy(userInstallations.id);
}

export async function findUserInstallation(db: DbOrTx, userId: number, installationId: number) {
  const [row] = await db
    .select()
    .from(userInstallations)
    .where(and(eq(userInstallations.id, installationId), eq(userInstallations.userId, userId)));
  return row;
}

export async function setInstallationShipName(db: DbOrTx, installationId: number, shipName: string): Promise<void> {
  await db.update(userInstallations).set({ shipName }).where(eq(userInstallations.id, installationId));
}

export async function insertUserInstallation(db: DbOrTx, values: typeof userInstallations.$inferInsert) {
  const [row] = await db.insert(userInstallations).values(values).returning();
  return row!;
}
