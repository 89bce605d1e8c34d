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
 * - uploads nobody claimed: files sent by a visitor during a registration that was never
 *   submitted (no owner account, attached to nothing) more than a day ago, bytes included;
 * - temporary files of uploads a crash interrupted (written, never renamed into place) last
 *   changed more than an hour ago: no write takes that long.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { pruneCaptchas } from './captcha.ts';
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

export type PruneResult = {
  captchas: number;
  verificationCodes: number;
  rateLimitWindows: number;
  loginFailures: number;
  sessions: number;
  sentMail: number;
  abandonedUploads: number;
  temporaryFiles: number;
};

type PruneDeps = { db: Db; config: { auth: Pick<Config['auth'], 'sessionIdleMs'> }; storage?: FileStorage };

/** Deletes what has outlived its use as of `now`; returns the rows deleted per table. */
export async function pruneShortLived({ db, config, storage }: PruneDeps, now: Date): Promise<PruneResult> {
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
  const abandonedUploads = storage ? await pruneAbandonedUploads(db, storage, dayAgo) : 0;
  const temporaryFiles = (await storage?.removeStaleTemporaries?.(new Date(now.getTime() - HOUR_MS))) ?? 0;
  return {
    captchas,
    verificationCodes,
    rateLimitWindows,
    loginFailures,
    sessions: Number(sessions.numDeletedRows),
    sentMail: Number(sentMail.numDeletedRows),
    abandonedUploads,
    temporaryFiles,
  };
}

/** Row first, then bytes: a crash in between leaves an orphan file on disk, never a dangling row. */
async function pruneAbandonedUploads(db: Db, storage: FileStorage, olderThan: Date): Promise<number> {
  const removed = await db
    .deleteFrom('fileObject')
    .where('ownerUserId', 'is', null)
    .where('attachedTo', 'is', null)
    .where('createdAt', '<', olderThan)
    .returning('storageKey')
    .execute();
  for (const { storageKey } of removed) await storage.remove(storageKey).catch(() => {});
  return removed.length;
}

/** The hourly job for the runner. */
export function createPruneJob(deps: PruneDeps): Job {
  return { name: PRUNE_JOB_NAME, everyMs: HOUR_MS, run: (now) => pruneShortLived(deps, now) };
}
