/**
 * The dormant-account sweep's queries (see dormant-accounts.job.ts for the rule). Each change
 * re-checks its condition in the statement itself, so a log-in in between wins.
 */
import { ACTIVATION, ROLE } from '@portal/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Unused this long (PostgreSQL interval, calendar months), an account is stopped. */
export const DORMANT_AFTER = '24 months';
/** Days of notice between the warning e-mail and the stop. */
export const DORMANT_NOTICE_DAYS = 30;
/** Bank staff and system administrators: never swept. */
export const DORMANT_EXEMPT_ROLES = [ROLE.bankStaff, ROLE.systemAdmin] as const;
/** Activation states swept: approved, and activated by invitation. */
export const DORMANT_SWEPT_ACTIVATIONS = [ACTIVATION.approved, ACTIVATION.activatedByInvitation] as const;

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

const DUE = { stop: stopDue, warning: warningDue } as const;

/** Ids of accounts due to be stopped or warned as of `now`, after `afterId`, in id order. */
export async function findDormantCandidates(
  db: Db,
  { due, now, afterId, limit }: { due: keyof typeof DUE; now: Date; afterId: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser as u')
    .select('u.id')
    .where('u.id', '>', afterId)
    .where(swept)
    .where(DUE[due](now))
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks the account warned at `now`, if it is still due a warning; the account, or undefined. */
export async function markDormantWarned(db: Db, id: number, now: Date) {
  return db
    .updateTable('appUser as u')
    .set({ dormantWarnedAt: now })
    .where('u.id', '=', id)
    .where(swept)
    .where(warningDue(now))
    .returning(['u.email', 'u.name', 'u.locale'])
    .executeTakeFirst();
}

/** Stops the account as dormant, if it is still due; the account with its last use, or undefined. */
export async function stopDormantAccount(db: Db, id: number, now: Date) {
  return db
    .updateTable('appUser as u')
    .set({ status: 'stopped', stoppedReason: 'dormant', updatedAt: now })
    .where('u.id', '=', id)
    .where(swept)
    .where(stopDue(now))
    .returning(['u.id', 'u.lgcSn', 'u.email', 'u.name', 'u.locale', 'u.dormantWarnedAt', lastUse.as('lastUsedAt')])
    .executeTakeFirst();
}
