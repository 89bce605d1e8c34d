/**
 * Master agreements in the database: one row per agreement intention of an institution
 * (`submitted`, then `signed` by bank staff). No rules here: master-agreement.service.ts decides.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { totalOf } from '../../db/list-query.ts';

/** The institution's kind and whether it has a signed agreement; undefined for no institution. */
export async function findAgreementState(db: Db, institutionId: number) {
  return db
    .selectFrom('institution as i')
    .select([
      'i.kind',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('masterAgreement as m')
              .select(sql`1`.as('one'))
              .whereRef('m.institutionId', '=', 'i.id')
              .where('m.status', '=', 'signed'),
          )
          .as('signed'),
    ])
    .where('i.id', '=', institutionId)
    .executeTakeFirst();
}

/** Whether the institution has an agreement intention waiting for the bank. */
export async function hasPendingAgreement(db: Db, institutionId: number): Promise<boolean> {
  const pending = await db
    .selectFrom('masterAgreement')
    .select('id')
    .where('institutionId', '=', institutionId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return Boolean(pending);
}

/** Locks the institution's row until the transaction ends (one intention at a time). */
export async function lockInstitution(trx: Db, institutionId: number): Promise<void> {
  await trx.selectFrom('institution').select('id').where('id', '=', institutionId).forUpdate().execute();
}

export async function insertAgreementIntention(
  db: Db,
  values: { lgcSn: string; institutionId: number; userId: number; subTypeCode: string; note: string },
): Promise<{ lgcSn: string }> {
  return db.insertInto('masterAgreement').values(values).returning('lgcSn').executeTakeFirstOrThrow();
}

/** One page of agreement intentions with their institution and user, and how many there are. */
export async function listAgreements(
  db: Db,
  query: { status: 'submitted' | 'signed' | 'all'; pageNo: number; pageSize: number },
) {
  let base = db
    .selectFrom('masterAgreement as m')
    .innerJoin('institution as i', 'i.id', 'm.institutionId')
    .innerJoin('appUser as u', 'u.id', 'm.userId');
  if (query.status !== 'all') base = base.where('m.status', '=', query.status);
  const rows = await base
    .select([
      'm.lgcSn',
      'i.name as instNm',
      'i.swiftCode as instSwiftCode',
      'u.name as userName',
      'u.email as userEmail',
      'm.subTypeCode',
      'm.note',
      'm.status',
      'm.createdAt',
      'm.signedAt',
    ])
    .orderBy('m.createdAt', query.status === 'submitted' ? 'asc' : 'desc')
    .orderBy('m.id', 'asc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total: await totalOf(base) };
}

/** The agreement intention, locked until the transaction ends. */
export async function findAgreementForUpdate(trx: Db, lgcSn: string) {
  return trx.selectFrom('masterAgreement').selectAll().where('lgcSn', '=', lgcSn).forUpdate().executeTakeFirst();
}

export async function markAgreementSigned(trx: Db, id: number, signedBy: number): Promise<void> {
  await trx
    .updateTable('masterAgreement')
    .set({ status: 'signed', signedBy, signedAt: new Date() })
    .where('id', '=', id)
    .execute();
}
