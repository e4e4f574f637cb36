import { createHash, randomBytes } from 'node:crypto';
import { resetLinkMinutes, type ResetPasswordBody } from '@chartroom/contracts/auth';
import type { Locale } from '@chartroom/contracts/constants';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { hashPassword } from '../../lib/passwords.js';
import { hitThrottle } from '../../lib/throttle.js';
import { queueMail } from '../mail/mail.service.js';
import { localePageUrl, renderMail } from '../mail/templates/render-mail.js';
import { findUserByEmail, replacePassword, type PasswordChanged } from '../users/users.repository.js';
import { claimPasswordReset, insertPasswordReset, revokeResetLinks } from './auth.repository.js';
import { clearAccountLocks } from './login-throttle.js';

export const passwordReminderJobKind = 'password-reminder';
/** Reset mails per recipient and hour; further reminders are answered alike but send nothing. */
export const remindersPerHour = 5;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The reminder's request only queues this job, so its answer and its time are the same whether or
 * not the account exists; the job looks the account up and mails a link.
 */
export async function queuePasswordReminder(db: DbOrTx, email: string): Promise<void> {
  await enqueueJob(db, passwordReminderJobKind, { email }, { maxAttempts: 3 });
}

export function passwordReminderJob(publicUrl: string): JobHandler {
  return async (payload, { db }) => {
    const { email } = payload as { email: string };
    if ((await hitThrottle(db, `reminder:${email}`, 3600_000)) > remindersPerHour) return { skipped: 'limit' };
    const user = await findUserByEmail(db, email);
    if (!user) return { skipped: 'no account' };
    const token = randomBytes(32).toString('base64url');
    const locale = user.locale as Locale;
    await db.transaction(async (tx) => {
      await insertPasswordReset(tx, { userId: user.id, tokenHash: hashToken(token), minutes: resetLinkMinutes });
      const url = `${localePageUrl(publicUrl, locale, '/reset-password')}?token=${token}`;
      await queueMail(tx, {
        to: user.email,
        ...renderMail('passwordReset', locale, { email: user.email, url, minutes: resetLinkMinutes }),
      });
    });
    return { mailed: true };
  };
}

/**
 * Uses a reset link: the one statement that marks it used decides (a second use finds nothing),
 * then the password is replaced and every earlier token of the account stops working.
 */
export async function resetPassword(db: DbOrTx, input: ResetPasswordBody): Promise<PasswordChanged> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const claimedUserId = await claimPasswordReset(tx, hashToken(input.token));
    if (claimedUserId === undefined)
      throw new AppError('reset_link_invalid', 'This reset link is expired or was already used: ask for a new one');
    const changed = await replacePassword(tx, claimedUserId, passwordHash);
    await revokeResetLinks(tx, claimedUserId);
    await clearAccountLocks(tx, changed.email);
    return changed;
  });
}
