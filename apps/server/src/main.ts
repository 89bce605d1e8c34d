/**
 * Start: config → database → migrate → demo data → app → listen, with graceful shutdown on
 * SIGTERM/SIGINT (see platform/shutdown.ts).
 */
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoData } from './db/seed/index.ts';
import { LocalDiskStorage } from './platform/files/storage.ts';
import { listenWithGracefulShutdown } from './platform/shutdown.ts';

async function start() {
  const config = parseConfig();
  const database = await openDatabase(config.database);
  await migrateToLatest(database.db);
  if (config.seedDemoData) {
    const ran = await seedDemoData(database.db, undefined, { storage: new LocalDiskStorage(config.storageDir) });
    if (ran.length) console.info(`Demo data loaded: ${ran.join(', ')}`);
  }
  const app = await buildApp({ config, database });
  const address = await listenWithGracefulShutdown(app, {
    host: config.host,
    port: config.port,
    timeoutMs: config.shutdownTimeoutMs,
  });
  app.log.info({ address, url: config.publicBaseUrl, database: database.engine }, 'portal ready');
}

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
