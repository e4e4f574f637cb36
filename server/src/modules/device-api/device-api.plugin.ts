import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { JobRunner } from '../../jobs/runner.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { loadDataServerKey } from './data-server-key.js';
import { deviceApiRoutes } from './device-api.routes.js';
import { loadS100DataServer } from './s100-data-server.js';
import { s100DeviceRoutes } from './s100-device.routes.js';
import { signingKeyRoutes } from './signing-keys.routes.js';
import { cabinetSwapRoutes } from './swap.routes.js';
import { cellsUpdatedJob, cellsUpdatedJobKind } from './update-notices.job.js';
import { webhookDeliveryJob, webhookDeliveryJobKind } from './webhook-delivery.job.js';
import { webhookRoutes } from './webhooks.routes.js';

/** Everything of issue 14 in one registration: the device API, the cabinet swap, webhooks. */
export async function registerDeviceApi(app: FastifyInstance, opts: { config: Config; db: Db; jobs: JobRunner }) {
  const { config, db } = opts;
  const box = createSecretBox(config.dataKey);
  const swapLimits = { perLicense: config.DEVICE_SWAPS_PER_LICENSE, periodDays: config.DEVICE_SWAP_PERIOD_DAYS };
  const deps = {
    db,
    blobs: app.blobs,
    box,
    dataServer: await loadDataServerKey(config, { db, box }),
    dataServerId: config.S63_DATA_SERVER_ID,
    s100: await loadS100DataServer(config, { db, box }),
    publicUrl: config.PUBLIC_URL,
    callsPerMinute: config.DEVICE_CALLS_PER_MINUTE,
    redeemsPerMinute: config.DEVICE_REDEEMS_PER_MINUTE,
    licenseFileTtlSeconds: config.LICENSE_FILE_TTL_SECONDS,
    swapLimits,
  };
  await app.register(deviceApiRoutes, { deps });
  await app.register(s100DeviceRoutes, { deps });
  await app.register(cabinetSwapRoutes, { db, limits: swapLimits });
  await app.register(signingKeyRoutes, { db, box, ttlSeconds: config.LICENSE_FILE_TTL_SECONDS });
  const webhookPolicy = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE };
  await app.register(webhookRoutes, { db, box, policy: webhookPolicy });
  opts.jobs.register(cellsUpdatedJobKind, cellsUpdatedJob({ publicUrl: config.PUBLIC_URL }));
  opts.jobs.register(webhookDeliveryJobKind, webhookDeliveryJob(box, webhookPolicy));
}
