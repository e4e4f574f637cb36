import type {
  AcceptInvitationBody,
  AgreementUser,
  InvitationStatus,
  InviteUserBody,
  UserForAgreement,
  UserInvitations,
} from '@chartroom/contracts/agreements';
import { agreementAppIdOf, type Locale } from '@chartroom/contracts/constants';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserInstallationRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../errors.js';
import { hitThrottle } from '../../lib/throttle.js';
import type { Actor } from '../../plugins/auth.js';
import { recordAudit } from '../audit/audit.repository.js';
import { queueMail } from '../mail/mail.service.js';
import { localePageUrl, renderMail } from '../mail/templates/render-mail.js';
import { findUserByEmail } from '../users/users.repository.js';
import { managedAgreementById } from './agreement-policy.js';
import { ensureAgreementUser, insertAgreementInstallation, selectAgreements } from './agreements.repository.js';
import { listAgreementUsers } from './agreements.service.js';
import { findUserInstallation, listUserInstallations, syncUserInstallations } from './installations.repository.js';
import {
  findInvitation,
  insertInvitation,
  isDeviceOnAgreement,
  listPendingInvitations,
  listUserDevicesOnAgreement,
  lockPendingInvitation,
  setInvitationAnswer,
} from './invitations.repository.js';

// Consent (issue 34, decision 0023): a distributor reaches a user's devices only through an
// invitation the user accepts, choosing the devices that join. Until then the distributor sees that
// the e-mail has an account and how the invitation stands, nothing else.

interface Ctx {
  db: Db;
  actor: Actor;
}
interface AuditCtx extends Ctx {
  ip: string | null;
}

const noSuchUser = () => new AppError('no_such_user', 'No such user!');

/** New invitations (each one mail) a distributor's user may send per hour: the portal's mail is no spam relay. */
export const invitationsPerHour = 20;

/** The agreement with its distributor, when the actor manages it; 404 otherwise. */
async function requireManagedAgreement(db: DbOrTx, actor: Actor, agreementId: number) {
  const [row] = await selectAgreements(db, managedAgreementById(actor, agreementId));
  if (!row) throw notFound('agreement');
  return row;
}

const presentInstallation = (i: UserInstallationRow) => ({
  id: i.id,
  appId: agreementAppIdOf(i.applicationTypeId),
  applicationTypeId: i.applicationTypeId,
  platformId: i.platformId,
  shipName: i.shipName,
  deviceCode: i.deviceId,
});

/** What the agreement's distributor may know of the user: the devices the user put on it, and the invitation. */
async function stateFor(db: DbOrTx, agreementId: number, user: { id: number; email: string }): Promise<UserForAgreement> {
  const [invitation, devices] = await Promise.all([
    findInvitation(db, agreementId, user.id),
    listUserDevicesOnAgreement(db, agreementId, user.id),
  ]);
  return {
    userId: devices.length > 0 ? user.id : null,
    email: user.email,
    invitation: invitation
      ? {
          id: invitation.id,
          status: invitation.status as InvitationStatus,
          createdAt: invitation.createdAt.toISOString(),
          answeredAt: invitation.answeredAt?.toISOString() ?? null,
        }
      : null,
    installations: devices.map(presentInstallation),
  };
}

/** `GET /api/agreement/get-user-for-agreement`: that the user exists, the invitation, and the consented devices. */
export async function getUserForAgreement({ db, actor, email, agreementId }: Ctx & { email: string; agreementId: number }) {
  await requireManagedAgreement(db, actor, agreementId);
  const user = await findUserByEmail(db, email);
  if (!user) throw noSuchUser();
  return stateFor(db, agreementId, user);
}

/**
 * `POST /api/agreement/invite-user`: records the invitation and mails it in the user's language, once.
 * Asking again while it is pending or accepted sends nothing more; a declined one stays declined.
 */
export async function inviteUser({ db, actor, ip, publicUrl, input }: AuditCtx & { publicUrl: string; input: InviteUserBody }) {
  const managed = await requireManagedAgreement(db, actor, input.agreementId);
  const user = await findUserByEmail(db, input.email);
  if (!user) throw noSuchUser();
  await db.transaction(async (tx) => {
    const existing = await findInvitation(tx, input.agreementId, user.id);
    if (existing?.status === 'declined')
      throw new AppError('invitation_declined', `${user.email} declined the invitation to this agreement`, {
        params: { email: user.email },
      });
    if (existing) return;
    if ((await hitThrottle(tx, `agreement-invite:${actor.id}`, 3600_000)) > invitationsPerHour)
      throw new AppError('rate_limited', `At most ${invitationsPerHour} invitations an hour: wait and try again`);
    const row = await insertInvitation(tx, { agreementId: input.agreementId, userId: user.id, invitedBy: actor.id });
    if (!row) return; // a concurrent invitation won and mails
    const locale = user.locale as Locale;
    await queueMail(tx, {
      to: user.email,
      ...renderMail('agreementInvitation', locale, {
        email: user.email,
        url: localePageUrl(publicUrl, locale, '/user'),
        distributor: managed.distributor.title,
        agreement: managed.agreement.name,
      }),
    });
    await recordAudit(tx, {
      actor,
      action: 'agreement.invite',
      geocontentId: null,
      subject: { agreementId: input.agreementId, userId: user.id, invitationId: row.id },
      ip,
    });
  });
  return stateFor(db, input.agreementId, user);
}

/**
 * `POST /api/agreement/add-user-inst`: only a device its owner put on the agreement (by accepting an
 * invitation) is there to add, so this answers the entry of such a device and refuses any other with
 * 403 `consent_required`, whoever owns it (the answer says nothing of another user's devices).
 */
export async function addUserInstallation({
  db,
  actor,
  input,
}: Ctx & { input: { agreementId: number; userId: number; installationId: number } }): Promise<AgreementUser> {
  await requireManagedAgreement(db, actor, input.agreementId);
  if (!(await isDeviceOnAgreement(db, input.agreementId, input.userId, input.installationId)))
    throw new AppError(
      'consent_required',
      "The device's owner has not put it on this agreement: invite the user, who chooses the devices on accepting",
    );
  const users = await listAgreementUsers({ db, actor, agreementId: input.agreementId });
  return users.find((u) => u.installationId === input.installationId)!;
}

/** `GET /api/user/agreement-invitations`: the signed-in user's pending invitations and devices to choose from. */
export async function listMyInvitations({ db, actor }: Ctx): Promise<UserInvitations> {
  await syncUserInstallations(db, actor.id);
  const [rows, devices] = await Promise.all([listPendingInvitations(db, actor.id), listUserInstallations(db, actor.id)]);
  return {
    invitations: rows.map((r) => ({
      id: r.invitation.id,
      createdAt: r.invitation.createdAt.toISOString(),
      agreement: r.agreement,
      distributor: r.distributor,
    })),
    installations: devices.map(presentInstallation),
  };
}

/** Accepts the user's pending invitation: the chosen devices (the user's own) join the agreement. */
export async function acceptInvitation({ db, actor, ip, id, input }: AuditCtx & { id: number; input: AcceptInvitationBody }) {
  await db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, id, actor.id);
    if (!invitation) throw notFound('invitation');
    await syncUserInstallations(tx, actor.id);
    for (const installationId of input.installationIds) {
      if (!(await findUserInstallation(tx, actor.id, installationId))) throw notFound('installation', 'Installation of yours');
      await insertAgreementInstallation(tx, { agreementId: invitation.agreementId, userId: actor.id, installationId });
    }
    await ensureAgreementUser(tx, invitation.agreementId, actor.id);
    await setInvitationAnswer(tx, invitation.id, 'accepted');
    await recordAudit(tx, {
      actor,
      action: 'agreement.invitation-accept',
      geocontentId: null,
      subject: { invitationId: invitation.id, agreementId: invitation.agreementId, installationIds: input.installationIds },
      ip,
    });
  });
  return listMyInvitations({ db, actor });
}

/** Declines the user's pending invitation: nothing of the user reaches the distributor. */
export async function declineInvitation({ db, actor, ip, id }: AuditCtx & { id: number }) {
  await db.transaction(async (tx) => {
    const invitation = await lockPendingInvitation(tx, id, actor.id);
    if (!invitation) throw notFound('invitation');
    await setInvitationAnswer(tx, invitation.id, 'declined');
    await recordAudit(tx, {
      actor,
      action: 'agreement.invitation-decline',
      geocontentId: null,
      subject: { invitationId: invitation.id, agreementId: invitation.agreementId },
      ip,
    });
  });
  return listMyInvitations({ db, actor });
}
