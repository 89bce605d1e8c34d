/**
 * The audit log of security-relevant actions (DESIGN.md, security model). Records join the
 * caller's transaction, so an action is logged exactly when it takes effect.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { containsPattern } from '../db/list-query.ts';
import { AppError } from './errors.ts';

/** Action names live in @portal/shared so the back office's filter uses the same list. */
export { AUDIT_ACTIONS, type AuditAction } from '@portal/shared';

export type AuditRecord = {
  actorUserId?: number | null;
  actorEmail?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
};

export async function recordAudit(db: Db, record: AuditRecord): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorUserId: record.actorUserId ?? null,
      actorEmail: record.actorEmail ?? null,
      action: record.action,
      targetType: record.targetType ?? null,
      targetId: record.targetId ?? null,
      detail: JSON.stringify(record.detail ?? {}),
      ip: record.ip ?? null,
    })
    .execute();
}

export type AuditQuery = {
  action?: string | undefined;
  /** Part of the actor's e-mail, any case. */
  actor?: string | undefined;
  /** First day, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  /** Last day, YYYY-MM-DD (UTC), included whole. */
  to?: string | undefined;
  pageNo: number;
  pageSize: number;
};

export type AuditEntry = {
  id: number;
  at: string;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  /** What the target is called now (a person's name, an institution, a request, a seal); null when gone or not named. */
  targetName: string | null;
  /** The institution the target belongs to (a user's, a request's, a seal's, an agreement's). */
  targetInstitution: string | null;
};

const DAY_MS = 86_400_000;

/** Midnight UTC at the start of a YYYY-MM-DD day. */
function startOfDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) throw new AppError('PRT_BAD_REQUEST');
  return date;
}

/** Escapes LIKE wildcards so the actor filter matches the text as typed. */

/** The audit entries the filters select (action, actor e-mail containing, from/to days). */
function filteredAudit(db: Db, query: AuditQuery) {
  const actor = query.actor?.trim();
  let filtered = db.selectFrom('auditLog as a');
  if (query.action) filtered = filtered.where('a.action', '=', query.action);
  if (actor) filtered = filtered.where('a.actorEmail', 'ilike', containsPattern(actor));
  if (query.from) filtered = filtered.where('a.at', '>=', startOfDay(query.from));
  if (query.to) filtered = filtered.where('a.at', '<', new Date(startOfDay(query.to).getTime() + DAY_MS));
  return filtered;
}

/**
 * With the target's current name and institution, so the log reads "Tess Lee (Harbour Bank)"
 * rather than an id. Each join matches only entries of its target type.
 */
function withTargetNames(filtered: ReturnType<typeof filteredAudit>) {
  return filtered
    .leftJoin('appUser as tu', (join) => join.onRef('tu.lgcSn', '=', 'a.targetId').on('a.targetType', '=', 'user'))
    .leftJoin('institution as tui', 'tui.id', 'tu.institutionId')
    .leftJoin('institution as ti', (join) =>
      join.onRef('ti.lgcSn', '=', 'a.targetId').on('a.targetType', '=', 'institution'),
    )
    .leftJoin('cooperationRequest as tr', (join) =>
      join.onRef('tr.lgcSn', '=', 'a.targetId').on('a.targetType', 'in', ['cooperation', 'request']),
    )
    .leftJoin('cooperationIntention as tn', (join) =>
      join.onRef('tn.lgcSn', '=', 'a.targetId').on('a.targetType', '=', 'intention'),
    )
    .leftJoin('cooperationRequest as tnr', 'tnr.id', 'tn.requestId')
    .leftJoin('institution as tri', (join) =>
      join.on(sql<boolean>`tri.id = coalesce(tr.institution_id, tnr.institution_id)`),
    )
    .leftJoin('seal as ts', (join) => join.onRef('ts.lgcSn', '=', 'a.targetId').on('a.targetType', '=', 'seal'))
    .leftJoin('masterAgreement as tm', (join) =>
      join.onRef('tm.lgcSn', '=', 'a.targetId').on('a.targetType', '=', 'masterAgreement'),
    )
    .leftJoin('institution as tsi', (join) =>
      join.on(sql<boolean>`tsi.id = coalesce(ts.institution_id, tm.institution_id)`),
    );
}

/** The audit log, newest first, filtered and paged. */
export async function listAudit(
  db: Db,
  query: AuditQuery,
): Promise<{ list: AuditEntry[]; total: number; pageNo: number; pageSize: number }> {
  const { pageNo, pageSize } = query;
  const filtered = filteredAudit(db, query);
  const named = withTargetNames(filtered);

  const [rows, counted] = await Promise.all([
    named
      .select([
        'a.id',
        'a.at',
        'a.actorEmail',
        'a.action',
        'a.targetType',
        'a.targetId',
        'a.detail',
        'a.ip',
        sql<string | null>`coalesce(tu.name, ti.name, tr.name, tnr.name, ts.name)`.as('targetName'),
        sql<string | null>`coalesce(tui.name, tri.name, tsi.name)`.as('targetInstitution'),
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({ ...row, id: row.id, at: new Date(row.at).toISOString() })),
    total: Number(counted.total),
    pageNo,
    pageSize,
  };
}
