/** The institution table's queries (SPEC §1: partner institutions and the bank's own). */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import type { InstitutionTable } from '../../db/schema.ts';

export type InstitutionRow = Selectable<InstitutionTable>;
export type InstitutionStatus = InstitutionRow['status'];

export async function findInstitutionById(db: Db, id: number): Promise<InstitutionRow | undefined> {
  return db.selectFrom('institution').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findInstitutionByLgcSn(db: Db, lgcSn: string) {
  return db
    .selectFrom('institution')
    .select(['id', 'lgcSn', 'name', 'kind'])
    .where('lgcSn', '=', lgcSn)
    .executeTakeFirst();
}

export async function findInstitutionName(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('institution').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name;
}

export async function findInstitutionStatus(db: Db, id: number): Promise<InstitutionStatus | undefined> {
  const row = await db.selectFrom('institution').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export async function findInstitutionIdBySwiftCode(db: Db, swiftCode: string): Promise<number | undefined> {
  const row = await db.selectFrom('institution').select('id').where('swiftCode', '=', swiftCode).executeTakeFirst();
  return row?.id;
}

/** Inserts a partner institution; a concurrent insert of the same SWIFT code yields that row. */
export async function insertPartnerInstitution(
  db: Db,
  input: { name: string; swiftCode: string; country: string; continent: string; lgcSn: string },
): Promise<number> {
  const created = await db
    .insertInto('institution')
    .values({
      lgcSn: input.lgcSn,
      name: input.name,
      swiftCode: input.swiftCode,
      kind: 'partner',
      country: input.country,
      continent: input.continent,
    })
    .onConflict((oc) => oc.column('swiftCode').doUpdateSet({ updatedAt: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}

const BANK_COLUMNS = ['id', 'name', 'swiftCode', 'country', 'continent'] as const;

/** The bank's own institution (kind 'bank'), the oldest if several. */
export async function findBankInstitution(db: Db) {
  return db
    .selectFrom('institution')
    .select(BANK_COLUMNS)
    .where('kind', '=', 'bank')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertBankInstitution(db: Db, input: { lgcSn: string; name: string }) {
  return db
    .insertInto('institution')
    .values({ lgcSn: input.lgcSn, name: input.name, kind: 'bank' })
    .returning(BANK_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** One page of institutions by name or SWIFT code and status, with their user counts, by name. */
export async function findInstitutionPage(
  db: Db,
  q: { q?: string | undefined; status: string; pageNo: number; pageSize: number },
) {
  let query = db.selectFrom('institution as i');
  if (q.q) {
    const pattern = containsPattern(q.q);
    query = query.where((eb) => eb.or([eb('i.name', 'ilike', pattern), eb('i.swiftCode', 'ilike', pattern)]));
  }
  if (q.status !== 'all') query = query.where('i.status', '=', q.status as 'active' | 'stopped');
  const total = await totalOf(query);
  const rows = await query
    .select((eb) => [
      'i.lgcSn',
      'i.name',
      'i.swiftCode',
      'i.kind',
      'i.country',
      'i.status',
      'i.createdAt',
      eb
        .selectFrom('appUser as u')
        .whereRef('u.institutionId', '=', 'i.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('userCount'),
    ])
    .orderBy('i.name')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { rows, total };
}

export async function updateInstitutionStatus(db: Db, id: number, status: InstitutionStatus): Promise<void> {
  await db.updateTable('institution').set({ status, updatedAt: new Date() }).where('id', '=', id).execute();
}

/** Ends every session of the institution's users (platform's user_session rows). */
export async function endSessionsOfInstitution(db: Db, id: number): Promise<void> {
  await db
    .deleteFrom('userSession')
    .where('userId', 'in', db.selectFrom('appUser').select('id').where('institutionId', '=', id))
    .execute();
}

/** Institutions by id (lists of other modules that show names and SWIFT codes). */
export async function findInstitutionsByIds(db: Db, ids: readonly number[]): Promise<InstitutionRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('institution')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Ids of institutions whose name or SWIFT code contains `pattern` (an ILIKE pattern). */
export async function findInstitutionIdsMatching(db: Db, pattern: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('institution')
    .select('id')
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('swiftCode', 'ilike', pattern)]))
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
