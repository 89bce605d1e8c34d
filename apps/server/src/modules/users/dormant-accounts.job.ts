/**
 * The dormant-account sweep (SPEC §1, §9: "an account unused for 24 consecutive months may be
 * stopped"), run daily by the job runner (platform/jobs.ts).
 *
 * An account's last use is greatest(last_active_at, last_login_at, created_at). As of `now`:
 * - warning: last use before now − 24 months + 30 days, and no warning since that last use
 *   (dormant_warned_at null or older than it) → dormant_warned_at = now, `dormantWarning` e-mail
 *   ("deactivated in 30 days unless you log in");
 * - stop: last use before now − 24 months, and warned since that last use at least 30 days ago
 *   (last use ≤ dormant_warned_at ≤ now − 30 days) → status 'stopped', stopped_reason 'dormant',
 *   sessions ended, audit `user.dormant_stopped`, `dormantStopped` e-mail.
 * So nobody is stopped without 30 days' notice, even an account already years unused when the
 * sweep first runs. Logging in after a warning makes it stale: the account is not stopped, and
 * is warned afresh once its new last use grows old. "24 months" is calendar months
 * (PostgreSQL `interval '24 months'`).
 *
 * Never touched:
 * - bank staff (50) and system administrators (99): their accounts follow the bank's HR process
 *   (joiners and leavers), not the portal's dormancy rule, and stopping the last administrator
 *   would lock the bank out of its own back office;
 * - accounts not yet approved: under review (5), to supplement (8) or rejected (7) belong to the
 *   review process; only accounts with access (1 approved, 6 activated by invitation) are swept;
 * - accounts already stopped, and accounts of a stopped institution (they cannot log in to keep
 *   the account, so a warning would ask the impossible; they are swept once the institution is
 *   enabled again, with a fresh 30 days' notice).
 *
 * Each account changes in its own short transaction, with its e-mail and audit record, and the
 * condition is checked again inside it, so a log-in between selection and change wins, and two
 * overlapping runs cannot warn or stop anyone twice. Candidates are read 500 at a time by id.
 */
import type { Locale } from '@portal/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import type { Job, JobLog } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { endSessionsOfUser } from '../../platform/session.ts';
import {
  DORMANT_NOTICE_DAYS,
  findDormantCandidates,
  markDormantWarned,
  stopDormantAccount,
} from './dormant-accounts.repository.ts';

export {
  DORMANT_AFTER,
  DORMANT_EXEMPT_ROLES,
  DORMANT_NOTICE_DAYS,
  DORMANT_SWEPT_ACTIVATIONS,
} from './dormant-accounts.repository.ts';

export const DORMANT_JOB_NAME = 'dormant-accounts';
const BATCH = 500;
const DAY_MS = 86_400_000;

type DormantDeps = { db: Db; config: Pick<Config, 'brand' | 'publicBaseUrl'>; log: JobLog };
export type DormantSweepResult = { warned: number; stopped: number; failed: number };

/** Warns one account, if it is still due; true when warned. */
async function warnAccount(db: Db, config: DormantDeps['config'], id: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await markDormantWarned(trx, id, now);
    if (!user) return false;
    await enqueueMail(
      trx,
      {
        to: user.email,
        locale: user.locale as Locale,
        template: 'dormantWarning',
        params: { name: user.name, days: DORMANT_NOTICE_DAYS, loginUrl: `${config.publicBaseUrl}/home` },
      },
      config.brand,
    );
    return true;
  });
}

/** Stops one account, if it is still due; true when stopped. */
async function stopAccount(db: Db, config: DormantDeps['config'], id: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await stopDormantAccount(trx, id, now);
    if (!user) return false;
    await endSessionsOfUser(trx, id);
    await recordAudit(trx, {
      action: AUDIT_ACTIONS.dormantStopped,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: {
        email: user.email,
        lastUsedAt: new Date(user.lastUsedAt).toISOString(),
        warnedAt: user.dormantWarnedAt ? new Date(user.dormantWarnedAt).toISOString() : null,
      },
    });
    await enqueueMail(
      trx,
      { to: user.email, locale: user.locale as Locale, template: 'dormantStopped', params: { name: user.name } },
      config.brand,
    );
    return true;
  });
}

/** One sweep as of `now`: stops the accounts due to stop, then warns those due a warning. */
export async function sweepDormantAccounts({ db, config, log }: DormantDeps, now: Date): Promise<DormantSweepResult> {
  const result: DormantSweepResult = { warned: 0, stopped: 0, failed: 0 };
  const passes = [
    {
      due: 'stop' as const,
      act: stopAccount,
      counter: 'stopped' as const,
      failure: 'dormant account could not be stopped',
    },
    {
      due: 'warning' as const,
      act: warnAccount,
      counter: 'warned' as const,
      failure: 'dormant account could not be warned',
    },
  ];
  for (const pass of passes) {
    let afterId = 0;
    for (;;) {
      const ids = await findDormantCandidates(db, { due: pass.due, now, afterId, limit: BATCH });
      for (const id of ids) {
        try {
          if (await pass.act(db, config, id, now)) result[pass.counter]++;
        } catch (error) {
          // One bad account must not hold up the others; it is tried again on the next run.
          result.failed++;
          log.error({ err: error, userId: id }, pass.failure);
        }
      }
      if (ids.length < BATCH) break;
      afterId = ids[ids.length - 1]!;
    }
  }
  return result;
}

/** The daily job for the runner. */
export function createDormantAccountsJob(deps: DormantDeps): Job {
  return { name: DORMANT_JOB_NAME, everyMs: DAY_MS, run: (now) => sweepDormantAccounts(deps, now) };
}
