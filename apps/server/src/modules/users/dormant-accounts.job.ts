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
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import type { Job, JobLog } from '../../platform/jobs.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { endSessionsOfUser } from '../../platform/session.ts';

export const DORMANT_JOB_NAME = 'dormant-accounts';
/** Unused this long (PostgreSQL interval, calendar months), an account is stopped. */
export const DORMANT_AFTER = '24 months';
/** Days of notice between the warning e-mail and the stop. */
export const DORMANT_NOTICE_DAYS = 30;
/** Bank staff and system administrators: never swept. */
export const DORMANT_EXEMPT_ROLES = ['50', '99'] as const;
/** Activation states swept: approved, and activated by invitation. */
export const DORMANT_SWEPT_ACTIVATIONS = ['1', '6'] as const;

const BATCH = 500;
const DAY_MS = 86_400_000;

type DormantDeps = { db: Db; config: Pick<Config, 'brand' | 'publicBaseUrl'>; log: JobLog };
export type DormantSweepResult = { warned: number; stopped: number; failed: number };

// Raw SQL on the alias `u` (app_user): snake_case, as the CamelCasePlugin does not touch raw text.
const lastUse = sql<Date>`greatest(u.last_active_at, u.last_login_at, u.created_at)`;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const DORMANT_INTERVAL = sql.raw(`interval '${DORMANT_AFTER}'`);
const NOTICE_INTERVAL = sql.raw(`interval '${DORMANT_NOTICE_DAYS} days'`);

const swept: Expression<SqlBool> = sql<SqlBool>`(
  u.status = 'active'
  and u.activation in (${sql.join([...DORMANT_SWEPT_ACTIVATIONS])})
  and not (u.role_codes && array[${sql.join([...DORMANT_EXEMPT_ROLES])}]::text[])
  and not exists (select 1 from institution i where i.id = u.institution_id and i.status = 'stopped')
)`;

const warningDue = (now: Date): Expression<SqlBool> => sql<SqlBool>`(
  ${lastUse} < ${at(now)} - ${DORMANT_INTERVAL} + ${NOTICE_INTERVAL}
  and (u.dormant_warned_at is null or u.dormant_warned_at < ${lastUse})
)`;

const stopDue = (now: Date): Expression<SqlBool> => sql<SqlBool>`(
  ${lastUse} < ${at(now)} - ${DORMANT_INTERVAL}
  and u.dormant_warned_at >= ${lastUse}
  and u.dormant_warned_at <= ${at(now)} - ${NOTICE_INTERVAL}
)`;

/** Ids of accounts matching `due`, after `afterId`, in id order. */
async function candidates(db: Db, due: Expression<SqlBool>, afterId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser as u')
    .select('u.id')
    .where('u.id', '>', afterId)
    .where(swept)
    .where(due)
    .orderBy('u.id')
    .limit(BATCH)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** Warns one account, if it is still due; true when warned. */
async function warnAccount(db: Db, config: DormantDeps['config'], id: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .updateTable('appUser as u')
      .set({ dormantWarnedAt: now })
      .where('u.id', '=', id)
      .where(swept)
      .where(warningDue(now))
      .returning(['u.email', 'u.name', 'u.locale'])
      .executeTakeFirst();
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
    const user = await trx
      .updateTable('appUser as u')
      .set({ status: 'stopped', stoppedReason: 'dormant', updatedAt: now })
      .where('u.id', '=', id)
      .where(swept)
      .where(stopDue(now))
      .returning(['u.id', 'u.lgcSn', 'u.email', 'u.name', 'u.locale', 'u.dormantWarnedAt', lastUse.as('lastUsedAt')])
      .executeTakeFirst();
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
      due: stopDue(now),
      act: stopAccount,
      counter: 'stopped' as const,
      failure: 'dormant account could not be stopped',
    },
    {
      due: warningDue(now),
      act: warnAccount,
      counter: 'warned' as const,
      failure: 'dormant account could not be warned',
    },
  ];
  for (const pass of passes) {
    let afterId = 0;
    for (;;) {
      const ids = await candidates(db, pass.due, afterId);
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
