/**
 * Cooperation intentions in the database (SPEC §3 My cooperation, §4): one per request and
 * sending institution (unique constraint `cooperation_intention_once`), answered once. No rules
 * here: intentions.service.ts decides who may do what.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { totalOf } from '../../db/list-query.ts';
import type { CooperationIntentionTable } from '../../db/schema.ts';

export type IntentionStatusColumn = 'pending' | 'agreed' | 'rejected';

/** The request an intention is sent to, locked (shared) so it cannot change status meanwhile. */
export async function findRequestForIntention(db: Db, lgcSn: string) {
  return db
    .selectFrom('cooperationRequest as r')
    .innerJoin('appUser as o', 'o.id', 'r.ownerUserId')
    .select([
      'r.id',
      'r.lgcSn',
      'r.name',
      'r.status',
      'r.invalidReason',
      'r.validUntil',
      'r.institutionId',
      'r.ownerUserId',
      'o.email as ownerEmail',
      'o.name as ownerName',
      'o.locale as ownerLocale',
    ])
    .where('r.lgcSn', '=', lgcSn)
    .forShare('r')
    .executeTakeFirst();
}

/** Inserts the intention unless the institution already sent one; undefined when it had. */
export async function insertIntention(
  db: Db,
  values: Pick<
    CooperationIntentionTable,
    'lgcSn' | 'requestId' | 'senderUserId' | 'senderInstitutionId' | 'recipientInstitutionId' | 'message'
  >,
) {
  return db
    .insertInto('cooperationIntention')
    .values(values)
    .onConflict((oc) => oc.columns(['requestId', 'senderInstitutionId']).doNothing())
    .returning(['id', 'lgcSn'])
    .executeTakeFirst();
}

/** An intention with its request and the people and institutions on both sides. */
export async function findIntention(db: Db, lgcSn: string) {
  return db
    .selectFrom('cooperationIntention as n')
    .innerJoin('cooperationRequest as r', 'r.id', 'n.requestId')
    .innerJoin('appUser as s', 's.id', 'n.senderUserId')
    .innerJoin('institution as ri', 'ri.id', 'n.recipientInstitutionId')
    .select([
      'n.id',
      'n.lgcSn',
      'n.status',
      'n.requestId',
      'n.senderUserId',
      'n.senderInstitutionId',
      'n.recipientInstitutionId',
      'r.lgcSn as requestLgcSn',
      'r.name as requestName',
      's.email as senderEmail',
      's.name as senderName',
      's.locale as senderLocale',
      'ri.name as recipientName',
    ])
    .where('n.lgcSn', '=', lgcSn)
    .executeTakeFirst();
}

/**
 * Answers a pending intention. Atomic: of two concurrent answers only one finds it pending;
 * undefined when it was no longer pending.
 */
export async function answerPending(db: Db, id: number, status: 'agreed' | 'rejected', userId: number) {
  return db
    .updateTable('cooperationIntention')
    .set({ status, respondedBy: userId, respondedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'status'])
    .executeTakeFirst();
}

export type MyCooperationQuery = {
  box: 'sent' | 'received';
  status: IntentionStatusColumn | 'all';
  pageNo: number;
  pageSize: number;
};

/** Intentions `n` with their request `r`, sender `s` and both institutions `si`, `ri`. */
function baseIntentionList(db: Db) {
  return db
    .selectFrom('cooperationIntention as n')
    .innerJoin('cooperationRequest as r', 'r.id', 'n.requestId')
    .innerJoin('appUser as s', 's.id', 'n.senderUserId')
    .innerJoin('appUser as o', 'o.id', 'r.ownerUserId')
    .innerJoin('institution as si', 'si.id', 'n.senderInstitutionId')
    .innerJoin('institution as ri', 'ri.id', 'n.recipientInstitutionId');
}

/** A contact field of the published form, or the owner's own when the form left it empty. */
const publisherContact = (
  field: 'contactName' | 'contactEmail' | 'contactPhone',
  fallback: 'o.name' | 'o.email' | 'o.phone',
) => sql<string | null>`coalesce(nullif(r.fields->>${sql.lit(field)}, ''), ${sql.ref(fallback)})`;

/**
 * What the intention lists show (intentions.service.ts toIntentionItem). Both sides' contacts are
 * read here; the service hands one out only to a party of an agreed intention.
 */
const INTENTION_LIST_COLUMNS = [
  'n.lgcSn',
  'n.status',
  'n.message',
  'n.createdAt',
  'n.respondedAt',
  'n.senderInstitutionId',
  'n.recipientInstitutionId',
  'r.lgcSn as requestLgcSn',
  'r.name as requestName',
  's.name as senderName',
  's.email as senderEmail',
  's.phone as senderPhone',
  'si.name as senderInstitution',
  'si.swiftCode as senderSwiftCode',
  'ri.name as recipientInstitution',
  publisherContact('contactName', 'o.name').as('publisherContactName'),
  publisherContact('contactEmail', 'o.email').as('publisherContactEmail'),
  publisherContact('contactPhone', 'o.phone').as('publisherContactPhone'),
] as const;

/** One page of the intentions the institution sent or received, newest first. */
export async function listIntentions(db: Db, institutionId: number, query: MyCooperationQuery) {
  let base = baseIntentionList(db).where(
    query.box === 'sent' ? 'n.senderInstitutionId' : 'n.recipientInstitutionId',
    '=',
    institutionId,
  );
  if (query.status !== 'all') base = base.where('n.status', '=', query.status);
  const total = await totalOf(base);
  const rows = await base
    .select(INTENTION_LIST_COLUMNS)
    .orderBy('n.createdAt', 'desc')
    .orderBy('n.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

export type IntentionListRow = Awaited<ReturnType<typeof listIntentions>>['rows'][number];

/** The intentions on a request (only those of one sending institution when given), newest first. */
export async function listRequestIntentions(
  db: Db,
  requestId: number,
  onlySenderInstitutionId?: number,
): Promise<IntentionListRow[]> {
  let query = baseIntentionList(db).where('n.requestId', '=', requestId);
  if (onlySenderInstitutionId !== undefined) query = query.where('n.senderInstitutionId', '=', onlySenderInstitutionId);
  return query.select(INTENTION_LIST_COLUMNS).orderBy('n.createdAt', 'desc').orderBy('n.id', 'desc').execute();
}

/** The institution's name (it exists: callers hold a row referring to it). */
export async function findInstitutionName(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('institution').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  return row.name;
}
