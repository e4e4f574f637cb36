import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { agreementInstallations, agreementInvitations, agreements, distributors, userInstallations } from '../../db/schema/index.js';

// A distributor's invitations of users to its agreements, and the devices users put on them (issue 34).

export async function findInvitation(db: DbOrTx, agreementId: number, userId: number) {
  const [row] = await db
    .select()
    .from(agreementInvitations)
    .where(and(eq(agreementInvitations.agreementId, agreementId), eq(agreementInvitations.userId, userId)));
  return row;
}

/** The new invitation; undefined when the user was already invited to the agreement. */
export async function insertInvitation(db: DbOrTx, values: { agreementId: number; userId: number; invitedBy: number }) {
  const [row] = await db.insert(agreementInvitations).values(values).onConflictDoNothing().returning();
  return row;
}

/** The user's pending invitations with their agreement and its distributor, oldest first. */
export async function listPendingInvitations(db: DbOrTx, userId: number) {
  return db
    .select({
      invitation: agreementInvitations,
      agreement: { id: agreements.id, name: agreements.name, validTill: agreements.validTill },
      distributor: { title: distributors.title },
    })
    .from(agreementInvitations)
    .innerJoin(agreements, eq(agreements.id, agreementInvitations.agreementId))
    .innerJoin(distributors, eq(distributors.id, agreements.distributorId))
    .where(and(eq(agreementInvitations.userId, userId), eq(agreementInvitations.status, 'pending')))
    .orderBy(asc(agreementInvitations.id));
}

/** Locks the user's own pending invitation (SELECT … FOR UPDATE): one answer wins. */
export async function lockPendingInvitation(tx: DbOrTx, id: number, userId: number) {
  const [row] = await tx
    .select()
    .from(agreementInvitations)
    .where(and(eq(agreementInvitations.id, id), eq(agreementInvitations.userId, userId), eq(agreementInvitations.status, 'pending')))
    .for('update');
  return row;
}

export async function setInvitationAnswer(tx: DbOrTx, id: number, status: 'accepted' | 'declined'): Promise<void> {
  await tx.update(agreementInvitations).set({ status, answeredAt: new Date() }).where(eq(agreementInvitations.id, id));
}

/** The user's devices on the agreement: those the user put there (or that were there before consent). */
export async function listUserDevicesOnAgreement(db: DbOrTx, agreementId: number, userId: number) {
  return db
    .select({ installation: userInstallations })
    .from(agreementInstallations)
    .innerJoin(userInstallations, eq(userInstallations.id, agreementInstallations.installationId))
    .where(and(eq(agreementInstallations.agreementId, agreementId), eq(agreementInstallations.userId, userId)))
    .orderBy(asc(agreementInstallations.id))
    .then((rows) => rows.map((r) => r.installation));
}

/** Whether the user's device is on the agreement. */
export async function isDeviceOnAgreement(db: DbOrTx, agreementId: number, userId: number, installationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: agreementInstallations.id })
    .from(agreementInstallations)
    .where(
      and(
        eq(agreementInstallations.agreementId, agreementId),
        eq(agreementInstallations.userId, userId),
        eq(agreementInstallations.installationId, installationId),
      ),
    );
  return row !== undefined;
}
