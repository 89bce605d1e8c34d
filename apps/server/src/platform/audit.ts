/**
 * The audit log of security-relevant actions (DESIGN.md, security model). Records join the
 * caller's transaction, so an action is logged exactly when it takes effect.
 */
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
};

const DAY_MS = 86_400_000;

/** Midnight UTC at the start of a YYYY-MM-DD day. */
function startOfDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) throw new AppError('PRT_BAD_REQUEST');
  return date;
}

/** Escapes LIKE wildcards so the actor filter matches the text as typed. */

/** The audit log, newest first, filtered and paged. */
export async function listAudit(
  db: Db,
  query: AuditQuery,
): Promise<{ list: AuditEntry[]; total: number; pageNo: number; pageSize: number }> {
  const { pageNo, pageSize } = query;
  const actor = query.actor?.trim();
  let filtered = db.selectFrom('auditLog');
  if (query.action) filtered = filtered.where('action', '=', query.action);
  if (actor) filtered = filtered.where('actorEmail', 'ilike', containsPattern(actor));
  if (query.from) filtered = filtered.where('at', '>=', startOfDay(query.from));
  if (query.to) filtered = filtered.where('at', '<', new Date(startOfDay(query.to).getTime() + DAY_MS));

  const [rows, counted] = await Promise.all([
    filtered
      .select(['id', 'at', 'actorEmail', 'action', 'targetType', 'targetId', 'detail', 'ip'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() })),
    total: Number(counted.total),
    pageNo,
    pageSize,
  };
}
