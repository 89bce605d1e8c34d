import type { Locale } from '@portal/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { clearAllLoginFailures } from '../../platform/login-failures.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import { endSessionsOfUser } from '../../platform/session.ts';
import { checkVerificationCode } from '../../platform/verification-codes.ts';
import { findUserByEmail, findUserById, setPassword } from '../users/index.ts';
import type { ClientContext } from './login.service.ts';

/** Changes a password; every session of the user ends (the user logs in again). */
export async function changePassword(
  db: Db,
  config: Config,
  userId: number,
  input: { oPwd?: string; pwd: string; forced: boolean },
  client: Pick<ClientContext, 'ip'>,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('PRT_CURRENT_USER_UNAVAILABLE');
  if (input.forced) {
    if (!user.forcePasswordChange) throw new AppError('PRT_FORBIDDEN');
  } else if (!(await verifyPassword(user.passwordHash, input.oPwd ?? ''))) {
    throw new AppError('PRT_OLD_PASSWORD_INCORRECT');
  }
  const passwordHash = await hashPassword(input.pwd);
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, user.id, passwordHash, 'change');
    await endSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.passwordChanged,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { forced: input.forced },
      ip: client.ip,
    });
    await enqueueMail(
      trx,
      { to: user.email, locale: user.locale as Locale, template: 'passwordChanged', params: { name: user.name } },
      config.brand,
    );
  });
}

/** Resets a password with the e-mailed code; unlocks the account and ends its sessions. */
export async function resetPassword(
  db: Db,
  config: Config,
  input: { emailAdr: string; emailCode: string; pwd: string },
  client: Pick<ClientContext, 'ip'>,
): Promise<void> {
  await enforceRateLimit(db, { key: `reset:email:${input.emailAdr}`, ...RATE_LIMITS.passwordResetPerEmail });
  await checkVerificationCode(db, { email: input.emailAdr, purpose: 'reset', code: input.emailCode, consume: true });
  const user = await findUserByEmail(db, input.emailAdr);
  // A live reset code exists only for registered addresses; this guards a race with deletion.
  if (!user) throw new AppError('PRT_CODE_EXPIRED');
  const passwordHash = await hashPassword(input.pwd);
  await db.transaction().execute(async (trx) => {
    await setPassword(trx, user.id, passwordHash, 'reset');
    await clearAllLoginFailures(trx, user.email);
    await endSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.passwordReset,
      targetType: 'user',
      targetId: user.lgcSn,
      ip: client.ip,
    });
    await enqueueMail(
      trx,
      { to: user.email, locale: user.locale as Locale, template: 'passwordChanged', params: { name: user.name } },
      config.brand,
    );
  });
}
