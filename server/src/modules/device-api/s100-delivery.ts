import { randomBytes } from 'node:crypto';
import type { EntitledS100Dataset, S100Product } from '@chartroom/contracts/s100';
import type { DbOrTx } from '../../db/client.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { DeviceContext } from './device-context.js';
import {
  findS100DatasetKey,
  insertS100DatasetKeyOnce,
  listS100DatasetsOfGeocontents,
  type DeliveryS100Dataset,
} from './delivery-s100.repository.js';

export interface LicensedS100Dataset {
  dataset: DeliveryS100Dataset;
  /** The latest expiry of the licences covering it; null = never. */
  expiresAt: Date | null;
}

const version = (d: Pick<DeliveryS100Dataset, 'edition' | 'update'>) => d.edition * 100000 + d.update;

/**
 * Every S-100 dataset the device's licences cover, one per name (the newest edition/update where
 * two geocontents hold it): a geocontent's S-100 datasets belong to its products as its cells do.
 */
export async function listLicensedS100Datasets(db: DbOrTx, device: DeviceContext): Promise<Map<string, LicensedS100Dataset>> {
  const expiryByGc = new Map<number, Date | null>();
  for (const l of device.licenses) {
    const seen = expiryByGc.get(l.geocontentId);
    const later = seen === null || l.expiresAt === null ? null : seen === undefined || l.expiresAt > seen ? l.expiresAt : seen;
    expiryByGc.set(l.geocontentId, later);
  }
  const out = new Map<string, LicensedS100Dataset>();
  for (const dataset of await listS100DatasetsOfGeocontents(db, [...expiryByGc.keys()])) {
    if (dataset.blobKeys.length === 0) continue;
    const seen = out.get(dataset.name);
    if (!seen || version(dataset) > version(seen.dataset))
      out.set(dataset.name, { dataset, expiresAt: expiryByGc.get(dataset.geocontentId) ?? null });
  }
  return out;
}

export function toEntitledS100Dataset(d: DeliveryS100Dataset): EntitledS100Dataset {
  const hasBox = d.west !== null && d.south !== null && d.east !== null && d.north !== null;
  return {
    product: d.product as S100Product,
    name: d.name,
    edition: d.edition,
    update: d.update,
    issueDate: d.issueDate,
    bbox: hasBox ? [d.west!, d.south!, d.east!, d.north!] : null,
  };
}

/**
 * The AES-128 key of one dataset edition (Part 15: the base dataset and its updates share it), made
 * on first use (16 random bytes, sealed); a concurrent first use keeps the row that won.
 */
export async function getS100DatasetKey(db: DbOrTx, box: SecretBox, name: string, edition: number): Promise<Uint8Array> {
  const row =
    (await findS100DatasetKey(db, name, edition)) ??
    (await insertS100DatasetKeyOnce(db, { name, edition, keySealed: box.seal(randomBytes(16)) }));
  return new Uint8Array(box.open(row.keySealed));
}
