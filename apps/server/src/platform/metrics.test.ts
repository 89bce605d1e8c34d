import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';
import { ConfigError, parseConfig } from '../config.ts';
import { addressMatcher, countSignature } from './metrics.ts';

const { app, database } = await buildTestApp();

function metrics(remoteAddress = '127.0.0.1', headers: Record<string, string> = {}, on = app) {
  return on.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
}

/** The value of one series in a Prometheus text answer (0 when absent). */
function seriesValue(text: string, series: string): number {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('GET /metrics', () => {
  it('counts requests per route pattern, method and status, with their latency and errors', async () => {
    // The registry is the process's: other files of a worker count into it too, so the test
    // compares the series before and after its own requests.
    const series = {
      healthz: 'portal_http_requests_total{method="GET",route="/healthz",status="200"}',
      healthzDuration: 'portal_http_request_duration_seconds_count{method="GET",route="/healthz"}',
      detail: 'portal_http_requests_total{method="GET",route="/api/bthw/detail/:lgcSn",status="401"}',
      detailErrors: 'portal_http_errors_total{method="GET",route="/api/bthw/detail/:lgcSn",status="401"}',
      healthzErrors: 'portal_http_errors_total{method="GET",route="/healthz",status="200"}',
    };
    const before = (await metrics()).body;
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Two ids, one pattern: the raw URL never becomes a series.
    await app.inject({ method: 'GET', url: '/api/bthw/detail/first-id' });
    await app.inject({ method: 'GET', url: '/api/bthw/detail/second-id' });
    const res = await metrics();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const added = (name: keyof typeof series) => seriesValue(text, series[name]) - seriesValue(before, series[name]);
    expect(added('healthz')).toBe(3);
    expect(added('healthzDuration')).toBe(3);
    expect(added('detail')).toBe(2);
    expect(added('detailErrors')).toBe(2);
    expect(seriesValue(text, series.healthzErrors)).toBe(0);
    expect(text).not.toContain('first-id');
  });

  it('shows the database pool (PGlite: its one connection) and the waits for it, and the event loop lag', async () => {
    const text = (await metrics()).body;
    const engine = database.engine;
    // Summed over the apps this test file builds (a production process has one).
    expect(seriesValue(text, `portal_db_pool_size{engine="${engine}"}`)).toBeGreaterThanOrEqual(
      engine === 'pglite' ? 1 : 5,
    );
    expect(text).toContain(`portal_db_pool_in_use{engine="${engine}"}`);
    // A gauge of this moment: another caller (a job, a cache refresh) may be waiting as it is read.
    expect(text).toMatch(new RegExp(`^portal_db_pool_waiting\\{engine="${engine}"\\} \\d+$`, 'm'));
    expect(seriesValue(text, `portal_db_pool_wait_seconds_count{engine="${engine}"}`)).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('counts job runs, e-mail delivered and signatures made', async () => {
    const before = (await metrics()).body;
    const ran = await app.jobs.runDue(new Date());
    expect(ran.length).toBeGreaterThan(0);
    await database.db
      .insertInto('mailOutbox')
      .values({
        toAddress: 'someone@bank.example',
        locale: 'en',
        template: 'test',
        subject: 'Hello',
        textBody: 'Hello',
        htmlBody: '<p>Hello</p>',
        nextAttemptAt: new Date(Date.now() - 1000),
      })
      .execute();
    expect(await app.mailer.deliverDue()).toBe(1);
    countSignature();
    const text = (await metrics()).body;
    const added = (series: string) => seriesValue(text, series) - seriesValue(before, series);
    for (const job of ran) expect(added(`portal_job_runs_total{job="${job}",result="ok"}`)).toBe(1);
    expect(added('portal_mail_total{result="stored"}')).toBe(1);
    expect(added('portal_contract_signatures_total')).toBe(1);
  });

  it('answers 404, as for an unknown path, to an address outside the list (loopback outside production)', async () => {
    const res = await metrics('203.0.113.9');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PRT_NOT_FOUND', data: null });
    expect(res.body).not.toContain('portal_http');
  });
});

describe('GET /metrics in production', async () => {
  const production = { NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://portal.bank.example', JOBS_ENABLED: 'false' };
  const named = await buildTestApp({ ...production, METRICS_ALLOWED_ADDRESSES: '10.20.0.0/16,192.0.2.7' });
  const unnamed = await buildTestApp({ ...production });
  const proxied = await buildTestApp({
    ...production,
    METRICS_ALLOWED_ADDRESSES: '10.20.0.5',
    TRUST_PROXY: '10.20.0.5',
  });

  it('answers the addresses METRICS_ALLOWED_ADDRESSES names, and refuses every other, loopback included', async () => {
    expect((await metrics('10.20.3.4', {}, named.app)).statusCode).toBe(200);
    expect((await metrics('192.0.2.7', {}, named.app)).statusCode).toBe(200);
    expect((await metrics('::ffff:10.20.3.4', {}, named.app)).statusCode).toBe(200);
    expect((await metrics('10.21.0.1', {}, named.app)).statusCode).toBe(404);
    expect((await metrics('127.0.0.1', {}, named.app)).statusCode).toBe(404);
  });

  it('refuses everyone while the variable is unset', async () => {
    expect((await metrics('127.0.0.1', {}, unnamed.app)).statusCode).toBe(404);
    expect((await metrics('10.20.3.4', {}, unnamed.app)).statusCode).toBe(404);
  });

  it('judges the client address, not the balancer that forwarded the request', async () => {
    const outside = await metrics('10.20.0.5', { 'x-forwarded-for': '198.51.100.4' }, proxied.app);
    expect(outside.statusCode).toBe(404);
    expect((await metrics('10.20.0.5', {}, proxied.app)).statusCode).toBe(200);
  });
});

describe('METRICS_ALLOWED_ADDRESSES', () => {
  it('takes addresses, CIDR ranges and the named ranges', () => {
    const allowed = addressMatcher(['10.0.0.0/8', '2001:db8::/32', '192.0.2.1', 'loopback']);
    expect(['10.9.8.7', '2001:db8::1', '192.0.2.1', '127.0.0.1', '::1'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['11.0.0.1', '2001:db9::1', '192.0.2.2', 'localhost', ''].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses a value that is not such a list, naming the variable', () => {
    expect(() => parseConfig({ METRICS_ALLOWED_ADDRESSES: '10.0.0.0/99' })).toThrow(ConfigError);
    expect(() => parseConfig({ METRICS_ALLOWED_ADDRESSES: 'prometheus.internal' })).toThrow(
      /METRICS_ALLOWED_ADDRESSES: must be/,
    );
    expect(parseConfig({}).metricsAllowed).toEqual(['loopback']);
    expect(parseConfig({ NODE_ENV: 'production' }).metricsAllowed).toEqual([]);
  });
});

describe('STORAGE_DRIVER', () => {
  it('is local by default and s3 with a bucket; S3 keys come both or neither', () => {
    expect(parseConfig({ DATA_DIR: '/srv/portal' }).storage).toEqual({ driver: 'local', dir: '/srv/portal/files' });
    expect(
      parseConfig({
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'portal-files',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ENDPOINT: 'https://s3.internal',
      }).storage,
    ).toEqual({
      driver: 's3',
      bucket: 'portal-files',
      prefix: '',
      endpoint: 'https://s3.internal',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: undefined,
    });
    expect(() => parseConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: must be set with STORAGE_DRIVER=s3/);
    expect(() => parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => parseConfig({ STORAGE_DRIVER: 'nfs' })).toThrow(/STORAGE_DRIVER/);
  });
});
