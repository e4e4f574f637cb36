import type { AuditEntry } from '@chartroom/contracts/licensing';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../plugins/auth.js';
import { requireOwnedGeocontent } from '../providers/providers.service.js';
import { listAuditForGeocontent } from './audit.repository.js';

/** The audit log of the actor's own geocontent (404 for another's), newest first. */
export async function listGeocontentAudit(opts: { db: Db; actor: Actor; input: { gcid: number; limit: number } }): Promise<AuditEntry[]> {
  const gc = await requireOwnedGeocontent(opts.db, opts.actor, opts.input.gcid);
  const rows = await listAuditForGeocontent(opts.db, gc.id, opts.input.limit);
  return rows.map(({ entry, email }) => ({
    id: entry.id,
    action: entry.action,
    actor: email ? { email } : null,
    subject: entry.subject as Record<string, unknown>,
    ip: entry.ip,
    createdAt: entry.createdAt.toISOString(),
  }));
}
