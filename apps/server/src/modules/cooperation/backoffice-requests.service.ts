/**
 * The back office's view of the marketplace (SPEC §7): every published request, and taking one
 * down with a reason (it is then hidden from everyone but its owner and bank staff).
 */
import type { Locale } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { toListItem } from './present.ts';
import { findRequestForUpdate, listForBackoffice, updateRequest } from './requests.repository.ts';

export async function listAllRequests(
  db: Db,
  staff: SessionUser,
  query: { status: 'effective' | 'invalid' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
  locale: Locale,
) {
  const { rows, total } = await listForBackoffice(db, query);
  const reader = { userId: staff.id, institutionId: staff.institutionId, locale };
  return {
    list: rows.map((row) => ({
      ...toListItem({ ...row, followed: false, intentionStatus: null }, reader),
      ownerName: row.ownerName,
      ownerEmail: row.ownerEmail,
      takenDownNote: row.takenDownNote,
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Takes an effective request down (invalid, takenDown) with the staff member's reason. */
export async function takeDownRequest(
  db: Db,
  staff: SessionUser,
  lgcSn: string,
  reason: string,
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findRequestForUpdate(trx, lgcSn);
    if (!row || row.status === 'draft') throw new AppError('PRT_REQUEST_NOT_FOUND');
    if (row.status !== 'effective') throw new AppError('PRT_REQUEST_NOT_EFFECTIVE');
    await updateRequest(trx, row.id, { status: 'invalid', invalidReason: 'takenDown', takenDownNote: reason });
    await recordAudit(trx, {
      actorUserId: staff.id,
      actorEmail: staff.email,
      action: AUDIT_ACTIONS.requestTakenDown,
      targetType: 'cooperation',
      targetId: row.lgcSn,
      detail: { name: row.name, reason },
      ip,
    });
  });
}
