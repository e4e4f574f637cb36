import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { Actor } from '../../plugins/auth.js';

export interface AuditInput {
  actor: Pick<Actor, 'id' | 'email'> | null;
  action: string;
  geocontentId: number | null;
  subject: Record<string, unknown>;
  ip: string | null;
}

/** Writes one audit entry, in the caller's transaction so it exists exactly when the action does. */
export async function recordAudit(db: DbOrTx, entry: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor?.id ?? null,
    action: entry.action,
    geocontentId: entry.geocontentId,
    subject: { ...entry.subject, ...(entry.actor ? { actorEmail: entry.actor.email } : {}) },
    ip: entry.ip,
  });
}

export async function listAuditForGeocontent(db: DbOrTx, gcId: number, limit: number) {
  return db
    .select({ entry: auditLog, email: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(eq(auditLog.geocontentId, gcId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
