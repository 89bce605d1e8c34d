/**
 * The hourly clean-up of short-lived rows, run by the job runner (platform/jobs.ts):
 * - picture codes that have expired (they are useless after their 5 minutes);
 * - e-mail verification codes expired more than a day ago (the day keeps recent ones readable
 *   when a user reports a problem; the 60 s resend rule only looks at the latest code);
 * - rate-limit windows that started more than a day ago (the longest window is a day, so every
 *   window still counting is kept);
 * - failed-log-in rows (platform/login-failures.ts) untouched for 30 days and no longer locked:
 *   an address's failures in a row are forgotten after a quiet month;
 * - sessions past their absolute expiry or idle longer than the idle limit (exactly those that
 *   platform/session.ts would refuse and delete on their next request);
 * - e-mail delivered (`sent`) more than 90 days ago. Failed and stored (development) messages
 *   are kept for people to look at;
 * - then the steps of feature modules, which app.ts hands in (platform imports no module; a
 *   module cleans only its own tables), e.g. the files module's `pruneAbandonedUploads` (uploads
 *   nobody claimed, bytes included);
 * - temporary files of uploads a crash interrupted (written, never renamed into place) last
 *   changed more than an hour ago: no write takes that long;
 * - stored files that no row names (platform/files/orphans.ts), written longer ago than
 *   ORPHAN_FILE_GRACE_HOURS (24 h by default): bytes written before a transaction that never
 *   committed, as when the process is killed while signing. The modules say which files their
 *   rows name (`fileNames`, handed in by app.ts); with none registered no file is deleted.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { pruneCaptchas } from './captcha.ts';
import { removeOrphanFiles, type StoredFileNames } from './files/orphans.ts';
import type { FileStorage } from './files/storage.ts';
import type { Job } from './jobs.ts';
import { pruneLoginFailures } from './login-failures.ts';
import { pruneRateLimits } from './rate-limit.ts';
import { pruneVerificationCodes } from './verification-codes.ts';

export const PRUNE_JOB_NAME = 'prune-short-lived';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const SENT_MAIL_KEPT_DAYS = 90;
export const LOGIN_FAILURES_KEPT_DAYS = 30;

/** What platform itself prunes, counted; each step adds its own count under its name. */
export type PruneResult = {
  captchas: number;
  verificationCodes: number;
  rateLimitWindows: number;
  loginFailures: number;
  sessions: number;
  sentMail: number;
  temporaryFiles: number;
  orphanFiles: number;
};

/**
 * A feature module's part of the clean-up: deletes what of its own has outlived its use as of
 * `now` and returns how many it deleted, reported under `name`.
 */
export type PruneStep<Name extends string = string> = {
  name: Name;
  run: (deps: { db: Db; storage: FileStorage | undefined }, now: Date) => Promise<number>;
};

type PruneDeps<Step extends string> = {
  db: Db;
  config: Pick<Config, 'orphanFileGraceMs'> & { auth: Pick<Config['auth'], 'sessionIdleMs'> };
  storage?: FileStorage;
  /** The modules' steps, run in this order after platform's own tables. */
  steps?: readonly PruneStep<Step>[];
  /** Which stored files the modules' rows name (every module whose tables name one). */
  fileNames?: readonly StoredFileNames[];
};

/** Deletes what has outlived its use as of `now`; returns the rows deleted per table and step. */
export async function pruneShortLived<Step extends string = never>(
  { db, config, storage, steps = [], fileNames = [] }: PruneDeps<Step>,
  now: Date,
): Promise<PruneResult & Record<Step, number>> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const captchas = await pruneCaptchas(db, now);
  const verificationCodes = await pruneVerificationCodes(db, dayAgo);
  const rateLimitWindows = await pruneRateLimits(db, dayAgo);
  const loginFailures = await pruneLoginFailures(db, new Date(now.getTime() - LOGIN_FAILURES_KEPT_DAYS * DAY_MS), now);
  const sessions = await db
    .deleteFrom('userSession')
    .where((eb) =>
      eb.or([eb('expiresAt', '<=', now), eb('lastSeenAt', '<', new Date(now.getTime() - config.auth.sessionIdleMs))]),
    )
    .executeTakeFirst();
  const sentMail = await db
    .deleteFrom('mailOutbox')
    .where('status', '=', 'sent')
    .where('sentAt', '<', new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * DAY_MS))
    .executeTakeFirst();
  const stepCounts = {} as Record<Step, number>;
  for (const step of steps) stepCounts[step.name] = await step.run({ db, storage }, now);
  const temporaryFiles = (await storage?.removeStaleTemporaries?.(new Date(now.getTime() - HOUR_MS))) ?? 0;
  const orphanFiles = storage
    ? await removeOrphanFiles(db, storage, fileNames, new Date(now.getTime() - config.orphanFileGraceMs))
    : 0;
  return {
    captchas,
    verificationCodes,
    rateLimitWindows,
    loginFailures,
    sessions: Number(sessions.numDeletedRows),
    sentMail: Number(sentMail.numDeletedRows),
    ...stepCounts,
    temporaryFiles,
    orphanFiles,
  };
}

/** The hourly job for the runner. */
export function createPruneJob<Step extends string = never>(deps: PruneDeps<Step>): Job {
  return { name: PRUNE_JOB_NAME, everyMs: HOUR_MS, run: (now) => pruneShortLived(deps, now) };
}
