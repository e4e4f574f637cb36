import { z } from 'zod';
import { emailAddress, text, withoutControlCharacters } from './common.js';
import { locales, roles } from './constants.js';

export const email = emailAddress;

export const roleEntry = z.object({ name: z.enum(roles) });
export type RoleEntry = z.infer<typeof roleEntry>;

export const loginBody = z.object({
  username: text(254, { min: 1, minMessage: 'e-mail is required' }),
  password: withoutControlCharacters(z.string().min(1, 'password is required').max(256)),
});
export type LoginBody = z.infer<typeof loginBody>;

export const authUser = z.object({
  id: z.number().int(),
  token: z.string(),
  email: z.string(),
  roles: z.array(roleEntry),
});
export type AuthUser = z.infer<typeof authUser>;

export const registerBody = z.object({
  email,
  /** 'user' (default), kept for old clients; registration always creates a plain user. */
  userType: text(32).optional(),
  /** true: the password reminder — a new password is mailed to an existing account. */
  repassword: z.boolean().optional().default(false),
  /** The language of the page the user registers on: the account's mail goes out in it. */
  locale: z.enum(locales).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResult = z.object({ email: z.string(), message: z.string() });
export type RegisterResult = z.infer<typeof registerResult>;

/** A password a user chooses (reset, change): long enough to resist guessing, short enough to hash. */
export const passwordMinLength = 10;
export const newPassword = withoutControlCharacters(
  z.string().min(passwordMinLength, `at least ${passwordMinLength} characters`).max(256, 'at most 256 characters'),
);

export const resetPasswordBody = z.object({
  /** The token of the mailed link. */
  token: z.string().regex(/^[A-Za-z0-9_-]{20,128}$/, 'the link is malformed'),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const changePasswordBody = z.object({
  currentPassword: withoutControlCharacters(z.string().min(1, 'the current password is required').max(256)),
  newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const messageResult = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResult>;

/** How long a mailed password-reset link works. */
export const resetLinkMinutes = 60;

export const outboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export const outboxList = z.object({ messages: z.array(outboxMessage) });
export type OutboxMessage = z.infer<typeof outboxMessage>;
