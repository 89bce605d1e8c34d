import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '../../test/helpers.ts';
import type { Db } from '../db/database.ts';
import { createJobRunner, type Job, type JobLog } from './jobs.ts';

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const at =
    (level: string) =>
    (details: Record<string, unknown>, message: string): void => {
      lines.push({ level, details, message });
    };
  const log: JobLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3_600_000;
const T0 = new Date('2030-06-15T12:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

/** A job that counts its runs and can be made slow. */
function countingJob(name: string, everyMs = HOUR, workMs = 0) {
  const runs: Date[] = [];
  const job: Job = {
    name,
    everyMs,
    async run(now) {
      runs.push(now);
      if (workMs) await sleep(workMs);
      return { done: runs.length };
    },
  };
  return { job, runs };
}

const leaseOf = (db: Db, name: string) =>
  db.selectFrom('jobLease').selectAll().where('name', '=', name).executeTakeFirstOrThrow();

describe('createJobRunner', async () => {
  const { db } = await createTestDatabase();

  it('runs a job once when two instances ask at the same moment', async () => {
    const { job, runs } = countingJob('once-only', HOUR, 50);
    const a = createJobRunner({ db, log: recordingLog().log, jobs: [job] });
    const b = createJobRunner({ db, log: recordingLog().log, jobs: [job] });
    const [ranA, ranB] = await Promise.all([a.runDue(T0), b.runDue(T0)]);
    expect(runs).toHaveLength(1);
    expect([...ranA, ...ranB]).toEqual(['once-only']);
    // Right after, neither runs it again: it is not due for another hour.
    expect(await Promise.all([a.runDue(T0), b.runDue(later(1000))])).toEqual([[], []]);
    expect(runs).toHaveLength(1);
  });

  it('runs each due job once per period with several instances racing, fast jobs included', async () => {
    const fast = countingJob('race-fast', HOUR);
    const slow = countingJob('race-slow', HOUR, 20);
    const runners = Array.from({ length: 5 }, () =>
      createJobRunner({ db, log: recordingLog().log, jobs: [fast.job, slow.job] }),
    );
    for (const hour of [0, 1, 2]) {
      const ran = await Promise.all(runners.map((runner) => runner.runDue(later(hour * HOUR))));
      expect(ran.flat().sort()).toEqual(['race-fast', 'race-slow']);
    }
    expect(fast.runs).toEqual([T0, later(HOUR), later(2 * HOUR)]);
    expect(slow.runs).toEqual([T0, later(HOUR), later(2 * HOUR)]);
  });

  it('runs a job again only once everyMs has passed since its last run', async () => {
    const { job, runs } = countingJob('hourly', HOUR);
    const runner = createJobRunner({ db, log: recordingLog().log, jobs: [job] });
    expect(await runner.runDue(T0)).toEqual(['hourly']);
    expect(await runner.runDue(later(HOUR - 1))).toEqual([]);
    expect(await runner.runDue(later(HOUR))).toEqual(['hourly']);
    expect(runs).toEqual([T0, later(HOUR)]);
    const lease = await leaseOf(db, 'hourly');
    expect(lease.lockedUntil).toBeNull();
    expect(new Date(lease.lastRunAt!)).toEqual(later(HOUR));
    expect(lease.lastResult).toMatchObject({ ok: true, done: 2 });
  });

  it('records a failing job’s error, logs it, and still runs the next job', async () => {
    const { log, lines } = recordingLog();
    const failing: Job = {
      name: 'failing',
      everyMs: HOUR,
      run: async () => {
        throw new Error('the mail server is on fire');
      },
    };
    const { job: next, runs } = countingJob('after-failing');
    const runner = createJobRunner({ db, log, jobs: [failing, next] });
    expect(await runner.runDue(T0)).toEqual(['failing', 'after-failing']);
    expect(runs).toHaveLength(1);
    const lease = await leaseOf(db, 'failing');
    expect(lease.lastResult).toMatchObject({ ok: false, error: 'the mail server is on fire' });
    expect(lease.lockedUntil).toBeNull();
    expect(lines.filter((l) => l.level === 'error')).toEqual([
      { level: 'error', details: expect.objectContaining({ job: 'failing' }), message: 'job failed' },
    ]);
    // A failure counts as a run: tried again after everyMs, not on every tick.
    expect(await runner.runDue(later(1000))).toEqual([]);
    expect(await runner.runDue(later(HOUR))).toEqual(['failing', 'after-failing']);
  });

  it('leaves a job alone while another instance holds its lease, and takes it over once the lease runs out', async () => {
    const { job, runs } = countingJob('crashed');
    const runner = createJobRunner({ db, log: recordingLog().log, jobs: [job] });
    // Another instance claimed it and died without releasing it.
    await db
      .insertInto('jobLease')
      .values({ name: 'crashed', lockedUntil: sql<Date>`now() + interval '5 minutes'` })
      .execute();
    expect(await runner.runDue(T0)).toEqual([]);
    await db
      .updateTable('jobLease')
      .set({ lockedUntil: sql<Date>`now() - interval '1 second'` })
      .where('name', '=', 'crashed')
      .execute();
    expect(await runner.runDue(T0)).toEqual(['crashed']);
    expect(runs).toHaveLength(1);
  });

  it('holds the lease while the job runs, for ten minutes at most', async () => {
    let seen: Date | null = null;
    const job: Job = {
      name: 'lease-length',
      everyMs: HOUR,
      run: async () => {
        seen = (await leaseOf(db, 'lease-length')).lockedUntil;
        return {};
      },
    };
    const [{ dbNow }] = (await sql<{ dbNow: Date }>`select now() as db_now`.execute(db)).rows as [{ dbNow: Date }];
    await createJobRunner({ db, log: recordingLog().log, jobs: [job] }).runDue(T0);
    const leaseMs = new Date(seen!).getTime() - new Date(dbNow).getTime();
    expect(leaseMs).toBeGreaterThan(10 * 60_000 - 5_000);
    expect(leaseMs).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  it('does not record the result of a run that outlived its lease and was taken over', async () => {
    const { log, lines } = recordingLog();
    const job: Job = {
      name: 'overran',
      everyMs: HOUR,
      run: async () => {
        // Meanwhile the lease ran out and another instance took the job.
        await db
          .updateTable('jobLease')
          .set({ lockedUntil: sql<Date>`now() + interval '7 minutes'` })
          .where('name', '=', 'overran')
          .execute();
        return {};
      },
    };
    expect(await createJobRunner({ db, log, jobs: [job] }).runDue(T0)).toEqual(['overran']);
    const lease = await leaseOf(db, 'overran');
    expect(lease.lockedUntil).not.toBeNull();
    expect(lease.lastRunAt).toBeNull();
    expect(lines.map((l) => l.message)).toContain('job outlived its lease; its result was not recorded');
  });

  it('refuses two jobs of one name', () => {
    const { job } = countingJob('twice');
    expect(() => createJobRunner({ db, log: recordingLog().log, jobs: [job, job] })).toThrow(/twice/);
  });
});

describe('start and stop', async () => {
  const { db } = await createTestDatabase();

  it('runs due jobs on start and on each tick, and stop() waits for the job in progress', async () => {
    let finished = 0;
    const job: Job = {
      name: 'ticking',
      everyMs: 1,
      async run() {
        await sleep(100);
        finished++;
        return {};
      },
    };
    const runner = createJobRunner({ db, log: recordingLog().log, jobs: [job], tickMs: 20 });
    runner.start();
    await sleep(350);
    await runner.stop();
    const afterStop = finished;
    expect(afterStop).toBeGreaterThanOrEqual(2);
    // The run in progress finished before stop() resolved, and no other started after it.
    expect((await leaseOf(db, 'ticking')).lockedUntil).toBeNull();
    await sleep(150);
    expect(finished).toBe(afterStop);
    expect(await runner.runDue()).toEqual([]);
  });
});

describe('in the app', async () => {
  const { app, database } = await buildTestApp();

  it('exposes the runner as app.jobs with the dormant-account, pruning, request-expiry and seal-expiry jobs, not started in tests', async () => {
    expect(await database.db.selectFrom('jobLease').select('name').execute()).toEqual([]);
    expect(await app.jobs.runDue()).toEqual([
      'dormant-accounts',
      'prune-short-lived',
      'cooperation-expiry',
      'seal-expiry',
    ]);
    const leases = await database.db.selectFrom('jobLease').selectAll().orderBy('name').execute();
    expect(leases.map((l) => [l.name, l.lastResult])).toEqual([
      ['cooperation-expiry', expect.objectContaining({ ok: true, expired: 0 })],
      ['dormant-accounts', expect.objectContaining({ ok: true, warned: 0, stopped: 0, failed: 0 })],
      ['prune-short-lived', expect.objectContaining({ ok: true, captchas: 0, sessions: 0 })],
      ['seal-expiry', expect.objectContaining({ ok: true, expired: 0 })],
    ]);
  });
});
