/**
 * Seals in the database. No rules here: seals.service.ts decides who may do what.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import type { SealStateColumn, SealTable } from '../../db/schema.ts';

export type SealRow = Selectable<SealTable>;

/** A seal with the names lists show: holder institution, applicant, reviewer. */
function sealList(db: Db) {
  return db
    .selectFrom('seal as s')
    .innerJoin('institution as i', 'i.id', 's.institutionId')
    .innerJoin('appUser as a', 'a.id', 's.applicantUserId')
    .leftJoin('appUser as r', 'r.id', 's.reviewerUserId')
    .innerJoin('fileObject as af', 'af.lgcSn', 's.authorizationFile');
}

const LIST_COLUMNS = [
  's.id',
  's.lgcSn',
  's.sealNo',
  's.name',
  's.state',
  's.institutionId',
  's.applicantUserId',
  's.periodMonths',
  's.reason',
  's.approverBranch',
  's.imageWidth',
  's.imageHeight',
  's.createdAt',
  's.validFrom',
  's.validTo',
  's.rejectReason',
  's.decidedAt',
  's.cancelledAt',
  's.certificateSerial',
  'i.name as institutionName',
  'i.swiftCode as institutionSwiftCode',
  'a.name as applicantName',
  'a.email as applicantEmail',
  'r.name as reviewerName',
  'af.originalName as authorizationName',
  'af.sizeBytes as authorizationSize',
] as const;

export type SealListRow = {
  id: number;
  lgcSn: string;
  sealNo: string;
  name: string;
  state: SealStateColumn;
  institutionId: number;
  applicantUserId: number;
  periodMonths: number;
  reason: string;
  approverBranch: string;
  imageWidth: number;
  imageHeight: number;
  createdAt: Date;
  validFrom: Date | null;
  validTo: Date | null;
  rejectReason: string | null;
  decidedAt: Date | null;
  cancelledAt: Date | null;
  certificateSerial: string | null;
  institutionName: string;
  institutionSwiftCode: string | null;
  applicantName: string;
  applicantEmail: string;
  reviewerName: string | null;
  authorizationName: string;
  authorizationSize: number;
};

type Page = { pageNo: number; pageSize: number };

/** One page of an institution's seals, newest first. */
export async function listInstitutionSeals(
  db: Db,
  institutionId: number,
  query: Page & { state: SealStateColumn | 'all' },
): Promise<{ rows: SealListRow[]; total: number }> {
  let base = sealList(db).where('s.institutionId', '=', institutionId);
  if (query.state !== 'all') base = base.where('s.state', '=', query.state);
  const total = await totalOf(base);
  const rows = await base
    .select(LIST_COLUMNS)
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows: rows as SealListRow[], total };
}

/** One page of the review queue: the seals addressed to `branches` (all when null), oldest first. */
export async function listReviewQueue(
  db: Db,
  branches: readonly string[] | null,
  query: Page & { states: readonly SealStateColumn[] | null; q?: string | undefined },
): Promise<{ rows: SealListRow[]; total: number }> {
  let base = sealList(db);
  if (branches) {
    if (branches.length === 0) return { rows: [], total: 0 };
    base = base.where('s.approverBranch', 'in', [...branches]);
  }
  if (query.states) base = base.where('s.state', 'in', [...query.states]);
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where((eb) =>
      eb.or([
        eb('s.name', 'ilike', pattern),
        eb('s.sealNo', 'ilike', pattern),
        eb('i.name', 'ilike', pattern),
        eb('a.name', 'ilike', pattern),
        eb('a.email', 'ilike', pattern),
      ]),
    );
  }
  const total = await totalOf(base);
  const rows = await base
    .select(LIST_COLUMNS)
    .orderBy('s.createdAt', 'asc')
    .orderBy('s.id', 'asc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows: rows as SealListRow[], total };
}

export async function findSealListRow(db: Db, lgcSn: string): Promise<SealListRow | undefined> {
  return (await sealList(db).select(LIST_COLUMNS).where('s.lgcSn', '=', lgcSn).executeTakeFirst()) as
    | SealListRow
    | undefined;
}

/** The whole row, locked for the change the caller is about to make. */
export async function findSealForUpdate(db: Db, lgcSn: string): Promise<SealRow | undefined> {
  return db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).forUpdate().executeTakeFirst();
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

/** Effective seals whose period ended by `now` become expired; answers them. */
export async function expireSeals(db: Db, now: Date) {
  return db
    .updateTable('seal')
    .set({ state: 'expired', expiredAt: now, updatedAt: now })
    .where('state', '=', 'effective')
    .where('validTo', '<=', now)
    .returning(['id', 'lgcSn', 'sealNo', 'institutionId'])
    .execute();
}

/** The institution's seals that may stamp at `now`: effective and within their period. */
export async function listUsableSeals(db: Db, institutionId: number, now: Date) {
  return db
    .selectFrom('seal')
    .select(['lgcSn', 'sealNo', 'name', 'validTo'])
    .where('institutionId', '=', institutionId)
    .where('state', '=', 'effective')
    .where('validFrom', '<=', now)
    .where('validTo', '>', now)
    .orderBy('createdAt', 'desc')
    .execute();
}
