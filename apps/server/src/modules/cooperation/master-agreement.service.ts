/**
 * Master agreements (SPEC §5, docs/decisions/0006): forfaiting and import/export risk
 * participation are published only by institutions with a signed master agreement. An
 * institution without one submits an agreement intention; bank staff mark it signed in the back
 * office. One signed agreement covers both sub-types. The bank's own institutions
 * (`kind = 'bank'`) need none.
 */
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/session.ts';
import {
  findAgreementForUpdate,
  findAgreementState,
  hasPendingAgreement,
  insertAgreementIntention,
  listAgreements,
  lockInstitution,
  markAgreementSigned,
} from './master-agreement.repository.ts';

/** Whether the institution may publish sub-types that need a master agreement. */
export async function hasSignedMasterAgreement(db: Db, institutionId: number): Promise<boolean> {
  const row = await findAgreementState(db, institutionId);
  return Boolean(row && (row.kind === 'bank' || row.signed));
}

/** The reader's institution: signed (or exempt), or an intention waiting for the bank. */
export async function masterAgreementStatus(db: Db, user: SessionUser): Promise<{ signed: boolean; pending: boolean }> {
  if (user.institutionId === null) return { signed: false, pending: false };
  if (await hasSignedMasterAgreement(db, user.institutionId)) return { signed: true, pending: false };
  return { signed: false, pending: await hasPendingAgreement(db, user.institutionId) };
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
    await lockInstitution(trx, institutionId);
    if (await hasSignedMasterAgreement(trx, institutionId)) throw new AppError('PRT_MASTER_AGREEMENT_SIGNED');
    if (await hasPendingAgreement(trx, institutionId)) throw new AppError('PRT_MASTER_AGREEMENT_PENDING');
    const row = await insertAgreementIntention(trx, {
      lgcSn: newPublicId(),
      institutionId,
      userId: user.id,
      subTypeCode: input.subTypeCode,
      note: input.note,
    });
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
  const { rows, total } = await listAgreements(db, query);
  return {
    list: rows.map((row) => ({
      ...row,
      createdAt: new Date(row.createdAt).toISOString(),
      signedAt: row.signedAt ? new Date(row.signedAt).toISOString() : null,
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Bank staff mark an institution's agreement intention signed. */
export async function markMasterAgreementSigned(db: Db, staff: SessionUser, lgcSn: string, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findAgreementForUpdate(trx, lgcSn);
    if (!row) throw new AppError('PRT_NOT_FOUND');
    if (row.status === 'signed') throw new AppError('PRT_MASTER_AGREEMENT_SIGNED');
    await markAgreementSigned(trx, row.id, staff.id);
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
