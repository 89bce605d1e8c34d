/**
 * The survey jump (SPEC §2 home banner, §7 /qtn/checkEmail) and the page-forwarding credentials
 * (/pageForward/getTransKey). Formats in docs/decisions/0007-public-content.md.
 *
 * The questionnaire link gets one query parameter, `param`, the base64url of
 *   iv (12 bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes)
 * of the JSON {"email", "qtn", "ts"} (ts = ms since epoch), under the questionnaire's own key when
 * it has one, else the server's QUESTIONNAIRE_KEY. The survey provider decrypts it with the same
 * key; the tag proves the portal made it.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { TCheckEmailRequest, TCheckEmailResult, TTransKey } from '@portal/shared/schemas/content';
import { isSafeHttpsLink } from '@portal/shared/schemas/links';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import type { SessionUser } from '../../platform/session.ts';
import { findEntry } from './content.repository.ts';

export const CHECK_EMAIL_RATE_LIMIT: RateLimit = { limit: 30, windowSeconds: 600 };
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const TRANS_TOKEN_SECONDS = 300;

export type SurveyParam = { email: string; qtn: string; ts: number };

export function encryptSurveyParam(key: Buffer, payload: SurveyParam): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The survey provider's side (and the tests'): throws when the parameter was not made with `key`. */
export function decryptSurveyParam(key: Buffer, param: string): SurveyParam {
  const raw = Buffer.from(param, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
  const text = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
  return JSON.parse(text.toString('utf8')) as SurveyParam;
}

/**
 * Checks the work e-mail (the schema already did its format) for a published questionnaire and
 * answers the link to open. Rate-limited per client address.
 */
export async function checkSurveyEmail(
  db: Db,
  config: Config,
  input: TCheckEmailRequest,
  ip: string,
): Promise<TCheckEmailResult> {
  await enforceRateLimit(db, { key: `qtn:ip:${ip}`, ...CHECK_EMAIL_RATE_LIMIT });
  const questionnaire = await findEntry(db, 'questionnaire', input.lgcSn);
  if (questionnaire?.status !== 'published') throw new AppError('PRT_NOT_FOUND');
  const own = typeof questionnaire.data.secret === 'string' ? questionnaire.data.secret : '';
  const key = own ? Buffer.from(own, 'base64') : config.content.questionnaireKey;
  if (key?.length !== 32) throw new AppError('PRT_SERVICE_UNAVAILABLE');
  const link = String(questionnaire.data.link ?? '');
  // A link saved before the link rule (links.ts) is not opened.
  if (!isSafeHttpsLink(link)) throw new AppError('PRT_NOT_FOUND');
  const param = encryptSurveyParam(key, { email: input.emailAdr, qtn: questionnaire.lgcSn, ts: Date.now() });
  const url = new URL(link);
  url.searchParams.set('param', param);
  return { lgcSn: questionnaire.lgcSn, qtnLnkAdr: url.toString() };
}

/**
 * Credentials for a partner page: the configured app id, a token the partner verifies with the
 * shared secret — base64url(JSON {sub: user lgcSn, exp: seconds}) + "." + base64url(HMAC-SHA256) —
 * and a fresh 128-bit key for that page's payload. PRT_NOT_FOUND when not configured.
 */
export function issueTransKey(config: Config, user: SessionUser, now = Date.now()): TTransKey {
  const forward = config.content.pageForward;
  if (!forward) throw new AppError('PRT_NOT_FOUND');
  const claims = Buffer.from(
    JSON.stringify({ sub: user.lgcSn, exp: Math.floor(now / 1000) + TRANS_TOKEN_SECONDS }),
  ).toString('base64url');
  const signature = createHmac('sha256', forward.secret).update(claims).digest('base64url');
  return { appId: forward.appId, token: `${claims}.${signature}`, sm4: randomBytes(16).toString('hex') };
}
