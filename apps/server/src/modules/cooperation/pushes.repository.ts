/**
 * Pushes (matched opportunities): a request pushed to an institution by the system on publish
 * (matching.ts) or by bank staff from the back office, once per request and institution
 * (unique constraint `cooperation_push_once`).
 */
import { ACCESS_ACTIVATIONS } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { totalOf } from '../../db/list-query.ts';
import type { Activation } from '../../db/schema.ts';
import { LIST_COLUMNS, type ListReader, type ListRow, readerFlags } from './requests.repository.ts';

export type PushKind = 'system' | 'manual';

export type MatchedRow = ListRow & { kind: PushKind; pushedAt: Date };

/** One page of the effective requests pushed to the institution, newest push first. */
export async function listPushedTo(
  db: Db,
  reader: ListReader & { institutionId: number },
  kind: PushKind,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: MatchedRow[]; total: number }> {
  const base = db
    .selectFrom('cooperationPush as p')
    .innerJoin('cooperationRequest as r', 'r.id', 'p.requestId')
    .innerJoin('institution as i', 'i.id', 'r.institutionId')
    .where('p.institutionId', '=', reader.institutionId)
    .where('p.kind', '=', kind)
    .where('r.status', '=', 'effective');
  const total = await totalOf(base);
  const rows = await base
    .select([...LIST_COLUMNS, 'p.kind', 'p.pushedAt'])
    .select(readerFlags(reader))
    .orderBy('p.pushedAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { rows: rows as MatchedRow[], total };
}

/** Institutions by lgcSn (any status). */
export async function findInstitutions(db: Db, lgcSns: string[]) {
  if (lgcSns.length === 0) return [];
  return db.selectFrom('institution').select(['id', 'lgcSn', 'name', 'status']).where('lgcSn', 'in', lgcSns).execute();
}

/** The institutions among `institutionIds` the request was already pushed to (either kind). */
export async function alreadyPushed(db: Db, requestId: number, institutionIds: number[]): Promise<Set<number>> {
  if (institutionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('cooperationPush')
    .select('institutionId')
    .where('requestId', '=', requestId)
    .where('institutionId', 'in', institutionIds)
    .execute();
  return new Set(rows.map((r) => r.institutionId));
}

/** Writes manual pushes; answers the institutions actually pushed (not pushed before). */
export async function insertManualPushes(
  db: Db,
  requestId: number,
  institutionIds: number[],
  pushedBy: number,
): Promise<number[]> {
  if (institutionIds.length === 0) return [];
  const rows = await db
    .insertInto('cooperationPush')
    .values(institutionIds.map((institutionId) => ({ requestId, institutionId, kind: 'manual' as const, pushedBy })))
    .onConflict((oc) => oc.columns(['requestId', 'institutionId']).doNothing())
    .returning('institutionId')
    .execute();
  return rows.map((r) => r.institutionId);
}

/** Every active, approved user of the institutions: who is told of a manual push. */
export async function findInstitutionRecipients(db: Db, institutionIds: number[]): Promise<number[]> {
  if (institutionIds.length === 0) return [];
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('institutionId', 'in', institutionIds)
    .where('status', '=', 'active')
    .where('activation', 'in', [...ACCESS_ACTIVATIONS] as Activation[])
    .execute();
  return rows.map((row) => row.id);
}
