/**
 * Start: config → database → migrate → demo data, the production demo-password check and the first
 * administrator's invitation (start.ts) → app → listen, with graceful shutdown on SIGTERM/SIGINT.
 */
import { ConfigError, parseConfig } from './config.ts';
import { listenWithGracefulShutdown } from './platform/shutdown.ts';
import { bootServer, StartRefusedError } from './start.ts';

async function start() {
  const config = parseConfig();
  const { app, database } = await bootServer(config);
  const address = await listenWithGracefulShutdown(app, {
    host: config.host,
    port: config.port,
    timeoutMs: config.shutdownTimeoutMs,
  });
  app.log.info(
    { address, url: config.publicBaseUrl, database: database.engine, node: process.version },
    'portal ready',
  );
}

start().catch((error: unknown) => {
  // A bad setting or a refused start is explained by its message; anything else gets its stack.
  console.error(error instanceof ConfigError || error instanceof StartRefusedError ? error.message : error);
  process.exit(1);
});
