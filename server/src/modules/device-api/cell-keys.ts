import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { findCellKeys, insertCellKeysOnce } from './delivery-cells.repository.js';

export interface CellKeyPair {
  ck1: Uint8Array;
  ck2: Uint8Array;
}

/**
 * The cell keys of one cell edition: made on first use (10 random bytes, sealed) whether the
 * provider uploaded plain S-57 or an S-63 set; a concurrent first use keeps the row that won.
 */
export async function getCellKeys(db: DbOrTx, box: SecretBox, cellName: string, edition: number): Promise<CellKeyPair> {
  const row =
    (await findCellKeys(db, cellName, edition)) ??
    (await insertCellKeysOnce(db, { cellName, edition, keysSealed: box.seal(randomBytes(10)) }));
  const keys = box.open(row.keysSealed);
  return { ck1: new Uint8Array(keys.subarray(0, 5)), ck2: new Uint8Array(keys.subarray(5, 10)) };
}
