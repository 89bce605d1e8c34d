/**
 * Bank staff require an account to choose a new password (SPEC §3 nfrcModPswdInd 1): its sessions
 * end, and after the next log-in the portal opens the set-password dialog, whose call
 * (first/modifyPwd, no old password) sets the flag back to 0.
 */
import { ROLE } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { endSessionsOfUser, type SessionUser } from '../../platform/session.ts';
import { findUserByLgcSn, updateUser } from './users.repository.ts';

export async function requirePasswordChange(db: Db, actor: SessionUser, lgcSn: string, ip: string): Promise<void> {
  const user = await findUserByLgcSn(db, lgcSn);
  if (!user) throw new AppError('PRT_USER_NOT_FOUND');
  if (user.roleCodes.includes(ROLE.systemAdmin)) throw new AppError('PRT_SYSTEM_ADMIN_IMMUTABLE');
  // Staff change their own password with the current one; this would only log them out.
  if (user.id === actor.id) throw new AppError('PRT_CONFLICT');
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { forcePasswordChange: true, updatedAt: new Date() });
    await endSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: AUDIT_ACTIONS.passwordChangeRequired,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { email: user.email },
      ip,
    });
  });
}
