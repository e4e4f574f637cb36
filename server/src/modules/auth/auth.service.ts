import type { Locale, Role } from '@chartroom/contracts/constants';
import type { AuthUser, ChangePasswordBody, RegisterBody } from '@chartroom/contracts/auth';
import type { Db, DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hitThrottle, pruneThrottle } from '../../lib/throttle.js';
import type { SessionClaims } from '../../plugins/auth.js';
import { queueMail } from '../mail/mail.service.js';
import { localePageUrl, renderMail } from '../mail/templates/render-mail.js';
import { findUserByEmail, findUserById, insertUser, replacePassword } from '../users/users.repository.js';
import { checkLoginAllowed, recordLoginFailure, recordLoginSuccess, type LoginThrottle } from './login-throttle.js';
import { recordRevokedSession, revokeResetLinks } from './auth.repository.js';
import { queuePasswordReminder } from './password-reset.service.js';

export interface AuthDeps {
  db: Db;
  signToken: (actor: { id: number; email: string; tokenVersion?: number }, session?: SessionClaims) => string;
  loginThrottle: LoginThrottle;
  sessionMaxSeconds: number;
  publicUrl: string;
}

/** Registrations per recipient in 15 minutes (counted apart from reminders, which they never block). */
const registrationsPerRecipient = 5;

// A fixed hash to verify against when the account does not exist, so timing does not tell.
let dummyHash: Promise<string> | null = null;

interface AccountForToken {
  id: number;
  email: string;
  roles: string[];
  tokenVersion: number;
}

export function toAuthUser(row: AccountForToken, token: string): AuthUser {
  return { id: row.id, token, email: row.email, roles: (row.roles as Role[]).map((name) => ({ name })) };
}

export async function login(deps: AuthDeps, input: { username: string; password: string }, address: string): Promise<AuthUser> {
  const email = input.username.trim().toLowerCase();
  await checkLoginAllowed(deps.db, deps.loginThrottle, address, email);
  const row = await findUserByEmail(deps.db, email);
  const ok = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyPassword(await (dummyHash ??= hashPassword('no-such-account')), input.password).then(() => false);
  if (!row || !ok) {
    await recordLoginFailure(deps.db, address, email);
    throw new AppError('invalid_credentials', 'Wrong e-mail or password');
  }
  await recordLoginSuccess(deps.db, address, email);
  return toAuthUser(row, deps.signToken(row));
}

/** A fresh token with the current roles, in the same session (its absolute end does not move). */
export async function refresh(deps: AuthDeps, userId: number, session: SessionClaims): Promise<AuthUser> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw new AppError('unauthorized', 'Sign in to continue');
  return toAuthUser(row, deps.signToken(row, session));
}

/** Ends the session server-side: every token of it, renewed or not, is refused from now on. */
export async function logout(deps: AuthDeps, userId: number, session: SessionClaims): Promise<void> {
  await recordRevokedSession(deps.db, { sid: session.sid, userId, expiresAt: new Date((session.sat + deps.sessionMaxSeconds) * 1000) });
  await pruneThrottle(deps.db);
}

/** Changes the password; every earlier token of the account stops working, and a new session begins. */
export async function changePassword(deps: AuthDeps, userId: number, input: ChangePasswordBody, address: string): Promise<AuthUser> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw new AppError('unauthorized', 'Sign in to continue');
  await checkLoginAllowed(deps.db, deps.loginThrottle, address, row.email);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await recordLoginFailure(deps.db, address, row.email);
    throw new AppError('invalid_credentials', 'The current password is wrong');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const changed = await deps.db.transaction(async (tx) => {
    const updated = await replacePassword(tx, userId, passwordHash);
    await revokeResetLinks(tx, userId);
    return updated;
  });
  return toAuthUser(changed, deps.signToken(changed));
}

/**
 * Registration and the password reminder share one call (spec §7). Registration makes a `user`
 * account with a generated password sent by mail, in the language of the page it came from. The
 * reminder only queues a job that mails a one-time reset link; its answer is the same whether or
 * not the account exists.
 */
export async function register(deps: AuthDeps, input: RegisterBody): Promise<{ email: string; message: string }> {
  const email = input.email;
  if (input.repassword) {
    await queuePasswordReminder(deps.db, email);
    return { email, message: 'If an account with this e-mail exists, a link to reset its password has been sent to it' };
  }
  if ((await hitThrottle(deps.db, `register:${email}`, 15 * 60_000)) > registrationsPerRecipient) {
    throw new AppError('rate_limited', 'Too many registrations for this e-mail: wait 15 minutes and try again');
  }
  const locale: Locale = input.locale ?? 'en';
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const row = await insertUser(tx, { email, passwordHash, locale });
    if (!row) throw new AppError('user_exist', 'An account with this e-mail already exists');
    const url = localePageUrl(deps.publicUrl, locale, '/login');
    await queueMail(tx, { to: email, ...renderMail('welcome', locale, { email, password, url }) });
  });
  return { email, message: 'The account was created: the password has been sent by e-mail' };
}

/** Creates an account for someone a licence is issued to, so the licence is never lost (licensing). */
export async function ensureUserAccount(db: DbOrTx, email: string, publicUrl: string): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const password = generatePassword();
  const row = await insertUser(db, { email, passwordHash: await hashPassword(password) });
  if (!row) return (await findUserByEmail(db, email))!;
  const url = localePageUrl(publicUrl, 'en', '/login');
  await queueMail(db, { to: email, ...renderMail('licenceAccount', 'en', { email, password, url }) });
  return row;
}
