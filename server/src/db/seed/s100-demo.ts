import { buildDemoS101Dataset, buildDemoS101Update, DEMO_S101_NAME } from '@chartroom/s101';
import { findProviderByOwner, listGeocontents } from '../../modules/providers/providers.repository.js';
import { upsertS100Dataset } from '../../modules/s100/s100.repository.js';
import { readS101Meta, scanS101File, sha256Of } from '../../modules/s100/s100-read.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { DbOrTx } from '../client.js';
import type { DemoExtension } from './demo.js';

/** Gives a geocontent the fictional S-101 demo dataset of packages/s101 (101XX00DEMO01, edition 1, update 1). */
export async function seedDemoS101Dataset(db: DbOrTx, blobs: BlobStore, gcId: number) {
  const files = [buildDemoS101Dataset(), buildDemoS101Update(1)].map((bytes, update) => ({
    bytes,
    name: `${DEMO_S101_NAME}.${String(update).padStart(3, '0')}`,
  }));
  const scanned = [];
  for (const f of files) {
    const key = `s100/${gcId}/${DEMO_S101_NAME}/demo/${f.name}`;
    await blobs.put(key, f.bytes);
    scanned.push(await scanS101File(blobs, { name: f.name, key }));
  }
  const meta = readS101Meta(scanned[0]!, scanned.slice(1));
  return upsertS100Dataset(db, {
    geocontentId: gcId,
    product: meta.product,
    name: meta.name,
    fileName: `${DEMO_S101_NAME}.000`,
    edition: meta.edition,
    update: meta.update,
    issueDate: meta.issueDate,
    title: meta.title,
    features: meta.features,
    west: meta.bbox?.[0] ?? null,
    south: meta.bbox?.[1] ?? null,
    east: meta.bbox?.[2] ?? null,
    north: meta.bbox?.[3] ?? null,
    blobKeys: scanned.map((s) => s.key),
    sha256: files.map((f) => sha256Of(f.bytes)),
  });
}

/** Demo: the demo provider's geocontents hold the S-101 demo dataset, so a tester can fetch an S-100 set at once. */
export function seedS100Demo(blobs: BlobStore): DemoExtension {
  return async (db, accounts) => {
    const owner = accounts['provider@demo.test'];
    const provider = owner ? await findProviderByOwner(db, owner.id) : undefined;
    if (!provider) return;
    for (const gc of await listGeocontents(db, provider.id)) await seedDemoS101Dataset(db, blobs, gc.id);
  };
}
