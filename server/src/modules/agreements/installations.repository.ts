import { activationCodeTtlHours } from '@chartroom/contracts/constants';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  activations,
  agreementInstallations,
  deviceRegistrations,
  installations,
  licenses,
  orders,
  transactions,
  userInstallations,
} from '../../db/schema/index.js';

/**
 * An activation that still names a device: redeemed (a registration came of it), or pending (its
 * code can still be redeemed: before its expiry and within activationCodeTtlHours of being made,
 * which also ends the codes made before codes lasted a day).
 */
const liveActivation = (a: typeof activations) => sql`(
  exists (select 1 from ${deviceRegistrations} where ${deviceRegistrations.activationId} = ${a.id})
  or (${a.expiresAt} > now() and ${a.createdAt} > now() - make_interval(hours => ${activationCodeTtlHours})))`;

/**
 * Gathers the user's devices into `user_installations`: every device the user activated while signed in
 * (a code redeemed or still pending; an expired one names no device) and every device on the user's
 * licences. Idempotent: a device already known keeps its id. Devices only an expired, never redeemed
 * code named are removed first (sweepUnredeemedActivations).
 */
export async function syncUserInstallations(db: DbOrTx, userId: number): Promise<void> {
  await sweepUnredeemedActivations(db, userId);
  await db.execute(sql`
    INSERT INTO ${userInstallations} (user_id, device_id, application_type_id, platform_id)
    SELECT DISTINCT ON (device_id) user_id, device_id, application_type_id, platform_id FROM (
      SELECT ${activations.userId} AS user_id, ${activations.deviceId} AS device_id,
             ${activations.applicationTypeId} AS application_type_id, ${activations.platformId} AS platform_id,
             ${activations.createdAt} AS created_at
        FROM ${activations} WHERE ${activations.userId} = ${userId} AND ${liveActivation(activations)}
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

/**
 * Activation codes never redeemed expire and leave no device behind (issue 35): removes the user
 * installations that only such codes named — no licence holds the device, no live code or device
 * registration names it, and no order, agreement or transaction refers to it — then the expired
 * codes themselves. For one user (as their installations are listed) or all (the periodic sweep).
 * Returns how many devices and codes went.
 */
export async function sweepUnredeemedActivations(db: DbOrTx, userId?: number): Promise<{ devices: number; codes: number }> {
  const ui = userInstallations;
  const devices = await db
    .delete(ui)
    .where(
      and(
        userId === undefined ? undefined : eq(ui.userId, userId),
        sql`exists (select 1 from ${activations} where ${activations.userId} = ${ui.userId} and ${activations.deviceId} = ${ui.deviceId}
                      and not ${liveActivation(activations)})`,
        sql`not exists (select 1 from ${activations} where ${activations.userId} = ${ui.userId} and ${activations.deviceId} = ${ui.deviceId}
                          and ${liveActivation(activations)})`,
        sql`not exists (select 1 from ${installations} join ${licenses} on ${licenses.id} = ${installations.licenseId}
                         where ${licenses.userId} = ${ui.userId} and ${installations.deviceId} = ${ui.deviceId})`,
        sql`not exists (select 1 from ${deviceRegistrations} where ${deviceRegistrations.userId} = ${ui.userId}
                          and ${deviceRegistrations.deviceId} = ${ui.deviceId})`,
        sql`not exists (select 1 from ${orders} where ${orders.installationId} = ${ui.id})`,
        sql`not exists (select 1 from ${agreementInstallations} where ${agreementInstallations.installationId} = ${ui.id})`,
        sql`not exists (select 1 from ${transactions} where ${transactions.installationId} = ${ui.id})`,
      ),
    )
    .returning({ id: ui.id });
  const codes = await db
    .delete(activations)
    .where(and(userId === undefined ? undefined : eq(activations.userId, userId), sql`not ${liveActivation(activations)}`))
    .returning({ id: activations.id });
  return { devices: devices.length, codes: codes.length };
}

/** The devices' installation ids on the user's licences (the ids redeem gives), by device code. */
export async function listInstallationIdsByDevice(db: DbOrTx, userId: number, deviceIds?: string[]): Promise<Map<string, number[]>> {
  if (deviceIds?.length === 0) return new Map();
  const rows = await db
    .select({ id: installations.id, deviceId: installations.deviceId })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .where(and(eq(licenses.userId, userId), deviceIds ? inArray(installations.deviceId, deviceIds) : undefined))
    .orderBy(installations.id);
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.deviceId, [...(out.get(r.deviceId) ?? []), r.id]);
  return out;
}

/** An installation (a licence slot, the id redeem gives) with the device and the licence's user. */
export async function findInstallationWithOwner(db: DbOrTx, installationId: number) {
  const [row] = await db
    .select({ id: installations.id, deviceId: installations.deviceId, userId: licenses.userId })
    .from(installations)
    .innerJoin(licenses, eq(licenses.id, installations.licenseId))
    .where(eq(installations.id, installationId));
  return row;
}

/** The user's record of a device, by its device code. */
export async function findUserInstallationByDevice(db: DbOrTx, userId: number, deviceId: string) {
  const [row] = await db
    .select()
    .from(userInstallations)
    .where(and(eq(userInstallations.userId, userId), eq(userInstallations.deviceId, deviceId)));
  return row;
}
