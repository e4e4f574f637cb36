import { auditEntry, type AuditEntry } from '@chartroom/contracts/licensing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { licensingKeys } from './licensing-keys';

export function getAudit(gcid: number): Promise<AuditEntry[]> {
  return apiRequest('/api/providers/audit', { query: { gcid, limit: 50 }, schema: z.array(auditEntry) });
}

export function auditQueryOptions(gcid: number) {
  return queryOptions({ queryKey: licensingKeys.audit(gcid), queryFn: () => getAudit(gcid) });
}

export function useAudit(gcid: number) {
  return useQuery(auditQueryOptions(gcid));
}
