// A distributor's permit to sell one product (spec §4): the distributor asks, the product's provider
// decides along the allowed transitions, and only an accepted permit issues licences.
import type { PermitStatus } from '../constants.js';

export type PermitDecision = Exclude<PermitStatus, 'pending'>;

/** Allowed provider moves: pending → accepted | rejected; accepted → paused | rejected; paused → accepted | rejected. */
export const permitTransitions: Record<PermitStatus, readonly PermitDecision[]> = {
  pending: ['accepted', 'rejected'],
  accepted: ['paused', 'rejected'],
  paused: ['accepted', 'rejected'],
  rejected: [],
};

/** Whether the provider may move a permit from `from` to `to`. */
export function canDecidePermit(from: PermitStatus, to: PermitDecision): boolean {
  return permitTransitions[from].includes(to);
}

/** A distributor asks once per product: only while it has no permit (request) for it. */
export function canRequestPermit(current: PermitStatus | 'none'): boolean {
  return current === 'none';
}

/** Only an accepted permit issues licences (a paused one keeps what was sold). */
export function canIssueUnderPermit(status: PermitStatus): boolean {
  return status === 'accepted';
}

/** The permits whose products a distributor sells or has sold: its allowed products. */
export const sellingPermitStatuses: readonly PermitStatus[] = ['accepted', 'paused'];
