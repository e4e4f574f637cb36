// `npm run seed [-- --reset]`: (re)creates the demo accounts and their data.
import { loadConfig } from '../../config.js';
import { openDatabase } from '../client.js';
import { demoExtensions } from './extensions.js';
import { seedDemo } from './demo.js';

const reset = process.argv.includes('--reset');
try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  await database.migrate();
  const seeded = await seedDemo(database.db, { reset, extensions: await demoExtensions(config) });
  console.log(seeded ? 'Demo data seeded.' : 'Demo accounts already exist: use --reset to re-create them.');
  await database.close();
} catch (err) {
  console.error(`seed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
