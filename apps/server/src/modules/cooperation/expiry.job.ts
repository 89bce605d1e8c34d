/**
 * Request expiry (SPEC §4): effective requests whose validity ended before today
 * (UTC) become invalid with the reason `expired`. A daily job in spirit, run every hour so that a
 * request leaves the lists within an hour of its last day ending. One statement: safe to repeat, and a request
 * withdrawn or taken down meanwhile is not touched.
 */
import type { Db } from '../../db/database.ts';
import type { Job } from '../../platform/jobs.ts';
import { expireRequests } from './requests.repository.ts';
import { todayIso } from './requests.service.ts';

export const EXPIRY_JOB_NAME = 'cooperation-expiry';
const HOUR_MS = 3_600_000;

/** Expires the requests due as of `now`; returns how many. */
export async function expireDueRequests(db: Db, now: Date): Promise<{ expired: number }> {
  return { expired: await expireRequests(db, todayIso(now)) };
}

/** The job for the runner. */
export function createRequestExpiryJob(deps: { db: Db }): Job {
  return { name: EXPIRY_JOB_NAME, everyMs: HOUR_MS, run: (now) => expireDueRequests(deps.db, now) };
}
