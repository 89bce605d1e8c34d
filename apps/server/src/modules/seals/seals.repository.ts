/**
 * Seals in the database. No rules here: seals.service.ts decides who may do what.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import type { SealStateColumn, SealTable } from '../../db/schema.ts';

export type SealRow = Selectable<SealTable>;

export type SealListRow = Pick<
  SealRow,
  | 'id'
  | 'lgcSn'
  | 'sealNo'
  | 'name'
  | 'state'
  | 'institutionId'
  | 'applicantUserId'
  | 'reviewerUserId'
  | 'periodMonths'
  | 'reason'
  | 'approverBranch'
  | 'imageWidth'
  | 'imageHeight'
  | 'authorizationFile'
  | 'createdAt'
  | 'validFrom'
  | 'validTo'
  | 'rejectReason'
  | 'decidedAt'
  | 'cancelledAt'
  | 'certificateSerial'
>;

/** What lists show (no key or certificate bytes). Names of institutions and people come from their modules. */
const LIST_COLUMNS = [
  'id',
  'lgcSn',
  'sealNo',
  'name',
  'state',
  'institutionId',
  'applicantUserId',
  'reviewerUserId',
  'periodMonths',
  'reason',
  'approverBranch',
  'imageWidth',
  'imageHeight',
  'authorizationFile',
  'createdAt',
  'validFrom',
  'validTo',
  'rejectReason',
  'decidedAt',
  'cancelledAt',
  'certificateSerial',
] as const;

type Page = { pageNo: number; pageSize: number };

/** One page of an institution's seals, newest first. */
export async function listInstitutionSeals(
  db: Db,
  institutionId: number,
  query: Page & { state: SealStateColumn | 'all' },
): Promise<{ rows: SealListRow[]; total: number }> {
  let base = db.selectFrom('seal').where('institutionId', '=', institutionId);
  if (query.state !== 'all') base = base.where('state', '=', query.state);
  const total = await totalOf(base);
  const rows = await base
    .select(LIST_COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

/**
 * One page of the review queue: the seals addressed to `branches` (all when null), oldest first.
 * `q` matches the seal's name or number here, and the institutions and applicants whose ids the
 * caller found for it.
 */
export async function listReviewQueue(
  db: Db,
  branches: readonly string[] | null,
  query: Page & {
    states: readonly SealStateColumn[] | null;
    q?: { text: string; institutionIds: readonly number[]; userIds: readonly number[] } | undefined;
  },
): Promise<{ rows: SealListRow[]; total: number }> {
  let base = db.selectFrom('seal');
  if (branches) {
    if (branches.length === 0) return { rows: [], total: 0 };
    base = base.where('approverBranch', 'in', [...branches]);
  }
  if (query.states) base = base.where('state', 'in', [...query.states]);
  const q = query.q;
  if (q) {
    const pattern = containsPattern(q.text);
    base = base.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('sealNo', 'ilike', pattern),
        ...(q.institutionIds.length ? [eb('institutionId', 'in', [...q.institutionIds])] : []),
        ...(q.userIds.length ? [eb('applicantUserId', 'in', [...q.userIds])] : []),
      ]),
    );
  }
  const total = await totalOf(base);
  const rows = await base
    .select(LIST_COLUMNS)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

export async function findSealListRow(db: Db, lgcSn: string): Promise<SealListRow | undefined> {
  return db.selectFrom('seal').select(LIST_COLUMNS).where('lgcSn', '=', lgcSn).executeTakeFirst();
}

/** The whole row, locked for the change the caller is about to make. */
export async function findSealForUpdate(db: Db, lgcSn: string): Promise<SealRow | undefined> {
  return db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).forUpdate().executeTakeFirst();
}

/**
 * The seals with these ids, share-locked until the caller's transaction ends, in id order (every
 * caller locks in the same order, so two signers never wait for each other). A share lock lets
 * two contracts be signed with one seal at once, and makes a change of the seal (cancelling,
 * expiring, which lock it for update) wait for them, and them for it.
 */
export async function lockSealRowsByIds(db: Db, ids: readonly number[]): Promise<SealRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('seal')
    .selectAll()
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forShare()
    .execute();
}

export async function findSealRow(db: Db, lgcSn: string): Promise<SealRow | undefined> {
  return db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

export async function findSealRowsByIds(db: Db, ids: readonly number[]): Promise<SealRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('seal')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The next seal number: ES + year + six digits (ES2026000123). */
export async function nextSealNo(db: Db, now: Date): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval('seal_number_seq')::text as n`.execute(db);
  return `ES${now.getUTCFullYear()}${String(rows[0]?.n ?? '0').padStart(6, '0')}`;
}

export async function insertSeal(db: Db, values: Insertable<SealTable>) {
  return db.insertInto('seal').values(values).returning(['id', 'lgcSn']).executeTakeFirstOrThrow();
}

export async function updateSeal(db: Db, id: number, values: Partial<Omit<SealRow, 'id'>>) {
  await db
    .updateTable('seal')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Effective seals whose period ended by `now` become expired, and their keys are destroyed (the
 * certificate stays for verification); answers them.
 */
export async function expireSeals(db: Db, now: Date) {
  return db
    .updateTable('seal')
    .set({ state: 'expired', expiredAt: now, updatedAt: now, privateKeySealed: null })
    .where('state', '=', 'effective')
    .where('validTo', '<=', now)
    .returning(['id', 'lgcSn', 'sealNo', 'institutionId'])
    .execute();
}

/** The keys of the effective seals whose period ended by `now`, their rows locked until the transaction ends. */
export async function lockDueSealKeys(db: Db, now: Date) {
  return db
    .selectFrom('seal')
    .select(['id', 'lgcSn', 'privateKeySealed'])
    .where('state', '=', 'effective')
    .where('validTo', '<=', now)
    .where('privateKeySealed', 'is not', null)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The institution's seals that may stamp at `now`: effective and within their period. */
export async function listUsableSeals(db: Db, institutionId: number, now: Date) {
  return db
    .selectFrom('seal')
    .select(['lgcSn', 'sealNo', 'name', 'validTo', 'applicantUserId'])
    .where('institutionId', '=', institutionId)
    .where('state', '=', 'effective')
    .where('validFrom', '<=', now)
    .where('validTo', '>', now)
    .orderBy('createdAt', 'desc')
    .execute();
}

/**
 * How many seal certificates are revoked and the latest revocation time: what the CRL depends
 * on, so a cached CRL is known to be current with one cheap read.
 */
export async function revocationMark(db: Db): Promise<{ count: number; latest: Date | null }> {
  const row = await db
    .selectFrom('seal')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('revokedAt').as('latest')])
    .where('revokedAt', 'is not', null)
    .where('certificateSerial', 'is not', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest ? new Date(row.latest) : null };
}

/** Every revoked seal certificate, oldest revocation first (the CRL's entries). */
export async function listRevokedCertificates(db: Db) {
  return db
    .selectFrom('seal')
    .select(['certificateSerial', 'certificateDer', 'revokedAt'])
    .where('revokedAt', 'is not', null)
    .where('certificateSerial', 'is not', null)
    .orderBy('revokedAt')
    .orderBy('id')
    .execute();
}

/** The seal certificate with this serial (lower-case hex), with its revocation time. */
export async function findCertificateBySerial(db: Db, serialHex: string) {
  return db
    .selectFrom('seal')
    .select(['certificateDer', 'revokedAt'])
    .where('certificateSerial', '=', serialHex)
    .executeTakeFirst();
}
