// Chooses, among the :ENC records for one cell, the permit to decrypt with for a given HW_ID.
import { decodeCellPermit, type DecodedCellPermit } from './cell-permit.js';
import { S63Error } from './errors.js';
import type { PermitRecord } from './permit-file.js';

export type PermitCheck =
  | { ok: true; permit: DecodedCellPermit; record: PermitRecord }
  | { ok: false; status: 'no_permit' | 'permit_expired' | 'wrong_key'; reason: string; expiry?: string };

/**
 * A valid, unexpired permit wins; else the expired one that expires last (its keys still decrypt
 * what was issued before its expiry: see judgePermitExpiry); else a checksum failure; else none.
 */
export function checkPermits(records: PermitRecord[], hwId: string, date: string): PermitCheck {
  if (records.length === 0) return { ok: false, status: 'no_permit', reason: 'no cell permit for this cell' };
  let expired: { permit: DecodedCellPermit; record: PermitRecord } | undefined;
  let badChecksum: S63Error | undefined;
  let malformed: S63Error | undefined;
  for (const record of records) {
    try {
      const permit = decodeCellPermit(record.permit, hwId, { date });
      if (!permit.isExpired) return { ok: true, permit, record };
      if (!expired || permit.expiry > expired.permit.expiry) expired = { permit, record };
    } catch (err) {
      if (!(err instanceof S63Error)) throw err;
      if (err.code === 'bad_checksum') badChecksum = err;
      else malformed = err;
    }
  }
  if (expired) return { ok: true, ...expired };
  if (badChecksum) return { ok: false, status: 'wrong_key', reason: `bad permit: ${badChecksum.message}` };
  return { ok: false, status: 'no_permit', reason: `bad permit: ${malformed?.message ?? 'unreadable'}` };
}
