import './heap-limits.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { demoExtensions } from './db/seed/extensions.js';
import { seedDemo } from './db/seed/demo.js';
import { writePrivately } from './lib/private-files.js';

async function main(): Promise<void> {
  // Everything the portal writes (database, blobs, staged uploads, keys) is 0600 in 0700 folders.
  writePrivately();
  let config;
  try {
    // `npm run worker` (or JOBS=only): a process that runs jobs and sweeps and answers no requests.
    config = loadConfig(process.env, process.argv.includes('--worker') ? { JOBS: 'only' } : {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir, poolSize: config.DATABASE_POOL_SIZE });
  // Several processes may start together: migrations and the demo seed run under one advisory lock.
  await database.exclusive('migrate', async () => {
    await database.migrate();
    if (config.SEED_DEMO) await seedDemo(database.db, { extensions: await demoExtensions(config) });
  });

  const app = await buildApp({ config, database, warmTileThreads: true });
  app.addHook('onClose', () => database.close());
  // The embedded database's process is gone (killed, out of memory): nothing can be answered any
  // more, so the portal stops too, saying why, and whatever supervises it starts both again.
  database.process?.onLost((why) => {
    app.log.fatal(`the embedded database process ${database.process?.pid} ended (${why}); stopping`);
    process.exit(1);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  if (config.JOBS === 'only') {
    await app.ready();
    app.log.info(`Chartroom worker ${app.processes.id} is running jobs (${database.kind} database, ${app.blobs.kind} blob store)`);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `Chartroom is running on http://localhost:${config.PORT} (${database.kind} database, ${app.blobs.kind} blob store${config.JOBS ? '' : ', web only'})`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
