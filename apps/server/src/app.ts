/**
 * buildApp(deps): the whole HTTP application, without listening. Plugins go in a fixed order:
 * external (security headers, compression, cookies) → platform (i18n, errors, docs) → feature
 * modules → the web app (static files and SPA fallback, which also answers unknown paths).
 */
import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { authRoutes } from './modules/auth/index.ts';
import { backofficeRoutes } from './modules/backoffice/index.ts';
import { contentAdminRoutes, contentRoutes, createContentCache } from './modules/content/index.ts';
import { contractRoutes, stampedFilesOf } from './modules/contracts/index.ts';
import {
  backofficeRequestRoutes,
  createRequestExpiryJob,
  intentionRoutes,
  pushRoutes,
  requestRoutes,
} from './modules/cooperation/index.ts';
import { dictionaryRoutes } from './modules/dictionaries/index.ts';
import { feedbackRoutes } from './modules/feedback/index.ts';
import { fileRoutes, pruneAbandonedUploads, storedFileNames } from './modules/files/index.ts';
import { healthRoutes } from './modules/health/index.ts';
import { institutionRoutes } from './modules/institutions/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import {
  createSealExpiryJob,
  revocationRoutes,
  sealReviewRoutes,
  sealRoutes,
  timestampRoutes,
  trustAnchorRoutes,
} from './modules/seals/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { trackingRoutes } from './modules/tracking/index.ts';
import {
  createDormantAccountsJob,
  isEmailRegistered,
  managementRoutes,
  recordActivity,
  userRoutes,
  userSpecCallRoutes,
} from './modules/users/index.ts';
import { benchStatsRoutes } from './platform/bench-stats.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler } from './platform/errors.ts';
import { multipartPlugin } from './platform/files/multipart.ts';
import { type FileStorage, openFileStorage } from './platform/files/storage.ts';
import { i18nPlugin } from './platform/i18n.ts';
import { createJobRunner, type JobRunner } from './platform/jobs.ts';
import { devMailboxRoutes } from './platform/mail/dev-mailbox.routes.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { metricsPlugin } from './platform/metrics.ts';
import { openApiOptions } from './platform/openapi.ts';
import { createPruneJob } from './platform/prune.job.ts';
import { securityPlugin } from './platform/security.ts';
import { type SessionRow, sessionPlugin } from './platform/session.ts';
import { createSessionCache } from './platform/session-cache.ts';
import { drainingPlugin } from './platform/shutdown.ts';
import { inputRulesPlugin } from './platform/validation.ts';
import { webAppPlugin } from './platform/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, for the docs test and the authorization matrix test. */
    routeTable: ReadonlyArray<RouteEntry>;
    /** Delivers queued e-mail in the background (SMTP, or kept for /dev/mailbox). */
    mailer: Mailer;
    /** Periodic jobs (dormant-account sweep, pruning), each on one instance at a time. */
    jobs: JobRunner;
  }
}

export type RouteEntry = {
  method: string;
  url: string;
  documented: boolean;
  access: string | undefined;
  hasBody: boolean;
};

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  /** Where uploaded files' bytes go; default: the store config.storage names (STORAGE_DRIVER). */
  storage?: FileStorage;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The distinct origins of these URLs (ones that do not parse are left out). */
function originsOf(urls: readonly string[]): string[] {
  const origins = urls.flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY: off, the proxies' addresses, or a hop count, so that
 * the client address is the first X-Forwarded-For entry no trusted proxy added (never `true`,
 * which config.ts refuses: it takes the leftmost entry, which the client writes). Fastify ignores
 * a bare number (it trusts nothing then), so a hop count becomes a function of the hop.
 */
export function trustProxyOption(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

function createFastify(config: Config) {
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    // Every log line of a request carries its id; a well-formed id from a proxy is kept.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // The router's own errors and unparsable HTTP get the envelope and the security headers too.
    frameworkErrors: frameworkErrorHandler({ bodyLimit: config.bodyLimitBytes, hsts: config.cookieSecure }),
    clientErrorHandler: clientErrorHandler({ hsts: config.cookieSecure }),
    // Idle keep-alive sockets are closed on shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
}

type App = ReturnType<typeof createFastify>;

/** Records every route registered as app.routeTable. */
function trackRoutes(app: App): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routeTable.push({
        method,
        url: route.url,
        documented: !(route.schema as { hide?: boolean } | undefined)?.hide,
        access: (route.config as { access?: string } | undefined)?.access,
        hasBody: Boolean((route.schema as { body?: unknown } | undefined)?.body),
      });
    }
  });
}

/**
 * The mailer, the file store and the jobs, started when the app is ready and stopped (with the
 * database) when it closes. Returns the file store.
 */
async function setUpBackgroundWork(
  app: App,
  { config, database, storage: givenStorage }: AppDeps,
): Promise<FileStorage> {
  const mailer = createMailer({ db: database.db, smtpUrl: config.smtp.url, from: config.smtp.from, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => {
    mailer.start();
  });
  // Uploaded files' bytes: used by the file routes and the clean-up job.
  const storage = givenStorage ?? (await openFileStorage(config.storage));
  if (!givenStorage) app.addHook('onClose', async () => (storage as { destroy?: () => void }).destroy?.());
  // Jobs: started with the app (unless JOBS_ENABLED=false; off by default in tests), stopped
  // before the mailer and the database close.
  const jobs = createJobRunner({
    db: database.db,
    log: app.log,
    jobs: [
      createDormantAccountsJob({ db: database.db, config, log: app.log }),
      createPruneJob({
        db: database.db,
        config,
        storage,
        steps: [pruneAbandonedUploads],
        fileNames: [storedFileNames],
      }),
      createRequestExpiryJob({ db: database.db }),
      createSealExpiryJob({ db: database.db, config }),
    ],
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    if (config.jobs.enabled) jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mailer.stop();
    await database.close();
  });
  return storage;
}

async function registerExternalAndPlatformPlugins(app: App, { config, database }: AppDeps): Promise<void> {
  // External
  await app.register(drainingPlugin);
  // Counts every request from here on; /metrics for the addresses METRICS_ALLOWED_ADDRESSES names.
  await app.register(metricsPlugin, { allowed: config.metricsAllowed, engine: database.engine, pool: database.pool });
  await app.register(securityPlugin, { hsts: config.cookieSecure });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(cookie);

  // Platform
  await app.register(i18nPlugin);
  await app.register(errorsPlugin, { bodyLimit: config.bodyLimitBytes });
  await app.register(inputRulesPlugin); // no NUL in any param, query or body text: 422 naming the field
  // Sessions in use answered from a short cache that every instance drops through NOTIFY (0028);
  // on by default (SESSION_CACHE_SECONDS=5); SESSION_CACHE_SECONDS=0 turns it off.
  const sessionCache =
    config.auth.sessionCacheMs > 0
      ? createSessionCache<SessionRow>(database, {
          ttlMs: config.auth.sessionCacheMs,
          onError: (error) => app.log.warn({ err: error }, 'session cache: could not listen; sessions read every time'),
        })
      : undefined;
  await app.register(sessionPlugin, {
    db: database.db,
    config,
    recordActivity,
    ...(sessionCache ? { cache: sessionCache } : {}),
  });
  await app.register(multipartPlugin);
  // The API's description: security, error responses and servers derived in platform/openapi.ts.
  await app.register(swagger, openApiOptions(config));
  // The pages and the JSON description: off in production unless API_DOCS=true.
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

async function registerFeatureModules(app: App, { config, database }: AppDeps, storage: FileStorage): Promise<void> {
  // Feature modules
  await app.register(healthRoutes, { ping: database.ping, engine: database.engine });
  await app.register(siteRoutes, { brand: config.brand });
  await app.register(dictionaryRoutes);
  await app.register(authRoutes, { db: database.db, config });
  await app.register(userRoutes, { db: database.db, config });
  await app.register(userSpecCallRoutes, { db: database.db, config });
  await app.register(backofficeRoutes, { db: database.db, config });
  await app.register(managementRoutes, { db: database.db, config });
  await app.register(institutionRoutes, { db: database.db });
  await app.register(fileRoutes, { db: database.db, config, storage, isEmailRegistered });
  // Public content and its back office; reads answered from a memo checked against content_version.
  const contentCache = createContentCache(database.db);
  await app.register(contentRoutes, { db: database.db, config, storage, cache: contentCache });
  await app.register(contentAdminRoutes, { db: database.db, cache: contentCache });
  await app.register(feedbackRoutes, { db: database.db, config, storage });
  await app.register(trackingRoutes, { db: database.db });
  await app.register(requestRoutes, { db: database.db });
  await app.register(backofficeRequestRoutes, { db: database.db });
  await app.register(intentionRoutes, { db: database.db, config });
  await app.register(pushRoutes, { db: database.db });
  await app.register(messageRoutes, { db: database.db, listen: database.listen, config });
  // Seals list the contracts each stamped through the contracts module's answer.
  const sealDeps = { db: database.db, config, storage, stampedFilesOf };
  await app.register(sealRoutes, sealDeps);
  await app.register(sealReviewRoutes, sealDeps);
  await app.register(trustAnchorRoutes, { db: database.db, config });
  await app.register(revocationRoutes, { db: database.db, config });
  await app.register(timestampRoutes, { db: database.db, config });
  await app.register(contractRoutes, { db: database.db, config, storage });
  if (!config.isProduction) await app.register(devMailboxRoutes, { db: database.db });
  if (config.benchStats && !config.isProduction) await app.register(benchStatsRoutes);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = createFastify(config);
  trackRoutes(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const storage = await setUpBackgroundWork(app, deps);

  await registerExternalAndPlatformPlugins(app, deps);
  await registerFeatureModules(app, deps, storage);

  // The web app answers everything else
  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    upgradeInsecure: config.cookieSecure,
    // The uncommon-character helper's scripts come from its own service, when configured.
    scriptOrigins: originsOf(config.content.uncommonChar?.scripts ?? []),
  });

  return app;
}
