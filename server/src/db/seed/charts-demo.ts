import { buildDemoHarbourCell, DEMO_CELL_NAME, readS57 } from '@chartroom/s57';
import { describeCell } from '../../modules/charts/cell-meta.js';
import { upsertChart, upsertCollection } from '../../modules/charts/charts.repository.js';
import { findProviderByOwner, listGeocontents } from '../../modules/providers/providers.repository.js';
import { tileWarmJobKind } from '../../modules/tiles/tile-warm.job.js';
import { queueMapPreparation } from '../../modules/tiles/map-preparation.repository.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { DbOrTx } from '../client.js';
import type { DemoExtension } from './demo.js';

/** Gives a geocontent an S-57 collection holding the fictional demo harbour cell of packages/s57. */
export async function seedDemoHarbourCollection(db: DbOrTx, blobs: BlobStore, gcId: number) {
  const bytes = buildDemoHarbourCell();
  const fileName = `${DEMO_CELL_NAME}.000`;
  const key = `charts/${gcId}/${DEMO_CELL_NAME}/demo/${fileName}`;
  await blobs.put(key, bytes);
  const collection = await upsertCollection(db, { geocontentId: gcId, kind: 'enc', type: 's57' });
  return upsertChart(db, {
    collectionId: collection.id,
    name: DEMO_CELL_NAME,
    sourceType: 's57',
    blobKeys: [key],
    meta: describeCell(readS57(bytes, { fileName })),
  });
}

/** Demo: the demo provider's "Demo Harbour Charts" opens with its enc tab filled. */
export function seedChartsDemo(blobs: BlobStore): DemoExtension {
  return async (db, accounts) => {
    const owner = accounts['provider@demo.test'];
    const provider = owner ? await findProviderByOwner(db, owner.id) : undefined;
    if (!provider) return;
    for (const gc of await listGeocontents(db, provider.id)) await seedDemoHarbourCollection(db, blobs, gc.id);
  };
}

/**
 * Demo: the demo charts' map is ready when the portal is: their starting view's tiles and the
 * cells' tile indexes are made by the tile warm (as after an apply), not on the first map opened.
 */
export const seedDemoTileWarm: DemoExtension = async (db, accounts) => {
  const owner = accounts['provider@demo.test'];
  const provider = owner ? await findProviderByOwner(db, owner.id) : undefined;
  if (!provider) return;
  for (const gc of await listGeocontents(db, provider.id)) {
    await enqueueJob(db, tileWarmJobKind, { gcId: gc.id });
    // And their map is prepared as after an apply (tiles.prepare, decision 0032).
    await queueMapPreparation(db, gc.id);
  }
};
