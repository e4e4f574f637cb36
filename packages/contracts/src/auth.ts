import { z } from 'zod';
import { roles } from './constants.js';

export const email = z.string().trim().toLowerCase().pipe(z.email({ message: 'a valid e-mail address' }));

export const roleEntry = z.object({ name: z.enum(roles) });
export type RoleEntry = z.infer<typeof roleEntry>;

export const loginBody = z.object({
  username: z.string().trim().min(1, 'e-mail is required').max(254),
  password: z.string().min(1, 'password is required').max(256),
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
  userType: z.string().max(32).optional(),
  /** true: the password reminder — a new password is mailed to an existing account. */
  repassword: z.boolean().optional().default(false),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registerResult = z.object({ email: z.string(), message: z.string() });
export type RegisterResult = z.infer<typeof registerResult>;

export const outboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const outboxList = z.object({ messages: z.array(outboxMessage) });
export type OutboxMessage = z.infer<typeof outboxMessage>;
