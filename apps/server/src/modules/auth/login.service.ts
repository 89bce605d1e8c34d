/**
 * Log-in and log-out: the rules, with no HTTP in sight.
 *
 * When is an e-mail code needed at log-in (the pre-check's "1")? Always from a browser whose
 * device cookie is not one this account has logged in from (the very first log-in included), and
 * from a known browser after 3 failures of its own in a row. So the pre-check answers "0" only to
 * a browser that has logged in to the account before: to everyone else it answers "1" for every
 * address, registered or not, and tells nobody who is registered.
 *
 * The lock-out (docs/security.md, "Lock-out"): failures are counted per address string
 * (platform/login-failures.ts), apart for the browsers new to the account (all together) and for
 * each known browser (its own), so failures from elsewhere never hold up the holder's browser.
 * From the 5th failure in a row a count's browsers wait a minute, doubling per failure; the
 * holder is e-mailed once a day while browsers new to the account keep failing. An unknown address
 * counts and waits as a registered one does, and checking it costs the same argon2 time (a dummy
 * hash). A log-in code is e-mailed only to a caller who passed the password and a picture code,
 * so an anonymous caller cannot spend an account's codes.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@portal/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { consumeCaptcha } from '../../platform/captcha.ts';
import { AppError } from '../../platform/errors.ts';
import {
  claimAttackNotice,
  clearLoginFailures,
  type FailureScope,
  loginFailuresOf,
  NEW_BROWSERS,
  recordLoginFailure,
} from '../../platform/login-failures.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import { createSession } from '../../platform/session.ts';
import { checkVerificationCode } from '../../platform/verification-codes.ts';
import { isInstitutionStopped } from '../institutions/index.ts';
import { findUserByEmail, recordLogin, type UserRow } from '../users/index.ts';
import { deleteSession, isKnownDevice, rememberDevice } from './auth.repository.ts';

export const EMAIL_CODE_AFTER_FAILURES = 3;

export type ClientContext = { ip: string; userAgent?: string; deviceId: string; locale: Locale };

const deviceHash = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * The browser as the lock-out sees it: known (it has logged in to the account with this address
 * before, by its device cookie's hash) and counting its own failures, or new to the account and
 * counting with every other new browser. One query either way.
 */
type Browser = { known: boolean; scope: FailureScope };

async function browserOf(db: Db, email: string, deviceId: string): Promise<Browser> {
  const hash = deviceHash(deviceId);
  const known = await isKnownDevice(db, email, hash);
  return { known, scope: { email, deviceHash: known ? hash : NEW_BROWSERS } };
}

/**
 * A per-address limit's key: one for the browsers new to the account together, one for each
 * known browser, so that others' tries never use up the holder's browser's allowance.
 */
const perAddressKey = (prefix: string, { scope }: Browser) =>
  scope.deviceHash === NEW_BROWSERS
    ? `${prefix}:email:${scope.email}`
    : `${prefix}:email:${scope.email}:browser:${scope.deviceHash}`;

/** The pre-check's rule (see the top of this file); `failures` are the browser's count's in a row. */
function needsEmailCode(browser: Browser, failures: number): boolean {
  return !browser.known || failures >= EMAIL_CODE_AFTER_FAILURES;
}

/** The log-in pre-check: '1' when an e-mail code is needed. Limited per address and per requester. */
export async function loginPrecheck(
  db: Db,
  email: string,
  client: Pick<ClientContext, 'ip' | 'deviceId'>,
): Promise<'0' | '1'> {
  await enforceRateLimit(db, { key: `login-precheck:ip:${client.ip}`, ...RATE_LIMITS.loginPrecheckPerIp });
  const browser = await browserOf(db, email, client.deviceId);
  await enforceRateLimit(db, { key: perAddressKey('login-precheck', browser), ...RATE_LIMITS.loginPrecheckPerEmail });
  const { failures } = await loginFailuresOf(db, browser.scope);
  return needsEmailCode(browser, failures) ? '1' : '0';
}

export type Credentials = { emailAdr: string; pwd: string; verifyCode: string; verifyCodeTraceId: string };

export type LoginInput = Credentials & { emailCode?: string };

/**
 * What every log-in checks first, and the log-in code request too: the limits, the picture
 * code, the wait of the browser's failure count, the password. An unknown address gets exactly
 * what a wrong password gets (same answer, same argon2 time, a failure counted against the
 * address), and waits alike. Returns the account (right password), the browser and its count's
 * failures before this try.
 */
export async function checkCredentials(
  db: Db,
  config: Config,
  input: Credentials,
  client: ClientContext,
): Promise<{ user: UserRow; browser: Browser; failures: number }> {
  const email = input.emailAdr;
  await enforceRateLimit(db, { key: `login:ip:${client.ip}`, ...RATE_LIMITS.loginPerIp });
  const browser = await browserOf(db, email, client.deviceId);
  await enforceRateLimit(db, { key: perAddressKey('login', browser), ...RATE_LIMITS.loginPerEmail });
  if (!(await consumeCaptcha(db, input.verifyCodeTraceId, input.verifyCode))) {
    throw new AppError('PRT_CAPTCHA_INCORRECT');
  }
  const now = new Date();
  const { failures, lockedUntil } = await loginFailuresOf(db, browser.scope);
  if (lockedUntil && lockedUntil > now) {
    throw new AppError('PRT_ACCOUNT_LOCKED', { minutes: minutesUntil(lockedUntil, now) });
  }
  const user = await findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.pwd);
  if (user && passwordOk) return { user, browser, failures };
  return recordFailedLogin(db, config, { user, browser, client, now });
}

/** Checks everything a log-in needs; on success starts a session and returns it with the user. */
export async function login(
  db: Db,
  config: Config,
  input: LoginInput,
  client: ClientContext,
): Promise<{ user: UserRow; token: string; firstLogin: boolean }> {
  const email = input.emailAdr;
  const { user, browser, failures } = await checkCredentials(db, config, input, client);
  if (user.status !== 'active' || (await isInstitutionStopped(db, user.institutionId))) {
    throw new AppError('PRT_ACCOUNT_STOPPED');
  }
  // Before the e-mail code: the reset it leads to proves the mailbox anyway.
  if (user.passwordResetRequired) throw new AppError('YBLTS100U022');
  if (needsEmailCode(browser, failures)) {
    if (!input.emailCode?.trim()) throw new AppError('PRT_EMAIL_CODE_REQUIRED');
    await checkVerificationCode(db, { email, purpose: 'login', code: input.emailCode, consume: true });
  }

  const now = new Date();
  // Read before this log-in is recorded: never set means the account's first log-in.
  const firstLogin = user.lastLoginAt === null;
  const token = await db.transaction().execute(async (trx) => {
    await recordLogin(trx, user.id, now);
    // Its own count only: a known browser's success leaves the wait of browsers new to the account.
    await clearLoginFailures(trx, browser.scope);
    await rememberDevice(trx, user.id, deviceHash(client.deviceId), now);
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
  return { user, token, firstLogin };
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

type FailedLogin = { user: UserRow | undefined; browser: Browser; client: ClientContext; now: Date };

/**
 * Counts a failure against the browser's count (an account's address or not: the same
 * statements either way), audits it, warns the holder when browsers new to the account reach
 * the threshold, and throws: PRT_ACCOUNT_LOCKED with the wait it now imposes, else
 * PRT_LOGIN_FAILED.
 */
async function recordFailedLogin(db: Db, config: Config, { user, browser, client, now }: FailedLogin): Promise<never> {
  const { email } = browser.scope;
  const state = await recordLoginFailure(db, browser.scope, config.auth.lockout, now);
  const waits = state.lockedUntil !== null && state.lockedUntil > now;
  await recordAudit(db, {
    actorUserId: user?.id ?? null,
    actorEmail: email,
    action: waits ? AUDIT_ACTIONS.locked : AUDIT_ACTIONS.loginFailed,
    targetType: 'user',
    ...(user ? { targetId: user.lgcSn } : {}),
    detail: {
      failures: state.failures,
      ...(browser.known ? { knownBrowser: true } : {}),
      ...(user ? {} : { unknownAddress: true }),
    },
    ip: client.ip,
  });
  if (!browser.known && state.failures >= config.auth.lockout.threshold) {
    await warnHolder(db, config, email, user, { failures: state.failures, now });
  }
  if (waits && state.lockedUntil) {
    throw new AppError('PRT_ACCOUNT_LOCKED', { minutes: minutesUntil(state.lockedUntil, now) });
  }
  throw new AppError('PRT_LOGIN_FAILED');
}

/**
 * Tells the holder by e-mail, in her language, that browsers new to her account keep failing and
 * that her own browsers are not held up: once per window, whichever instance sees the failure.
 * An unknown address takes the same claim and is mailed nothing.
 */
async function warnHolder(
  db: Db,
  config: Config,
  email: string,
  user: UserRow | undefined,
  { failures, now }: { failures: number; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await claimAttackNotice(trx, email, config.auth.lockout.windowMs, now)) || !user) return;
    await enqueueMail(
      trx,
      {
        to: user.email,
        locale: user.locale,
        template: 'loginAttempts',
        params: { name: user.name, failures, resetUrl: `${config.publicBaseUrl}/resetPassword` },
      },
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
    await deleteSession(trx, tokenHash);
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
