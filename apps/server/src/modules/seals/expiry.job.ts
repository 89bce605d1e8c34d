/**
 * Seal expiry (SPEC §4, issue "Electronic seals and contracts"): an effective seal whose period
 * has ended becomes expired. Run every hour so a seal stops being offered within the hour; the
 * signing path checks the period itself, so an ended seal never stamps in between.
 */
import type { Db } from '../../db/database.ts';
import type { Job } from '../../platform/jobs.ts';
import { expireDueSeals } from './seals.service.ts';

export const SEAL_EXPIRY_JOB_NAME = 'seal-expiry';
const HOUR_MS = 3_600_000;

export function createSealExpiryJob(deps: { db: Db }): Job {
  return { name: SEAL_EXPIRY_JOB_NAME, everyMs: HOUR_MS, run: (now) => expireDueSeals(deps.db, now) };
}
