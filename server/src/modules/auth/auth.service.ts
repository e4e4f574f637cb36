import type { Role } from '@chartroom/contracts/constants';
import type { AuthUser, RegisterBody } from '@chartroom/contracts/auth';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { RateWindow } from '../../lib/rate-window.js';
import { queueMail } from '../mail/mail.service.js';
import { findUserByEmail, findUserById, insertUser, updatePassword } from '../users/users.repository.js';

export interface AuthDeps {
  db: Db;
  signToken: (actor: { id: number; email: string }) => string;
  loginFailures: RateWindow;
  mailRequests: RateWindow;
  publicUrl: string;
}

// A fixed hash to verify against when the account does not exist, so timing does not tell.
let dummyHash: Promise<string> | null = null;

export function toAuthUser(row: UserRow, token: string): AuthUser {
  return { id: row.id, token, email: row.email, roles: (row.roles as Role[]).map((name) => ({ name })) };
}

export async function login(deps: AuthDeps, input: { username: string; password: string }): Promise<AuthUser> {
  const email = input.username.trim().toLowerCase();
  if (deps.loginFailures.isBlocked(email)) {
    throw new AppError('rate_limited', 'Too many failed sign-ins for this account: wait 15 minutes or reset the password');
  }
  const row = await findUserByEmail(deps.db, email);
  const ok = row
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyPassword(await (dummyHash ??= hashPassword('no-such-account')), input.password).then(() => false);
  if (!row || !ok) {
    deps.loginFailures.hit(email);
    throw new AppError('invalid_credentials', 'Wrong e-mail or password');
  }
  deps.loginFailures.reset(email);
  return toAuthUser(row, deps.signToken(row));
}

export async function refresh(deps: AuthDeps, userId: number): Promise<AuthUser> {
  const row = await findUserById(deps.db, userId);
  if (!row) throw new AppError('unauthorized', 'Sign in to continue');
  return toAuthUser(row, deps.signToken(row));
}

/**
 * Registration and the password reminder share one call (spec §7). Registration makes a `user`
 * account with a generated password sent by mail; the reminder mails a new password and answers the
 * same whether or not the account exists.
 */
export async function register(deps: AuthDeps, input: RegisterBody): Promise<{ email: string; message: string }> {
  const email = input.email;
  if (!deps.mailRequests.hit(email)) {
    throw new AppError('rate_limited', 'Too many requests for this e-mail: wait 15 minutes and try again');
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  if (input.repassword) {
    await deps.db.transaction(async (tx) => {
      const row = await findUserByEmail(tx, email);
      if (!row) return;
      await updatePassword(tx, row.id, passwordHash);
      await queueMail(tx, {
        to: email,
        subject: 'Your new Chartroom password',
        text: `Hello,\n\nA new password was requested for your Chartroom account.\n\nE-mail: ${email}\nPassword: ${password}\n\nSign in at ${deps.publicUrl}/login\n\nIf you did not ask for it, sign in with this password and keep it safe.\n`,
      });
    });
    return { email, message: 'If the account exists, a new password has been sent to it' };
  }
  await deps.db.transaction(async (tx) => {
    const row = await insertUser(tx, { email, passwordHash });
    if (!row) throw new AppError('user_exist', 'An account with this e-mail already exists');
    await queueMail(tx, {
      to: email,
      subject: 'Welcome to Chartroom',
      text: `Hello,\n\nYour Chartroom account is ready.\n\nE-mail: ${email}\nPassword: ${password}\n\nSign in at ${deps.publicUrl}/login\n`,
    });
  });
  return { email, message: 'The account was created: the password has been sent by e-mail' };
}

/** Creates an account for someone a licence is issued to, so the licence is never lost (licensing). */
export async function ensureUserAccount(db: Db | Parameters<typeof insertUser>[0], email: string, publicUrl: string): Promise<UserRow> {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  const password = generatePassword();
  const row = await insertUser(db, { email, passwordHash: await hashPassword(password) });
  if (!row) return (await findUserByEmail(db, email))!;
  await queueMail(db, {
    to: email,
    subject: 'A chart licence is waiting for you on Chartroom',
    text: `Hello,\n\nA licence for nautical charts was issued to this e-mail on Chartroom, and an account was made for you.\n\nE-mail: ${email}\nPassword: ${password}\n\nSign in at ${publicUrl}/login to see it.\n`,
  });
  return row;
}
