/**
 * Master agreements (SPEC §5, docs/decisions/0006): forfaiting and import/export risk
 * participation are published only by institutions with a signed master agreement. An
 * institution without one submits an agreement intention; bank staff mark it signed in the back
 * office. One signed agreement covers both sub-types. The bank's own institutions
 * (`kind = 'bank'`) need none.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';

/** Whether the institution may publish sub-types that need a master agreement. */
export async function hasSignedMasterAgreement(db: Db, institutionId: number): Promise<boolean> {
  const row = await db
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
  return Boolean(row && (row.kind === 'bank' || row.signed));
}

/** The reader's institution: signed (or exempt), or an intention waiting for the bank. */
export async function masterAgreementStatus(db: Db, user: SessionUser): Promise<{ signed: boolean; pending: boolean }> {
  if (user.institutionId === null) return { signed: false, pending: false };
  if (await hasSignedMasterAgreement(db, user.institutionId)) return { signed: true, pending: false };
  const pending = await db
    .selectFrom('masterAgreement')
    .select('id')
    .where('institutionId', '=', user.institutionId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return { signed: false, pending: Boolean(pending) };
}

/** Submits an agreement intention for the reader's institution (once; not when already signed). */
export async function submitMasterAgreementIntention(
  db: Db,
  user: SessionUser,
  input: { subTypeCode: string; note: string },
  ip: string,
): Promise<{ signed: boolean; pending: boolean }> {
  const institutionId = user.institutionId;
  if (institutionId === null) throw new AppError('PRT_FORBIDDEN');
  await db.transaction().execute(async (trx) => {
    // One intention at a time per institution, even when two colleagues submit at once.
    await trx.selectFrom('institution').select('id').where('id', '=', institutionId).forUpdate().execute();
    if (await hasSignedMasterAgreement(trx, institutionId)) throw new AppError('PRT_MASTER_AGREEMENT_SIGNED');
    const pending = await trx
      .selectFrom('masterAgreement')
      .select('id')
      .where('institutionId', '=', institutionId)
      .where('status', '=', 'submitted')
      .executeTakeFirst();
    if (pending) throw new AppError('PRT_MASTER_AGREEMENT_PENDING');
    const row = await trx
      .insertInto('masterAgreement')
      .values({ lgcSn: randomUUID(), institutionId, userId: user.id, subTypeCode: input.subTypeCode, note: input.note })
      .returning('lgcSn')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.masterAgreementSubmitted,
      targetType: 'masterAgreement',
      targetId: row.lgcSn,
      detail: { subTypeCode: input.subTypeCode },
      ip,
    });
  });
  return { signed: false, pending: true };
}

/** Agreement intentions for the back office, oldest waiting first. */
export async function listMasterAgreements(
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
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      signedAt: row.signedAt ? new Date(row.signedAt).toISOString() : null,
    })),
    total: Number(total.n),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Bank staff mark an institution's agreement intention signed. */
export async function markMasterAgreementSigned(db: Db, staff: SessionUser, lgcSn: string, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('masterAgreement')
      .selectAll()
      .where('lgcSn', '=', lgcSn)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('PRT_NOT_FOUND');
    if (row.status === 'signed') throw new AppError('PRT_MASTER_AGREEMENT_SIGNED');
    await trx
      .updateTable('masterAgreement')
      .set({ status: 'signed', signedBy: staff.id, signedAt: new Date() })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: staff.id,
      actorEmail: staff.email,
      action: AUDIT_ACTIONS.masterAgreementSigned,
      targetType: 'masterAgreement',
      targetId: row.lgcSn,
      detail: { institutionId: row.institutionId, subTypeCode: row.subTypeCode },
      ip,
    });
  });
}
