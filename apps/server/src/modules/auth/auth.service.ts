/**
 * Log-in, e-mail codes and passwords: the rules, with no HTTP in sight.
 *
 * When is an e-mail code needed at log-in (the pre-check's "1")? When the account has failed to
 * log in 3 or more times in a row since its last success, or when it logs in from a device it has
 * not used before while it already has a known device (first log-in ever trusts the device).
 * Unknown e-mail addresses answer "1" as well, so the pre-check does not tell who is registered.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Locale } from '@portal/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { consumeCaptcha } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import { createSession, endSessionsOfUser } from '../../platform/session.ts';
import { checkVerificationCode, issueVerificationCode } from '../../platform/verification-codes.ts';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repository.ts';

export const EMAIL_CODE_AFTER_FAILURES = 3;

export type ClientContext = { ip: string; userAgent?: string; deviceId: string; locale: Locale };

const deviceHash = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

async function isKnownDevice(db: Db, userId: number, deviceId: string): Promise<{ known: boolean; anyKnown: boolean }> {
  const rows = await db.selectFrom('knownDevice').select('deviceHash').where('userId', '=', userId).execute();
  return { known: rows.some((r) => r.deviceHash === deviceHash(deviceId)), anyKnown: rows.length > 0 };
}

export async function needsEmailCode(db: Db, user: UserRow | undefined, deviceId: string): Promise<boolean> {
  if (!user) return true;
  if (user.failedLogins >= EMAIL_CODE_AFTER_FAILURES) return true;
  const { known, anyKnown } = await isKnownDevice(db, user.id, deviceId);
  return anyKnown && !known;
}

export async function loginPrecheck(db: Db, email: string, deviceId: string): Promise<'0' | '1'> {
  return (await needsEmailCode(db, await findUserByEmail(db, email), deviceId)) ? '1' : '0';
}

export type LoginInput = {
  emailAdr: string;
  pwd: string;
  verifyCode: string;
  verifyCodeTraceId: string;
  emailCode?: string;
};

/** Checks everything a log-in needs; on success starts a session and returns it with the user. */
export async function login(
  db: Db,
  config: Config,
  input: LoginInput,
  client: ClientContext,
): Promise<{ user: UserRow; token: string }> {
  const email = input.emailAdr;
  await enforceRateLimit(db, { key: `login:ip:${client.ip}`, ...RATE_LIMITS.loginPerIp });
  await enforceRateLimit(db, { key: `login:email:${email}`, ...RATE_LIMITS.loginPerEmail });
  if (!(await consumeCaptcha(db, input.verifyCodeTraceId, input.verifyCode))) {
    throw new AppError('PRT_CAPTCHA_INCORRECT');
  }

  const user = await findUserByEmail(db, email);
  const now = new Date();
  if (user?.lockedUntil && new Date(user.lockedUntil) > now) {
    throw new AppError('PRT_ACCOUNT_LOCKED', { minutes: minutesUntil(new Date(user.lockedUntil), now) });
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.pwd);
  if (!user || !passwordOk) {
    if (user) await recordFailedLogin(db, config, user, client, now);
    throw new AppError('PRT_LOGIN_FAILED');
  }
  if (user.status !== 'active' || (await institutionStopped(db, user.institutionId))) {
    throw new AppError('PRT_ACCOUNT_STOPPED');
  }
  if (await needsEmailCode(db, user, client.deviceId)) {
    if (!input.emailCode?.trim()) throw new AppError('PRT_EMAIL_CODE_REQUIRED');
    await checkVerificationCode(db, { email, purpose: 'login', code: input.emailCode, consume: true });
  }
  if (user.passwordResetRequired) throw new AppError('YBLTS100U022');

  const token = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('appUser')
      .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now, lastActiveAt: now, updatedAt: now })
      .where('id', '=', user.id)
      .execute();
    await trx
      .insertInto('knownDevice')
      .values({ userId: user.id, deviceHash: deviceHash(client.deviceId) })
      .onConflict((oc) => oc.columns(['userId', 'deviceHash']).doUpdateSet({ lastSeenAt: now }))
      .execute();
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.login,
      targetType: 'user',
      targetId: user.lgcSn,
      ip: client.ip,
    });
    return createSession(trx, user.id, {
      absoluteMs: config.auth.sessionAbsoluteMs,
      ip: client.ip,
      ...(client.userAgent ? { userAgent: client.userAgent } : {}),
      now,
    });
  });
  return { user: { ...user, failedLogins: 0, lockedUntil: null }, token };
}

async function institutionStopped(db: Db, institutionId: number | null): Promise<boolean> {
  if (institutionId === null) return false;
  const row = await db.selectFrom('institution').select('status').where('id', '=', institutionId).executeTakeFirst();
  return row?.status === 'stopped';
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

async function recordFailedLogin(db: Db, config: Config, user: UserRow, client: ClientContext, now: Date) {
  const failures = user.failedLogins + 1;
  const locks = failures >= config.auth.lockoutThreshold;
  const lockedUntil = locks ? new Date(now.getTime() + config.auth.lockoutMs) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('appUser')
      .set({ failedLogins: failures, ...(locks ? { lockedUntil } : {}) })
      .where('id', '=', user.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: locks ? AUDIT_ACTIONS.locked : AUDIT_ACTIONS.loginFailed,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { failures },
      ip: client.ip,
    });
  });
  if (locks && lockedUntil) throw new AppError('PRT_ACCOUNT_LOCKED', { minutes: minutesUntil(lockedUntil, now) });
}

const EMAIL_TYPE_PURPOSE = { '1': 'register', '2': 'reset', '3': 'login' } as const;

/**
 * Sends an e-mail code. Registration refuses a registered address (the form must say so);
 * log-in and reset answer the same whether or not the address is registered, and only send
 * to registered ones.
 */
export async function sendEmailCode(
  db: Db,
  config: Config,
  input: { emailAdr: string; emailType: '1' | '2' | '3' },
  client: ClientContext,
): Promise<{ resendAfterSeconds: number }> {
  const purpose = EMAIL_TYPE_PURPOSE[input.emailType];
  const email = input.emailAdr;
  await enforceRateLimit(db, { key: `email-code:ip:${client.ip}`, ...RATE_LIMITS.emailCodePerIp });
  await enforceRateLimit(db, { key: `email-code:email:${email}`, ...RATE_LIMITS.emailCodePerEmail });
  const user = await findUserByEmail(db, email);
  if (purpose === 'register' && user) throw new AppError('PRT_EMAIL_EXISTS');
  return db.transaction().execute(async (trx) => {
    // The code is issued (and its 60 s resend clock starts) whether or not it is mailed, so the
    // answers for registered and unregistered addresses are the same.
    const { code, resendAfterSeconds } = await issueVerificationCode(trx, { email, purpose });
    if (purpose === 'register' || user) {
      const locale = (user?.locale as Locale | undefined) ?? client.locale;
      await enqueueMail(
        trx,
        { to: email, locale, template: 'emailCode', params: { code, purpose, minutes: 10 } },
        config.brand,
      );
    }
    return { resendAfterSeconds };
  });
}

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
    await trx
      .updateTable('appUser')
      .set({ passwordHash, forcePasswordChange: false, updatedAt: new Date() })
      .where('id', '=', user.id)
      .execute();
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
    await trx
      .updateTable('appUser')
      .set({
        passwordHash,
        passwordResetRequired: false,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: new Date(),
      })
      .where('id', '=', user.id)
      .execute();
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

export async function logout(
  db: Db,
  tokenHash: string,
  user: { id: number; email: string; lgcSn: string },
  ip: string,
) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('userSession').where('tokenHash', '=', tokenHash).execute();
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.logout,
      targetType: 'user',
      targetId: user.lgcSn,
      ip,
    });
  });
}

export const newLgcSn = () => randomUUID();
