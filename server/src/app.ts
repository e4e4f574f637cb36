import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { JobRunner } from './jobs/runner.js';
import { createMailer } from './lib/mailer.js';
import { RateWindow } from './lib/rate-window.js';
import { activationRoutes } from './modules/activation/activation.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { chartRoutes } from './modules/charts/charts.routes.js';
import { s63ConversionJob, s63ConversionJobKind } from './modules/charts/s63-conversion.job.js';
import type { AuthDeps } from './modules/auth/auth.service.js';
import { distributorRoutes } from './modules/distributors/distributors.routes.js';
import { geocontentRoutes } from './modules/geocontents/geocontents.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { licensingRoutes } from './modules/licenses/licensing.routes.js';
import { listUserLicenses } from './modules/licenses/licenses.service.js';
import { mailJobHandler, mailJobKind } from './modules/mail/mail.service.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { navMessageRoutes } from './modules/nav-messages/nav-messages.routes.js';
import { ntmRoutes } from './modules/ntm/ntm.routes.js';
import { poiRoutes } from './modules/poi/poi.routes.js';
import { listProductsByGeocontent } from './modules/products/products.service.js';
import { providerRoutes } from './modules/providers/providers.routes.js';
import { rawDepthRoutes } from './modules/raw-depth/raw-depth.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerStaticWeb } from './plugins/static-web.js';
import { LocalBlobStore, type BlobStore } from './storage/blob-store.js';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Tests pass false and drive the runner themselves with `app.jobs.drain()`. */
  startJobs?: boolean;
  logger?: boolean;
  /** Where the JSON log lines go (stdout by default); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    database: Database;
    blobs: BlobStore;
    config: Config;
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
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["new-token"]', '*.password', '*.token'],
              censor: '[redacted]',
            },
          },
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'].slice(0, 64) : randomUUID()),
    // Only behind a known proxy: otherwise anyone could pick their address (and dodge rate limits).
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorate('database', database);
  app.decorate('config', config);
  app.decorate('blobs', new LocalBlobStore(`${config.dataDir}/blobs`));

  await registerOpenApi(app);
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyMultipart, { limits: { fileSize: config.MAX_CHART_UPLOAD_BYTES, files: 2000, fields: 50 } });
  await app.register(authPlugin, { config, db });

  const mailer = createMailer(config, app.log);
  const jobs = new JobRunner({ db, log: app.log });
  jobs.register(mailJobKind, mailJobHandler(mailer));
  jobs.register(s63ConversionJobKind, s63ConversionJob(app.blobs));
  app.decorate('jobs', jobs);

  const authDeps: AuthDeps = {
    db,
    signToken: app.signToken,
    loginFailures: new RateWindow(config.LOGIN_FAILURES_PER_ACCOUNT, 15 * 60_000),
    mailRequests: new RateWindow(5, 15 * 60_000),
    publicUrl: config.PUBLIC_URL,
  };

  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { deps: authDeps, perMinute: config.RATE_LIMIT_AUTH_PER_MINUTE });
  await app.register(mailRoutes, { db, isSmtp: mailer.isSmtp });
  await app.register(userRoutes, { db, listLicenses: listUserLicenses });
  await app.register(providerRoutes, { db, listProducts: listProductsByGeocontent });
  await app.register(distributorRoutes, { db });
  await app.register(activationRoutes, { db });
  await app.register(geocontentRoutes, { db });
  await app.register(ntmRoutes, { db });
  await app.register(poiRoutes, { db });
  await app.register(rawDepthRoutes, { db });
  await app.register(navMessageRoutes, { db });
  await app.register(licensingRoutes, { db, publicUrl: config.PUBLIC_URL });
  await app.register(chartRoutes, { deps: { db, blobs: app.blobs, maxChartUploadBytes: config.MAX_CHART_UPLOAD_BYTES, maxUploadBytes: config.MAX_UPLOAD_BYTES } });
  await registerStaticWeb(app, config.webDist);

  if (opts.startJobs !== false && config.JOBS) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  return app;
}
