import type { Config } from '../../config.js';
import { openBlobStore } from '../../storage/open-blob-store.js';
import { seedCatalogDataDemo } from './catalog-data-demo.js';
import { seedChartsDemo, seedDemoTileWarm } from './charts-demo.js';
import { seedDeviceApiDemo } from './device-api-demo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { DemoExtension } from './demo.js';
import { seedLicensingDemo } from './licensing-demo.js';
import { seedOrdersDemo } from './orders-demo.js';
import { seedS100Demo } from './s100-demo.js';

/** Demo data each feature module adds on top of the accounts. */
export async function demoExtensions(config: Config): Promise<DemoExtension[]> {
  // The demo's files go where the portal keeps its files: the data folder, or the S3 bucket.
  const blobs = await openBlobStore(config);
  return [
    () => blobs.prepare(),
    seedCatalogDataDemo(blobs),
    seedLicensingDemo,
    seedChartsDemo(blobs),
    seedS100Demo(blobs),
    seedDemoTileWarm,
    seedOrdersDemo,
    seedDeviceApiDemo(createSecretBox(config.dataKey)),
  ];
}
