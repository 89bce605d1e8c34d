/**
 * Seal expiry (SPEC §4, issue "Electronic seals and contracts"): an effective seal whose period
 * has ended becomes expired. Run every hour so a seal stops being offered within the hour; the
 * signing path checks the period itself, so an ended seal never stamps in between.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Job } from '../../platform/jobs.ts';
import { keyStoreFor } from '../../platform/signing/kek.ts';
import { expireDueSeals } from './seals.service.ts';

export const SEAL_EXPIRY_JOB_NAME = 'seal-expiry';
const HOUR_MS = 3_600_000;

export function createSealExpiryJob(deps: { db: Db; config: Config }): Job {
  return {
    name: SEAL_EXPIRY_JOB_NAME,
    everyMs: HOUR_MS,
    // The keys of expired seals are destroyed: in a token too (the configured key store).
    run: async (now) => expireDueSeals(deps.db, now, await keyStoreFor(deps.config)),
  };
}
