/**
 * Two instances behind a real load balancer (issue 28, item 3): nginx in front of two built
 * servers (apps/server's bundle, as `npm start` runs it) on one PostgreSQL database and one S3
 * server (s3rver), each with its own data directory, TRUST_PROXY naming the balancer only (nginx
 * connects to them from 127.0.0.2; the test's clients connect to nginx from addresses of their
 * own in 127.0.0.0/8, so each is a different client, as on the internet).
 *
 * nginx sends a request to the instance its `X-Test-Instance` header names (a or b), otherwise to
 * either in turn, and says which one answered in `X-Upstream`. Through it: log in on one, publish,
 * send and agree an intention, upload a contract, both parties sign and download the signed PDF on
 * the other; the bell of a user whose stream is on A moves within a second of a write on B;
 * log-in lock-out and e-mail code limits hold across instances; each scheduled job runs once;
 * /metrics answers on both and counts the requests sent to each; and stopping one instance
 * (SIGTERM) in the middle of a stream of writes loses none: nginx sends what that instance
 * no longer takes to the other, and every write is stored exactly once.
 *
 * PostgreSQL only (a second process cannot open PGlite's database): `.ci/run`'s PostgreSQL pass.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle, Db } from '../src/db/database.ts';
import { SESSION_COOKIE } from '../src/platform/session.ts';
import {
  type BalancedPair,
  buildServerBundle,
  type Instance,
  loopbackFor,
  NGINX_PATH,
  type SendOptions,
  startBalancedPair,
} from './balanced-pair.ts';
import { validReleaseBody } from './cooperation-factories.ts';
import { buildUser, FIVE_FAILED_LOG_INS, logInThroughApi, nextIp, solveCaptcha, TEST_PASSWORD } from './factories.ts';
import { createTestDatabase, databaseUrlOf, dropTestDatabase, TEST_KEK } from './helpers.ts';
import { describeOnPostgres } from './postgres-only.ts';
import { requireFile } from './require-tool.ts';
import { startS3Server, type TestS3 } from './s3.ts';
import { signingApi } from './signing-scene.ts';
import { openUnreadStream } from './unread-stream.ts';

describeOnPostgres('two instances behind nginx, on one PostgreSQL and one S3 store', () => {
  let work: string;
  /** This run's server bundle (removed at the end). */
  let bundle: ReturnType<typeof buildServerBundle> | undefined;
  let database: DatabaseHandle;
  let db: Db;
  let s3: TestS3;
  let pair: BalancedPair | undefined;
  let servers: BalancedPair['servers'];
  let balancerPort: number;
  /** Which instance answered each request the test sent through the balancer. */
  let answeredBy: Record<Instance, number>;

  /** One request through the balancer, as app.inject takes it; `to` pins an instance. */
  const send = (options: SendOptions, to?: Instance) => pair!.send(options, to);
  /** The balancer as the shared test helpers take an app: `inject` goes through nginx (to `to`). */
  const balancer = (to?: Instance) => pair!.balancer(to);

  /** An instance's /metrics, asked directly (loopback may read it outside production). */
  async function metricsOf(name: Instance): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${servers.get(name)!.port}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  }

  /** The sum of a metric's samples whose labels include all of `labels`. */
  function sumOf(text: string, metric: string, labels: Record<string, string> = {}): number {
    let sum = 0;
    for (const line of text.split('\n')) {
      if (!line.startsWith(`${metric}{`) && !line.startsWith(`${metric} `)) continue;
      if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
      sum += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return sum;
  }

  beforeAll(async () => {
    requireFile(NGINX_PATH, 'nginx');
    work = await mkdtemp(join(tmpdir(), 'portal-two-instances-'));
    database = await createTestDatabase();
    db = database.db;
    s3 = await startS3Server();
    // The built server, bundled here so that the test runs what `npm start` runs.
    bundle = buildServerBundle('two-instances');
    pair = await startBalancedPair({
      entry: bundle.entry,
      work,
      databaseUrl: databaseUrlOf(database),
      s3Env: s3.env,
      signingKek: TEST_KEK,
    });
    ({ servers, balancerPort, answeredBy } = pair);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
    await s3?.stop();
    // Made in beforeAll, where the clean-up createTestDatabase registers does not run.
    if (database) await dropTestDatabase(database);
    if (work) await rm(work, { recursive: true, force: true });
    await bundle?.remove();
  }, 60_000);

  it('each scheduled job ran once, on one of the two instances', async () => {
    const jobs = (await db.selectFrom('jobLease').select(['name', 'lastRunAt']).execute()).map((j) => j.name);
    expect(jobs.length).toBeGreaterThanOrEqual(4);
    // Both instances ticked at start; each job's lease went to exactly one of them.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [a, b] = [await metricsOf('a'), await metricsOf('b')];
      const runs = jobs.map(
        (job) => sumOf(a, 'portal_job_runs_total', { job }) + sumOf(b, 'portal_job_runs_total', { job }),
      );
      if (runs.every((n) => n >= 1) || Date.now() > deadline) {
        expect(Object.fromEntries(jobs.map((job, i) => [job, runs[i]]))).toEqual(
          Object.fromEntries(jobs.map((job) => [job, 1])),
        );
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const leases = await db.selectFrom('jobLease').select(['name', 'lastRunAt']).execute();
    expect(leases.every((lease) => lease.lastRunAt !== null)).toBe(true);
  }, 30_000);

  it('logs in on one, publishes, agrees an intention, signs and downloads the contract on the other; the bell follows', async () => {
    const onA = balancer('a');
    const onB = balancer('b');
    const api = signingApi(balancer(), db);
    const onBApi = signingApi(onB, db);

    // Log in on A (picture code, password, e-mail code for a browser new to the account).
    const publisherUser = await buildUser(db, { name: 'Amy Chan' });
    const loggedIn = await logInThroughApi(onA, db, publisherUser.email);
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
    expect(loggedIn.headers['x-upstream']).toContain(String(servers.get('a')!.port));
    const setCookies = [loggedIn.headers['set-cookie'] ?? []].flat();
    const cookie = setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toBeTruthy();
    // The session made on A is valid on B.
    const me = await send({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } }, 'b');
    expect(me.statusCode, me.body).toBe(200);
    expect(JSON.stringify(me.json().data)).toContain(publisherUser.email);
    const publisher = {
      id: publisherUser.id,
      email: publisherUser.email,
      cookie,
      institutionId: publisherUser.institutionId!,
    };

    // Publish on A.
    const published = await send(
      { method: 'POST', url: '/api/bthw/publish', headers: { cookie }, payload: validReleaseBody('BILATERAL_LOAN') },
      'a',
    );
    expect(published.statusCode, published.body).toBe(200);
    const requestLgcSn = published.json().data.lgcSn as string;

    // The publisher's bell, open on A through the balancer.
    const bell = await openBell(cookie, 'a');
    expect(await bell.next()).toBe(0);

    // The counterpart sends an intention through B: the bell on A moves within a second.
    const counterpart = await api.caller((await buildUser(db)).institutionId!, { locale: 'zh-CN' });
    const started = Date.now();
    const sent = await send(
      {
        method: 'POST',
        url: '/api/bthw/SendBthw',
        headers: { cookie: counterpart.cookie },
        payload: { requestLgcSn, message: 'We would like to participate.' },
      },
      'b',
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await bell.next(1000)).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    bell.close();
    const intentionLgcSn = sent.json().data.lgcSn as string;
    const agreed = await send(
      {
        method: 'POST',
        url: '/api/bthw/agreeOrRefuse',
        headers: { cookie },
        payload: { intentionLgcSn, decision: 'agree' },
      },
      'a',
    );
    expect(agreed.statusCode, agreed.body).toBe(200);

    // Seals approved, the contract uploaded and confirmed, through either instance.
    const reviewer = await api.reviewer();
    const publisherSeal = await api.effectiveSeal(publisher, reviewer);
    const counterpartSeal = await api.effectiveSeal(counterpart, reviewer, { sealName: '合同专用章' });
    const original = await api.makeTestPdf(2);
    const uploaded = await signingApi(onA, db).uploadContract(cookie, intentionLgcSn, original, 'Loan agreement');
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const confirmed = await api.inject('POST', `/api/contracts/${intentionLgcSn}/confirm`, counterpart.cookie);
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // Both parties sign on B, and the signed PDF is the same from either instance.
    const first = await onBApi.sign(publisher, intentionLgcSn, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await onBApi.sign(counterpart, intentionLgcSn, [
      { sealLgcSn: counterpartSeal, page: 2, x: 0.1, y: 0.7 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const fromB = await send({ method: 'GET', url: `/api/contracts/${intentionLgcSn}/file`, headers: { cookie } }, 'b');
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(fromB.rawPayload.length).toBeGreaterThan(original.length);
    const fromA = await send(
      { method: 'GET', url: `/api/contracts/${intentionLgcSn}/file`, headers: { cookie: counterpart.cookie } },
      'a',
    );
    expect(Buffer.compare(fromA.rawPayload, fromB.rawPayload)).toBe(0);
    const contract = await db
      .selectFrom('contract')
      .select('contract.state')
      .innerJoin('cooperationIntention as i', 'i.id', 'contract.intentionId')
      .where('i.lgcSn', '=', intentionLgcSn)
      .executeTakeFirstOrThrow();
    expect(contract.state).toBe('signed');
  }, 90_000);

  it('holds the log-in lock-out and the e-mail code pause across instances', async () => {
    const user = await buildUser(db);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await send(
        {
          method: 'POST',
          url: '/api/user/p1/login',
          remoteAddress: nextIp(),
          payload: { emailAdr: user.email, pwd: 'Wrong#2026x', ...(await solveCaptcha(balancer())) },
        },
        i % 2 === 0 ? 'a' : 'b',
      );
      codes.push(res.json().code);
    }
    // Failures on A and B add up to one count: the fifth locks, wherever it lands.
    expect(codes).toEqual(FIVE_FAILED_LOG_INS);
    const right = await send(
      {
        method: 'POST',
        url: '/api/user/p1/login',
        remoteAddress: nextIp(),
        payload: { emailAdr: user.email, pwd: TEST_PASSWORD, ...(await solveCaptcha(balancer())) },
      },
      'b',
    );
    expect(right.json().code).toBe('PRT_ACCOUNT_LOCKED');

    // A code asked for on A: asking again on B at once is refused with the pause.
    const other = await buildUser(db);
    const askCode = async (to: Instance) =>
      send(
        {
          method: 'POST',
          url: '/api/user/p1/getEmailCode',
          remoteAddress: nextIp(),
          payload: { emailAdr: other.email, emailType: '3', pwd: TEST_PASSWORD, ...(await solveCaptcha(balancer())) },
        },
        to,
      );
    const firstCode = await askCode('a');
    expect(firstCode.statusCode, firstCode.body).toBe(200);
    const again = await askCode('b');
    expect(again.json().code).toBe('PRT_RESEND_TOO_SOON');
  }, 60_000);

  it('answers /metrics on both instances, counting the requests the test sent to each', async () => {
    expect(answeredBy.a).toBeGreaterThan(0);
    expect(answeredBy.b).toBeGreaterThan(0);
    for (const name of ['a', 'b'] as const) {
      const text = await metricsOf(name);
      // Every request nginx sent there was counted there (and /readyz and /metrics besides).
      expect(sumOf(text, 'portal_http_requests_total')).toBeGreaterThanOrEqual(answeredBy[name]);
    }
    expect(sumOf(await metricsOf('b'), 'portal_contract_signatures_total')).toBe(2);
    expect(sumOf(await metricsOf('a'), 'portal_contract_signatures_total')).toBe(0);
  });

  it('loses no request and no write when one instance stops in the middle of a run', async () => {
    const marker = `two-instances-${Date.now()}`;
    const total = 60;
    let done = 0;
    const statuses: number[] = [];
    const feedback = async (i: number) => {
      const form = new FormData();
      form.append('text', `${marker} #${i}`);
      form.append('emailAdr', `visitor${i}@example.com`);
      const res = await send({ method: 'POST', url: '/api/feedback/submit', payload: form, remoteAddress: nextIp() });
      const read = await send({ method: 'GET', url: '/readyz', remoteAddress: nextIp() });
      statuses.push(res.statusCode, read.statusCode);
      done++;
    };
    let next = 0;
    const worker = async () => {
      while (next < total) await feedback(next++);
    };
    const running = Promise.all([worker(), worker(), worker(), worker()]);
    while (done < 15) await new Promise((r) => setTimeout(r, 10));
    const before = { ...answeredBy };
    const a = servers.get('a')!.process;
    const stopped = new Promise((r) => a.once('exit', r));
    a.kill('SIGTERM');
    // Stopped with most of the run still to come: A was taking its share until then.
    expect(done).toBeLessThan(total / 2);
    expect(before.a).toBeGreaterThan(0);
    await running;
    await stopped;
    expect(a.exitCode).toBe(0);
    // Every request answered, B taking those A no longer did.
    expect(statuses).toHaveLength(2 * total);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(answeredBy.b - before.b).toBeGreaterThan(total);
    const rows = await db.selectFrom('feedback').select('text').where('text', 'like', `${marker} #%`).execute();
    expect(rows.map((r) => r.text).sort()).toEqual(Array.from({ length: total }, (_, i) => `${marker} #${i}`).sort());
  }, 60_000);

  /** The unread-count stream, through the balancer to `to`. */
  function openBell(cookie: string, to: Instance) {
    return openUnreadStream(
      {
        host: '127.0.0.1',
        port: balancerPort,
        headers: { cookie, 'x-test-instance': to },
        localAddress: loopbackFor(nextIp()),
      },
      2000,
    );
  }
});
