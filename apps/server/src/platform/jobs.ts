/**
 * Periodic jobs (dormant-account sweep, pruning) that run on exactly one instance at a time,
 * however many instances share the database (DESIGN: jobs are Postgres-backed; scale-out).
 *
 * Each job has a lease row in `job_lease`. An instance runs a job only after one atomic
 *   update job_lease set locked_until = now() + lease
 *    where name = $1 and (locked_until is null or locked_until < now())
 *      and (last_run_at is null or last_run_at <= $now - everyMs)
 *   returning locked_until
 * has returned its row: PostgreSQL re-checks the WHERE of concurrent updates of one row, so of
 * several instances asking at once exactly one gets it, and "is it due?" is decided in the same
 * statement, so a run that has just finished is not repeated by an instance asking a moment later.
 *
 * - The lease is released (locked_until = null) when the run ends, and last_run_at and
 *   last_result are recorded. A process that dies mid-run leaves the lease to run out (10 min);
 *   the job's last_run_at was not advanced, so the next instance to tick runs it again. Jobs are
 *   therefore written to be safe to repeat (each change re-checks its condition).
 * - The lease's clock is the database's (`now()`), shared by every instance; whether a job is
 *   due uses the `now` given to runDue (the instance's clock; tests move it).
 * - The value of locked_until is the lease's token: a release that finds another value (the run
 *   outlived its lease and someone else took it) records nothing and logs a warning.
 * - A failing job is logged and its error recorded in last_result; it counts as a run (tried
 *   again after everyMs) and never stops the other jobs or the process.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { countJobRun } from './metrics.ts';

type LogFn = (details: Record<string, unknown>, message: string) => void;
/** The part of a pino logger the runner uses (Fastify's `app.log` fits). */
export type JobLog = { info: LogFn; warn: LogFn; error: LogFn };

export type Job = {
  /** Stable name: the key of the job's lease row. */
  name: string;
  /** Least time between the starts of two runs. */
  everyMs: number;
  /** Does the work as of `now`; the result (counts) is logged and kept in last_result. */
  run(now: Date): Promise<Record<string, unknown>>;
};

export type JobRunnerOptions = {
  db: Db;
  log: JobLog;
  jobs: readonly Job[];
  /** How often the runner looks for due jobs. */
  tickMs?: number;
  /** How long a claimed job is held if its instance never releases it (crash safety). */
  leaseMs?: number;
};

export type JobRunner = {
  /** Looks for due jobs now and every `tickMs` until stopped (the timer does not keep the process alive). */
  start(): void;
  /** Stops ticking and waits for a job in progress to finish; no job starts afterwards. */
  stop(): Promise<void>;
  /** Runs, one after another, the jobs that are due at `now` and not leased elsewhere; returns their names. */
  runDue(now?: Date): Promise<string[]>;
};

export const JOB_LEASE_MS = 10 * 60_000;

type LeaseContext = { db: Db; log: JobLog; leaseMs: number };

/** Job names are lease keys, so they must be distinct. */
function checkJobs(jobs: readonly Job[]): void {
  const names = new Set<string>();
  for (const job of jobs) {
    if (names.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    if (!(job.everyMs > 0)) throw new Error(`Job ${job.name}: everyMs must be positive`);
    names.add(job.name);
  }
}

/** Takes the job's lease if it is free and the job is due; returns the lease token (its end). */
async function claim({ db, leaseMs }: LeaseContext, job: Job, now: Date): Promise<Date | undefined> {
  await db
    .insertInto('jobLease')
    .values({ name: job.name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('jobLease')
    // Whole milliseconds, so that the value read back into a JS Date matches it exactly.
    .set({ lockedUntil: sql<Date>`date_trunc('milliseconds', now() + ${leaseMs}::int * interval '1 millisecond')` })
    .where('name', '=', job.name)
    .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('lastRunAt', 'is', null), eb('lastRunAt', '<=', new Date(now.getTime() - job.everyMs))]))
    .returning('lockedUntil')
    .executeTakeFirst();
  return row?.lockedUntil ?? undefined;
}

async function release(
  { db, log, leaseMs }: LeaseContext,
  job: Job,
  token: Date,
  now: Date,
  result: Record<string, unknown>,
): Promise<void> {
  const { numUpdatedRows } = await db
    .updateTable('jobLease')
    .set({ lockedUntil: null, lastRunAt: now, lastResult: JSON.stringify(result) })
    .where('name', '=', job.name)
    .where('lockedUntil', '=', token)
    .executeTakeFirst();
  if (Number(numUpdatedRows) === 0) {
    log.warn({ job: job.name, leaseMs }, 'job outlived its lease; its result was not recorded');
  }
}

/** Runs the job if this instance gets its lease; returns whether it ran. */
async function runOne(context: LeaseContext, job: Job, now: Date): Promise<boolean> {
  const { log } = context;
  let token: Date | undefined;
  try {
    token = await claim(context, job, now);
  } catch (error) {
    log.error({ err: error, job: job.name }, 'job lease could not be claimed');
    return false;
  }
  if (!token) return false;
  const started = performance.now();
  let result: Record<string, unknown>;
  try {
    const output = await job.run(now);
    result = { ok: true, durationMs: Math.round(performance.now() - started), ...output };
    log.info({ job: job.name, ...result }, 'job done');
    countJobRun(job.name, true);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    result = { ok: false, durationMs: Math.round(performance.now() - started), error: message.slice(0, 1000) };
    log.error({ err: error, job: job.name }, 'job failed');
    countJobRun(job.name, false);
  }
  try {
    await release(context, job, token, now, result);
  } catch (error) {
    // The lease runs out by itself; the job is tried again then.
    log.error({ err: error, job: job.name }, 'job result could not be recorded');
  }
  return true;
}

export function createJobRunner({
  db,
  log,
  jobs,
  tickMs = 30_000,
  leaseMs = JOB_LEASE_MS,
}: JobRunnerOptions): JobRunner {
  checkJobs(jobs);
  const context: LeaseContext = { db, log, leaseMs };

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<unknown> | undefined;
  const inFlight = new Set<Promise<string[]>>();

  function runDue(now: Date = new Date()): Promise<string[]> {
    const round = (async () => {
      const ran: string[] = [];
      for (const job of jobs) {
        if (stopped) break;
        if (await runOne(context, job, now)) ran.push(job.name);
      }
      return ran;
    })();
    inFlight.add(round);
    void round.finally(() => inFlight.delete(round));
    return round;
  }

  /** One round at a time per runner: a tick while the previous round still runs is skipped. */
  function tick(): void {
    if (stopped || ticking) return;
    ticking = runDue()
      .catch((error: unknown) => log.error({ err: error }, 'job round failed'))
      .finally(() => {
        ticking = undefined;
      });
  }

  return {
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
    runDue,
  };
}
