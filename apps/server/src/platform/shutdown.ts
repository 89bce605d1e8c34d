import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once shutdown has begun: readiness fails and connections are not kept alive. */
    isDraining(): boolean;
  }
}

/**
 * While draining, every response closes its connection: a keep-alive socket that was busy when
 * shutdown began would otherwise stay open after its answer and hold the process up.
 */
export const drainingPlugin = fp(
  async (app: FastifyInstance) => {
    let draining = false;
    app.decorate('isDraining', () => draining);
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (draining) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'draining' },
);

/**
 * Listens, and on SIGTERM/SIGINT shuts down gracefully: stop accepting connections, let
 * in-flight requests finish (readiness answers 503 meanwhile), close the database through the
 * app's onClose hook, exit 0. If draining takes longer than `timeoutMs`, exit 1.
 */
export async function listenWithGracefulShutdown(
  app: FastifyInstance,
  options: { host: string; port: number; timeoutMs: number; exit?: (code: number) => void },
): Promise<string> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      exit(1);
    }, options.timeoutMs);
    timer.unref();
    try {
      await app.close();
      app.log.info('shut down cleanly');
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return app.listen({ host: options.host, port: options.port });
}
