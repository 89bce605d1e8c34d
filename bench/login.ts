/**
 * Log-in cost and throughput against the built server on PGlite.
 *
 * - argon2id: the verify a log-in does, in this process, median of 10 (the target: one
 *   log-in costs 50–150 ms of CPU).
 * - Log-ins over HTTP, each what the browser does: a picture code (GET
 *   /api/user/p1/getVerifyCode, answer read from the test-mode header) and the log-in (POST
 *   /api/user/p1/login); latency is of the pair. First 10 from one client alone, then 4 clients
 *   for about 8 s: latency percentiles and log-ins per second.
 * - The server's own CPU time per log-in (from /proc, all its threads), and the ceiling it
 *   implies: cores ÷ CPU per log-in. The load generator shares the machine's cores with the
 *   server, so the measured rate is below that ceiling.
 *
 * Staying inside the portal's protections, not around them:
 * - Per-address limits (log-in 30, picture code 60 per 10 min): every log-in comes from its own
 *   address in X-Forwarded-For (the server runs with TRUST_PROXY=loopback, so this process is
 *   the trusted proxy), as from many users.
 * - Per-e-mail limit (10 log-ins per 10 min): no account is used more than 10 times. The six demo
 *   accounts allow only 60 log-ins per window, too few for 8 s of load, so the bench adds 34
 *   accounts like the demo user Kevin Lau (same password, so the same hash cost) to the data
 *   directory before the server starts.
 * - New-device e-mail code: each account logs in from one device (one `portal_device` cookie)
 *   that the data directory already lists as the account's known device (as after an earlier
 *   log-in with the e-mailed code), so no e-mail code is asked.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openPglite } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-accounts.ts';
import { seedDemoData } from '../apps/server/src/db/seed/index.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/platform/passwords.ts';
import { type Figure, median } from './report.ts';
import { startServer } from './server-process.ts';

const CLIENTS = 4;
const MEASURE_MS = 8_000;
/** RATE_LIMITS.loginPerEmail in apps/server/src/platform/rate-limit.ts. */
const LOGINS_PER_EMAIL = 10;
const EXTRA_ACCOUNTS = 34;
const TEMPLATE_ACCOUNT = 'kevin.lau@harbourview.example';

type Account = { email: string; device: string; used: number };

/**
 * Prepares the data directory: migrations, demo data, the extra accounts, and one known device
 * per account. Returns every account with its device.
 */
async function prepareDataDir(dataDir: string): Promise<Account[]> {
  const handle = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    const { db } = handle;
    await migrateToLatest(db);
    await seedDemoData(db);
    const template = await db
      .selectFrom('appUser')
      .selectAll()
      .where('email', '=', TEMPLATE_ACCOUNT)
      .executeTakeFirstOrThrow();
    for (let i = 1; i <= EXTRA_ACCOUNTS; i++) {
      await db
        .insertInto('appUser')
        .values({
          lgcSn: `bench-user-${i}`,
          email: `bench.user${i}@harbourview.example`,
          passwordHash: template.passwordHash,
          name: `Bench User ${i}`,
          phone: template.phone,
          institutionId: template.institutionId,
          roleCodes: sql<string[]>`${template.roleCodes}::text[]`,
          activation: template.activation,
          agreementAccepted: true,
          profile: JSON.stringify(template.profile),
        })
        .execute();
    }
    const rows = await db
      .selectFrom('appUser')
      .select(['id', 'email'])
      .where('status', '=', 'active')
      .where('passwordHash', 'is not', null)
      .orderBy('id')
      .execute();
    const accounts: Account[] = [];
    for (const row of rows) {
      const device = randomBytes(24).toString('base64url');
      const deviceHash = createHash('sha256').update(device).digest('hex');
      await db.insertInto('knownDevice').values({ userId: row.id, deviceHash }).execute();
      accounts.push({ email: row.email, device, used: 0 });
    }
    return accounts;
  } finally {
    await handle.close();
  }
}

/** CPU time (user + system, all threads) a process has used, in ms. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

let addressCounter = 0;
/** A client address of its own for each log-in (documentation range 198.18.0.0/15). */
function nextAddress(): string {
  addressCounter += 1;
  return `198.18.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** One log-in as the browser does it; resolves with its duration, throws on any refusal. */
async function logIn(baseUrl: string, account: Account): Promise<number> {
  const headers = { 'x-forwarded-for': nextAddress(), cookie: `portal_device=${account.device}` };
  const started = performance.now();
  const captcha = await fetch(`${baseUrl}/api/user/p1/getVerifyCode`, { headers });
  const verifyCode = captcha.headers.get('x-test-captcha-answer');
  const { data } = (await captcha.json()) as { data: { verifyCodeTraceId: string } };
  if (!captcha.ok || !verifyCode) throw new Error(`picture code refused (${captcha.status})`);
  const res = await fetch(`${baseUrl}/api/user/p1/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      emailAdr: account.email,
      pwd: DEMO_PASSWORD,
      verifyCode,
      verifyCodeTraceId: data.verifyCodeTraceId,
    }),
  });
  const body = (await res.json()) as { code: string; message: string };
  if (!res.ok || body.code !== '0') throw new Error(`log-in refused: ${body.code} ${body.message}`);
  return performance.now() - started;
}

export async function benchLogin(): Promise<Figure[]> {
  // In this process, on an idle machine: what one log-in's password check costs.
  const stored = await hashPassword(DEMO_PASSWORD);
  const verifies: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    if (!(await verifyPassword(stored, DEMO_PASSWORD))) throw new Error('argon2 verify failed');
    verifies.push(performance.now() - started);
  }

  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-login-'));
  try {
    const accounts = await prepareDataDir(dataDir);
    const server = await startServer({ DATA_DIR: dataDir, CAPTCHA_TEST_MODE: 'true', TRUST_PROXY: 'loopback' });
    try {
      let failures = 0;
      const attempt = async (account: Account, into?: number[]) => {
        account.used++;
        try {
          const ms = await logIn(server.baseUrl, account);
          into?.push(ms);
        } catch (error) {
          failures++;
          if (failures <= 3) console.warn(`  log-in failed: ${(error as Error).message}`);
        }
      };

      // Warm-up, not measured: each account's first log-in.
      let next = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (next < accounts.length) await attempt(accounts[next++]!);
        }),
      );

      // One client alone, so latency without queueing is on record too.
      const alone: number[] = [];
      for (let i = 0; i < 10; i++) await attempt(accounts[i % accounts.length]!, alone);

      // Measured: 4 clients for MEASURE_MS, taking turns over the accounts, each at most 10 times.
      const latencies: number[] = [];
      let turn = 0;
      const take = (): Account | undefined => {
        for (let tried = 0; tried < accounts.length; tried++) {
          const account = accounts[turn++ % accounts.length]!;
          if (account.used < LOGINS_PER_EMAIL) return account;
        }
        return undefined;
      };
      const cpuBefore = await cpuMs(server.child.pid!);
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          for (;;) {
            if (performance.now() - started >= MEASURE_MS) return;
            const account = take();
            if (!account) return;
            await attempt(account, latencies);
          }
        }),
      );
      const elapsedMs = performance.now() - started;
      const serverCpuPerLogin = (await cpuMs(server.child.pid!)) - cpuBefore;
      const perLogin = serverCpuPerLogin / Math.max(1, latencies.length);
      const cores = availableParallelism();
      return [
        {
          name: 'CPU per log-in: argon2id verify, in-process, median of 10',
          value: median(verifies),
          unit: 'ms',
          target: 150,
        },
        { name: 'log-in latency, one client alone, median of 10', value: median(alone), unit: 'ms' },
        {
          name: `log-in latency p50 (${CLIENTS} clients; picture code + log-in)`,
          value: percentile(latencies, 0.5),
          unit: 'ms',
        },
        { name: 'log-in latency p95', value: percentile(latencies, 0.95), unit: 'ms' },
        { name: 'log-in latency p99', value: percentile(latencies, 0.99), unit: 'ms' },
        {
          name: `log-ins per second, measured (${latencies.length} in ${(elapsedMs / 1000).toFixed(1)} s)`,
          value: (latencies.length * 1000) / elapsedMs,
          unit: '/s',
        },
        { name: 'server CPU per log-in (all threads, whole request pair)', value: perLogin, unit: 'ms' },
        {
          name: `log-ins per second ceiling: ${cores} cores ÷ server CPU per log-in`,
          value: (cores * 1000) / perLogin,
          unit: '/s',
        },
        {
          name: `accounts used (${LOGINS_PER_EMAIL} log-ins per e-mail per 10 min allowed)`,
          value: accounts.length,
          unit: 'accounts',
        },
        { name: 'log-ins refused or failed', value: failures, unit: 'log-ins', target: 1 },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
