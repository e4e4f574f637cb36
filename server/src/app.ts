import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyPluginOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { runAsSingleton, type Database } from './db/client.js';
import { censorSecrets } from './lib/log-censor.js';
import { stdoutLogDestination } from './lib/log-destination.js';
import { sharedAnswerSerializer } from './plugins/shared-answer-serializer.js';
import { JOBS_CHANNEL } from './jobs/queue.js';
import { checkDataKey, resolveJwtSecret } from './lib/shared-secrets.js';
import { JobRunner, type JobHandler } from './jobs/runner.js';
import { ProcessRegistry } from './jobs/process-registry.js';
import { createMailer } from './lib/mailer.js';
import { createSecretBox } from './lib/secret-box.js';
import { activationRoutes } from './modules/activation/activation.routes.js';
import { applicationTypeRoutes } from './modules/application-types/application-types.routes.js';
import { agreementRoutes } from './modules/agreements/agreements.routes.js';
import { invitationRoutes } from './modules/agreements/invitations.routes.js';
import { myChartsRoutes } from './modules/my-charts/my-charts.routes.js';
import { routeCheckRoutes } from './modules/my-charts/route-check.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { chartRoutes } from './modules/charts/charts.routes.js';
import { loadDataServerKey } from './modules/device-api/data-server-key.js';
import { deviceApiRoutes } from './modules/device-api/device-api.routes.js';
import { loadS100DataServer } from './modules/device-api/s100-data-server.js';
import { s100DeviceRoutes } from './modules/device-api/s100-device.routes.js';
import { deviceDataRoutes } from './modules/device-api/device-data.routes.js';
import { signingKeyRoutes } from './modules/device-api/signing-keys.routes.js';
import { cabinetSwapRoutes } from './modules/device-api/swap.routes.js';
import { cellsUpdatedJob, cellsUpdatedJobKind } from './modules/device-api/update-notices.job.js';
import { webhookDeliveryJob, webhookDeliveryJobKind } from './modules/webhooks/webhook-delivery.job.js';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.js';
import { s100DatasetRoutes } from './modules/s100/s100.routes.js';
import { s63ConversionJob, s63ConversionJobKind } from './modules/charts/s63-conversion.job.js';
import { sweepUploads, type SweepReport } from './modules/charts/upload-sweep.js';
import type { AuthDeps } from './modules/auth/auth.service.js';
import { passwordReminderJob, passwordReminderJobKind } from './modules/auth/password-reset.service.js';
import { distributorRoutes } from './modules/distributors/distributors.routes.js';
import { geocontentRoutes } from './modules/geocontents/geocontents.routes.js';
import { TileStore } from './modules/tiles/tile-store.js';
import { tileRoutes } from './modules/tiles/tiles.routes.js';
import { tileWarmJob, tileWarmJobKind } from './modules/tiles/tile-warm.job.js';
import { tilePrepareJob, tilePrepareJobKind } from './modules/tiles/tile-prepare.job.js';
import { listLastReadyKeys } from './modules/tiles/map-preparation.repository.js';
import { catalogueStatsRoutes } from './modules/catalogue-stats/catalogue-stats.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { customProductRoutes } from './modules/custom-products/custom-products.routes.js';
import { deviceRoutes } from './modules/devices/devices.routes.js';
import { permitRoutes } from './modules/distributor-permits/distributor-permits.routes.js';
import { licenseRoutes } from './modules/licenses/licenses.routes.js';
import { productRoutes } from './modules/products/products.routes.js';
import { mailJobHandler, mailJobKind } from './modules/mail/mail.service.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { navMessageRoutes } from './modules/nav-messages/nav-messages.routes.js';
import { ntmRoutes } from './modules/ntm/ntm.routes.js';
import { appOrderRoutes } from './modules/orders/orders.routes.js';
import { sweepUnredeemedActivations } from './modules/agreements/installations.repository.js';
import { orderDeskRoutes } from './modules/orders/order-desk.routes.js';
import { paymentWebhookRoutes } from './modules/orders/payment-webhooks.routes.js';
import { poiRoutes } from './modules/poi/poi.routes.js';
import { providerRoutes } from './modules/providers/providers.routes.js';
import { rawDepthRoutes } from './modules/raw-depth/raw-depth.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { dbRateLimitStore } from './plugins/rate-limit-store.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerStaticWeb } from './plugins/static-web.js';
import type { BlobStore } from './storage/blob-store.js';
import { openBlobStore } from './storage/open-blob-store.js';
import { unzipLimitsOf } from './storage/zip-unpack.js';

/**
 * `?token=…` (a reset link) becomes `?token=[redacted]`; `?taskId=…` (the map's access key, a
 * capability for 12 hours) keeps only its first 6 characters, enough to tell tasks apart in a log.
 */
export function redactQueryTokens(url: string): string {
  return url
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]')
    .replace(/([?&]taskId=)([^&#]*)/gi, (_all, name: string, value: string) => `${name}${value.slice(0, 6)}…`);
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass false and drive the runner themselves with `app.jobs.drain()`. */
  startJobs?: boolean;
  logger?: boolean;
  /** Where the JSON log lines go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
  /**
   * Starts the tile threads as the server becomes ready, each warmed up on the built-in demo cell
   * (`npm start` does; a jobs-only worker has no tile threads, and tests start theirs, unwarmed,
   * with their first tile).
   */
  warmTileThreads?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    processes: ProcessRegistry;
    /** Removes what crashes and neglect left behind (runs at start and every 10 minutes). */
    sweepUploads: () => Promise<SweepReport>;
    database: Database;
    blobs: BlobStore;
    config: Config;
  }
}

/**
 * One log line per request, written when it is answered (with the request, the status and the
 * time), instead of Fastify's two: at the default level the log costs half as much per request.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Builds the whole portal without listening: main.ts runs it, tests inject into it. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const db = database.db;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // One write per turn of the event loop rather than one per line (lib/log-destination.ts).
            stream: opts.logStream ?? stdoutLogDestination(),
            // Passwords, tokens and secret headers are written as [redacted] (lib/log-censor.ts).
            formatters: { log: censorSecrets },
            // Reset links carry their token in the query: it never reaches the logs.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactQueryTokens(req.url),
                host: req.host,
                remoteAddress: req.ip,
              }),
            },
          },
    logController: new OneLinePerRequest(),
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : randomUUID()),
    // Only behind a known proxy: otherwise anyone could pick their address (and dodge rate limits).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // A request must arrive whole within this, and a silent connection is closed: an upload cut off
    // mid-body (no closing boundary, a stalled client) cannot hold a file handle for ever.
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.IDLE_TIMEOUT_SECONDS * 1000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(sharedAnswerSerializer(serializerCompiler));
  registerErrorHandler(app);
  app.decorate('database', database);
  app.decorate('config', config);
  const processes = new ProcessRegistry({ db, log: app.log });
  const blobStore = await openBlobStore(config, processes.id);
  app.decorate('blobs', blobStore);
  app.decorate('processes', processes);

  registerSecurityHeaders(app, {
    publicUrl: config.PUBLIC_URL,
    connectOrigins: config.s3 && config.S3_REDIRECT_DOWNLOADS ? [config.s3.endpoint] : [],
  });
  await registerOpenApi(app);
  // Counters shared by every process live in PostgreSQL. Embedded PGlite is one process by
  // construction, so its counters stay in memory: exact, and no write per limited request (a device
  // polling for updates would otherwise write to the database on every call).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(database.kind === 'postgres'
      ? { store: dbRateLimitStore(db, (err) => app.log.warn({ err }, 'rate limit: cleaning up finished windows failed')) }
      : {}),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: config.MAX_CHART_UPLOAD_BYTES, files: 2000, fields: 50 } });
  // Every process of the installation signs with one secret and unseals with one data key.
  await checkDataKey(db, config.dataKey);
  const jwtSecret = await resolveJwtSecret(db, { jwtSecret: config.JWT_SECRET, dataDir: config.dataDir });
  await app.register(authPlugin, { config, db, jwtSecret });

  const mailer = createMailer(config, app.log);
  const jobs = new JobRunner({
    db,
    log: app.log,
    processes,
    wakeups: (onNotify) =>
      database.listen(JOBS_CHANNEL, onNotify, (err) => app.log.warn({ err }, 'job wake-up connection failed; polling until it is back')),
  });
  const tiles = {
    db,
    store: new TileStore(app.blobs, config.TILE_CACHE_MB * 1024 * 1024, {
      threads: config.TILE_THREADS,
      liveProcesses: () => processes.liveCount,
    }),
  };
  app.decorate('jobs', jobs);
  // The device API's sealed keys (decision 0014): the data key's box and the data server's key.
  const box = createSecretBox(config.dataKey);
  const dataServer = await loadDataServerKey(config, { db, box });
  const swapLimits = { perLicense: config.DEVICE_SWAPS_PER_LICENSE, periodDays: config.DEVICE_SWAP_PERIOD_DAYS };
  const webhookPolicy = { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE };

  const authDeps: AuthDeps = {
    db,
    signToken: app.signToken,
    loginThrottle: { failuresPerPair: config.LOGIN_FAILURES_PER_ACCOUNT },
    sessionMaxSeconds: config.SESSION_MAX_SECONDS,
    publicUrl: config.PUBLIC_URL,
  };

  const chartDeps = {
    db,
    blobs: app.blobs,
    maxChartUploadBytes: config.MAX_CHART_UPLOAD_BYTES,
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
    processId: processes.id,
    unzip: unzipLimitsOf(config),
    maxUnzippedBytesPerUser: config.MAX_UNZIPPED_BYTES_PER_USER,
    stagedUploadTtlMs: config.STAGED_UPLOAD_TTL_HOURS * 3600_000,
  };
  const deviceDeps = {
    db,
    blobs: app.blobs,
    box,
    dataServer,
    dataServerId: config.S63_DATA_SERVER_ID,
    s100: await loadS100DataServer(config, { db, box }),
    publicUrl: config.PUBLIC_URL,
    callsPerMinute: config.DEVICE_CALLS_PER_MINUTE,
    redeemsPerMinute: config.DEVICE_REDEEMS_PER_MINUTE,
    licenseFileTtlSeconds: config.LICENSE_FILE_TTL_SECONDS,
    swapLimits,
  };

  // Every job handler of the portal, by kind; each lives in its feature module (decision 0008).
  const jobHandlers: [kind: string, handler: JobHandler][] = [
    [mailJobKind, mailJobHandler(mailer)],
    [s63ConversionJobKind, s63ConversionJob(app.blobs, unzipLimitsOf(config))],
    [passwordReminderJobKind, passwordReminderJob(config.PUBLIC_URL)],
    [tileWarmJobKind, tileWarmJob(tiles)],
    [tilePrepareJobKind, tilePrepareJob(tiles)],
    [cellsUpdatedJobKind, cellsUpdatedJob({ publicUrl: config.PUBLIC_URL })],
    [webhookDeliveryJobKind, webhookDeliveryJob(box, webhookPolicy)],
  ];
  for (const [kind, handler] of jobHandlers) jobs.register(kind, handler);

  // Every route plugin of the portal, in this one list (a plugin and its options are checked together).
  const route =
    <O extends FastifyPluginOptions>(plugin: FastifyPluginAsyncZod<O>, options: O) =>
    () =>
      app.register(plugin, options);
  const routePlugins = [
    route(healthRoutes, { database }),
    route(catalogueStatsRoutes, { db }),
    route(authRoutes, { deps: authDeps, perMinute: config.RATE_LIMIT_AUTH_PER_MINUTE }),
    route(mailRoutes, { db, isSmtp: mailer.isSmtp, trustProxy: config.TRUST_PROXY }),
    route(userRoutes, { db }),
    route(providerRoutes, { db }),
    route(distributorRoutes, { db }),
    route(activationRoutes, { db, perMinute: config.DEVICE_ACTIVATIONS_PER_MINUTE }),
    route(geocontentRoutes, { db, tiles }),
    route(tileRoutes, {
      deps: tiles,
      limits: { perTask: config.TILES_PER_MINUTE_PER_TASK, perAddress: config.TILES_PER_MINUTE_PER_ADDRESS },
    }),
    route(ntmRoutes, { db }),
    route(poiRoutes, { db }),
    route(rawDepthRoutes, { db }),
    route(navMessageRoutes, { db }),
    // Licensing: products, licences, devices, distributor permits, custom products, audit.
    route(productRoutes, { db }),
    route(licenseRoutes, { db, publicUrl: config.PUBLIC_URL }),
    route(deviceRoutes, { db, detachPerMinute: 30 }),
    route(permitRoutes, { db, publicUrl: config.PUBLIC_URL }),
    route(customProductRoutes, { db, publicUrl: config.PUBLIC_URL }),
    route(auditRoutes, { db }),
    route(chartRoutes, { deps: chartDeps }),
    route(s100DatasetRoutes, { deps: chartDeps }),
    route(agreementRoutes, { db }),
    route(invitationRoutes, { db, publicUrl: config.PUBLIC_URL }),
    route(myChartsRoutes, { db }),
    route(routeCheckRoutes, { db, perMinute: config.ROUTE_CHECKS_PER_MINUTE }),
    route(orderDeskRoutes, { db }),
    route(appOrderRoutes, {
      db,
      payments: { stripe: Boolean(config.STRIPE_WEBHOOK_SECRET), yoomoney: Boolean(config.YOOMONEY_NOTIFICATION_SECRET) },
    }),
    route(paymentWebhookRoutes, {
      db,
      secrets: {
        stripe: config.STRIPE_WEBHOOK_SECRET,
        yoomoney: config.YOOMONEY_NOTIFICATION_SECRET,
        toleranceSeconds: config.PAYMENT_WEBHOOK_TOLERANCE_SECONDS,
      },
    }),
    // The device API (issue 14, decision 0014), the cabinet's device swap, signing keys, webhooks.
    route(deviceApiRoutes, { deps: deviceDeps }),
    route(s100DeviceRoutes, { deps: deviceDeps }),
    route(deviceDataRoutes, { deps: deviceDeps }),
    route(cabinetSwapRoutes, { db, limits: swapLimits }),
    route(signingKeyRoutes, { db, box, ttlSeconds: config.LICENSE_FILE_TTL_SECONDS }),
    route(applicationTypeRoutes, { db, box }),
    route(webhookRoutes, { db, box, policy: webhookPolicy }),
  ];
  for (const register of routePlugins) await register();
  await registerStaticWeb(app, config.webDist);

  // One process at a time sweeps (an advisory lock on PostgreSQL); the others skip that round.
  const sweep = async (): Promise<SweepReport> => {
    const outcome = await runAsSingleton(database, 'upload-sweep', () =>
      sweepUploads({ db, blobs: blobStore, processes, requestTimeoutMs: config.REQUEST_TIMEOUT_SECONDS * 1000, log: app.log }),
    );
    // Activation codes never redeemed expire and leave no device behind (issue 35).
    await runAsSingleton(database, 'activation-sweep', () => sweepUnredeemedActivations(db)).catch((err: unknown) =>
      app.log.warn({ err }, 'activation sweep failed'),
    );
    return outcome.ran ? outcome.value : { partFiles: 0, orphanFolders: 0, expiredUploads: 0, reopenedUploads: 0, oldPreparations: 0 };
  };
  app.decorate('sweepUploads', sweep);
  let sweepTimer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await blobStore.prepare();
    // A process that answers requests warms its tile threads up in the background (decision 0033).
    if (opts.warmTileThreads && config.JOBS !== 'only') tiles.store.startThreads(() => listLastReadyKeys(db, 4));
    await processes.start();
    // A web-only process (JOBS=false) leaves the sweeps to the processes that run jobs.
    if (config.JOBS !== false) await sweep();
  });
  if (opts.startJobs !== false && config.JOBS !== false) {
    app.addHook('onReady', async () => {
      await jobs.start();
      sweepTimer = setInterval(() => sweep().catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed')), 10 * 60_000);
      sweepTimer.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (sweepTimer) clearInterval(sweepTimer);
    await jobs.stop();
    await processes.stop();
    mailer.close();
    await tiles.store.close();
    await blobStore.close();
  });
  return app;
}
