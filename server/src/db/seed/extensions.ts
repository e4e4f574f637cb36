import type { Config } from '../../config.js';
import { LocalBlobStore } from '../../storage/blob-store.js';
import { seedCatalogDataDemo } from './catalog-data-demo.js';
import { seedChartsDemo } from './charts-demo.js';
import { seedDeviceApiDemo } from './device-api-demo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { DemoExtension } from './demo.js';
import { seedLicensingDemo } from './licensing-demo.js';
import { seedOrdersDemo } from './orders-demo.js';

/** Demo data each feature module adds on top of the accounts. */
export function demoExtensions(config: Config): DemoExtension[] {
  return [
    seedCatalogDataDemo(new LocalBlobStore(`${config.dataDir}/blobs`)),
    seedLicensingDemo,
    seedChartsDemo(new LocalBlobStore(`${config.dataDir}/blobs`)),
    seedOrdersDemo,
    seedDeviceApiDemo(createSecretBox(config.dataKey)),
  ];
}
