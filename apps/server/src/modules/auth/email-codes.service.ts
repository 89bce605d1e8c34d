import type { Locale } from '@portal/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import { issueVerificationCode } from '../../platform/verification-codes.ts';
import { isInstitutionStopped } from '../institutions/index.ts';
import { findUserByEmail, requireWorkEmail, type UserRow } from '../users/index.ts';
import { type ClientContext, checkCredentials } from './login.service.ts';

const EMAIL_TYPE_PURPOSE = { '1': 'register', '2': 'reset', '3': 'login' } as const;

const CODE_ALLOWANCE = {
  register: RATE_LIMITS.registerCodesPerEmail,
  reset: RATE_LIMITS.resetCodesPerEmail,
  login: RATE_LIMITS.loginCodesPerEmail,
} as const;

export type EmailCodeInput = {
  emailAdr: string;
  emailType: '1' | '2' | '3';
  pwd?: string | undefined;
  verifyCode?: string | undefined;
  verifyCodeTraceId?: string | undefined;
};

/**
 * Sends an e-mail code. Every request counts toward the requester's (client address's) limit;
 * only an issued code counts toward the address's allowance, one allowance per purpose.
 * - Registration answers the same whether or not the address is registered: a registered
 *   address is mailed a note that it already has an account (no code), so only the mailbox's
 *   owner learns it (issue 15: answers never tell who is registered).
 * - Reset answers the same whether or not the address is registered, and mails only to
 *   registered ones (the code is issued and counted either way, so the answers match).
 * - Log-in first checks the password and picture code as a log-in does (a failure counts as a
 *   failed log-in, and an unknown address answers as a wrong password does).
 */
export async function sendEmailCode(
  db: Db,
  config: Config,
  input: EmailCodeInput,
  client: ClientContext,
): Promise<{ resendAfterSeconds: number }> {
  const purpose = EMAIL_TYPE_PURPOSE[input.emailType];
  const email = input.emailAdr;
  await enforceRateLimit(db, { key: `email-code:ip:${client.ip}`, ...RATE_LIMITS.emailCodePerIp });
  // No registration code is mailed to an address that could not register (a free-mail one).
  if (purpose === 'register') await requireWorkEmail(email, config, client.locale);
  let user: UserRow | undefined;
  if (purpose === 'login') {
    const { pwd = '', verifyCode = '', verifyCodeTraceId = '' } = input;
    ({ user } = await checkCredentials(db, config, { emailAdr: email, pwd, verifyCode, verifyCodeTraceId }, client));
    if (user.status !== 'active' || (await isInstitutionStopped(db, user.institutionId))) {
      throw new AppError('PRT_ACCOUNT_STOPPED');
    }
  } else {
    user = await findUserByEmail(db, email);
  }
  return db.transaction().execute(async (trx) => {
    // A reset code is issued (its 60 s clock starts, the allowance counts it) whether or not it
    // is mailed, so the answers for registered and unregistered addresses are the same.
    const { code, resendAfterSeconds } = await issueVerificationCode(trx, {
      email,
      purpose,
      allowance: CODE_ALLOWANCE[purpose],
    });
    const locale = (user?.locale as Locale | undefined) ?? client.locale;
    if (purpose === 'register' && user) {
      const base = config.publicBaseUrl;
      await enqueueMail(
        trx,
        {
          to: email,
          locale,
          template: 'alreadyRegistered',
          params: { loginUrl: `${base}/home`, resetUrl: `${base}/resetPassword` },
        },
        config.brand,
      );
    } else if (purpose === 'register' || user) {
      await enqueueMail(
        trx,
        { to: email, locale, template: 'emailCode', params: { code, purpose, minutes: 10 } },
        config.brand,
      );
    }
    return { resendAfterSeconds };
  });
}
