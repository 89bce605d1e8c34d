/**
 * What operators watch: `/metrics` in Prometheus' text format (prom-client), one registry per
 * process (an instance is a process; Prometheus scrapes each instance and adds them up).
 *
 * - HTTP: requests and their duration per route pattern (`/api/bthw/detail/:lgcSn`, never the
 *   raw URL, so ids do not make new series), method and status; errors (status ≥ 400) apart.
 * - Database: the pool's size, connections in use, callers waiting, and how long they waited
 *   (db/database.ts counts them for PostgreSQL's pool and PGlite's single connection alike).
 * - Node: prom-client's default set, among them the event loop's lag
 *   (`nodejs_eventloop_lag_seconds`, and its percentiles), memory and CPU.
 * - Work done: job runs and failures (platform/jobs.ts), e-mail sent, stored and failed
 *   (platform/mail/mailer.ts), signatures made (modules call `countSignature`: this module
 *   imports none of them, so the boundaries hold).
 *
 * Who may read it: the addresses METRICS_ALLOWED_ADDRESSES names (default loopback outside
 * production, nobody in production); anyone else gets the same 404 as an unknown path.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolObserver } from '../db/database.ts';
import { sendError } from './errors.ts';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const httpErrors = new Counter({
  name: 'portal_http_errors_total',
  help: 'HTTP answers with a status of 400 or more, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

/** The databases of the apps built in this process (one in production), by engine. */
const pools = new Map<PoolObserver, 'pglite' | 'postgres'>();
function poolGauge(name: string, help: string, figure: 'size' | 'inUse' | 'waiting') {
  return new Gauge({
    name,
    help,
    labelNames: ['engine'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [pool, engine] of pools) this.inc({ engine }, pool.use()[figure]);
    },
  });
}
poolGauge('portal_db_pool_size', 'Connections the database pool may hold (PGlite: its one connection)', 'size');
poolGauge('portal_db_pool_in_use', 'Database connections taken by a query or transaction now', 'inUse');
poolGauge('portal_db_pool_waiting', 'Callers waiting for a database connection now', 'waiting');
const poolWait = new Histogram({
  name: 'portal_db_pool_wait_seconds',
  help: 'How long each caller waited for a database connection',
  labelNames: ['engine'] as const,
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const jobRuns = new Counter({
  name: 'portal_job_runs_total',
  help: 'Scheduled job runs on this instance, by job and result (ok, failed)',
  labelNames: ['job', 'result'] as const,
  registers: [registry],
});
const mailDeliveries = new Counter({
  name: 'portal_mail_total',
  help: 'E-mail delivery attempts, by result: sent (SMTP accepted it), stored (no SMTP_URL), retry (failed, tried again later), failed (failed for good)',
  labelNames: ['result'] as const,
  registers: [registry],
});
const signatures = new Counter({
  name: 'portal_contract_signatures_total',
  help: 'Contract signatures made (a party signing with its seals)',
  registers: [registry],
});

/** A scheduled job ran (platform/jobs.ts). */
export function countJobRun(job: string, ok: boolean): void {
  jobRuns.inc({ job, result: ok ? 'ok' : 'failed' });
}

/** E-mail left the outbox, or did not (platform/mail/mailer.ts). */
export function countMail(result: 'sent' | 'stored' | 'retry' | 'failed', count = 1): void {
  if (count > 0) mailDeliveries.inc({ result }, count);
}

/** A party's signature on a contract was committed. */
export function countSignature(): void {
  signatures.inc();
}

/**
 * Whether an address is in a list of addresses, CIDR ranges and the names loopback, linklocal,
 * uniquelocal (config.ts checks the list's form). An IPv4 address written as IPv6
 * (`::ffff:127.0.0.1`, a dual-stack socket's) is taken as the IPv4 one.
 */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  const named: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
    loopback: [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
    linklocal: [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
    uniquelocal: [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['fc00::', 7, 'ipv6'],
    ],
  };
  for (const entry of entries) {
    const ranges = named[entry];
    if (ranges) {
      for (const [network, prefix, family] of ranges) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    if (mapped) return list.check(mapped, 'ipv4');
    if (isIPv4(address)) return list.check(address, 'ipv4');
    return isIPv6(address) && list.check(address, 'ipv6');
  };
}

type MetricsOptions = {
  /** METRICS_ALLOWED_ADDRESSES (config.metricsAllowed). */
  allowed: readonly string[];
  engine: 'pglite' | 'postgres';
  pool?: PoolObserver | undefined;
};

/** The figure's route label: the pattern the router matched, or `unmatched` (a 404 for an unknown path). */
function routeOf(url: string | undefined): string {
  return url ?? 'unmatched';
}

/**
 * Counts every request of the app (registered before the routes, so its hooks see them all),
 * follows the app's database pool until the app closes, and serves `GET /metrics` to the
 * allowed addresses (the client address, so TRUST_PROXY applies as everywhere).
 */
export const metricsPlugin = fp<MetricsOptions>(async (app, { allowed, engine, pool }) => {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request.routeOptions.url) };
    const status = String(reply.statusCode);
    httpRequests.inc({ ...labels, status });
    httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) httpErrors.inc({ ...labels, status });
  });

  if (pool) {
    pools.set(pool, engine);
    const stop = pool.onWait((seconds) => poolWait.observe({ engine }, seconds));
    app.addHook('onClose', async () => {
      stop();
      pools.delete(pool);
    });
  }

  const isAllowed = addressMatcher(allowed);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isAllowed(request.ip)) return sendError(request, reply, 'PRT_NOT_FOUND');
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
