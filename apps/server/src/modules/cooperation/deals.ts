/**
 * Deals: agreed intentions as the contracts module sees them (docs/architecture.md, Boundaries).
 * A deal has two parties: the publisher (the institution whose request it is, the intention's
 * recipient) and the counterpart (the institution that sent the intention). Read-only: contracts
 * keep their own tables and reach intentions only through these functions.
 */
import type { Db } from '../../db/database.ts';
import { totalOf } from '../../db/list-query.ts';

export type Deal = {
  intentionId: number;
  intentionLgcSn: string;
  status: 'pending' | 'agreed' | 'rejected';
  requestId: number;
  requestLgcSn: string;
  requestName: string;
  publisherInstitutionId: number;
  counterpartInstitutionId: number;
  /** Each side's contact for the deal: the request's owner, the intention's sender. */
  publisherUserId: number;
  counterpartUserId: number;
  agreedAt: Date | null;
  /** The request was withdrawn by its owner or taken down by the bank: the contract takes no new step. */
  requestClosed: RequestClosed;
};

export type RequestClosed = 'withdrawn' | 'takenDown' | null;

const closedBy = (reason: string | null): RequestClosed =>
  reason === 'withdrawn' || reason === 'takenDown' ? reason : null;

function dealQuery(db: Db) {
  return db
    .selectFrom('cooperationIntention as n')
    .innerJoin('cooperationRequest as r', 'r.id', 'n.requestId')
    .select([
      'n.id as intentionId',
      'n.lgcSn as intentionLgcSn',
      'n.status',
      'n.requestId',
      'r.lgcSn as requestLgcSn',
      'r.name as requestName',
      'n.recipientInstitutionId as publisherInstitutionId',
      'n.senderInstitutionId as counterpartInstitutionId',
      'r.ownerUserId as publisherUserId',
      'n.senderUserId as counterpartUserId',
      'n.respondedAt as agreedAt',
      'r.invalidReason',
    ]);
}

type DealRow = Omit<Deal, 'requestClosed'> & { invalidReason: string | null };

const toDeal = ({ invalidReason, ...row }: DealRow): Deal => ({
  ...row,
  requestClosed: closedBy(invalidReason),
  intentionId: row.intentionId,
  requestId: row.requestId,
  publisherInstitutionId: row.publisherInstitutionId,
  counterpartInstitutionId: row.counterpartInstitutionId,
  publisherUserId: row.publisherUserId,
  counterpartUserId: row.counterpartUserId,
});

/** The intention by its public id, whatever its status (the caller checks it is agreed). */
export async function findDeal(db: Db, intentionLgcSn: string): Promise<Deal | undefined> {
  const row = await dealQuery(db).where('n.lgcSn', '=', intentionLgcSn).executeTakeFirst();
  return row && toDeal(row as DealRow);
}

/**
 * Whether the deal's request is closed now, read with a share lock held until the caller's
 * transaction ends: withdrawing or taking the request down (which lock it for update) waits for
 * the contract step being made, or the step sees the request closed.
 */
export async function lockRequestClosed(trx: Db, requestId: number): Promise<RequestClosed> {
  const row = await trx
    .selectFrom('cooperationRequest')
    .select('invalidReason')
    .where('id', '=', requestId)
    .forShare()
    .executeTakeFirst();
  return closedBy(row?.invalidReason ?? null);
}

/** Deals by intention id (for lists that start from contracts). */
export async function findDealsByIds(db: Db, intentionIds: readonly number[]): Promise<Map<number, Deal>> {
  if (intentionIds.length === 0) return new Map();
  const rows = await dealQuery(db)
    .where('n.id', 'in', [...intentionIds])
    .execute();
  return new Map(rows.map((row) => [row.intentionId, toDeal(row as DealRow)]));
}

/**
 * One page of the agreed intentions the institution is a party to, most recently agreed first;
 * `only` / `except` narrow it to (or away from) some intention ids (the contract status filter).
 */
export async function listAgreedDeals(
  db: Db,
  institutionId: number,
  page: { pageNo: number; pageSize: number },
  narrow: { only?: readonly number[]; except?: readonly number[] } = {},
): Promise<{ list: Deal[]; total: number }> {
  let base = db
    .selectFrom('cooperationIntention as n')
    .where('n.status', '=', 'agreed')
    .where((eb) =>
      eb.or([eb('n.senderInstitutionId', '=', institutionId), eb('n.recipientInstitutionId', '=', institutionId)]),
    );
  if (narrow.only) {
    if (narrow.only.length === 0) return { list: [], total: 0 };
    base = base.where('n.id', 'in', [...narrow.only]);
  }
  if (narrow.except?.length) base = base.where('n.id', 'not in', [...narrow.except]);
  const total = await totalOf(base);
  const ids = await base
    .select('n.id')
    .orderBy('n.respondedAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  const deals = await findDealsByIds(
    db,
    ids.map((row) => row.id),
  );
  return { list: ids.map((row) => deals.get(row.id) as Deal), total };
}
