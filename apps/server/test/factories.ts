/**
 * Test factories: institutions, users and sessions written straight to the database, so a test
 * states only what matters to it (outline's buildUser()).
 */

import { randomUUID } from 'node:crypto';
import { ROLE } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import type { Activation } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { createSession, SESSION_COOKIE } from '../src/platform/session.ts';

export const TEST_PASSWORD = 'Trade#2026x';

/** The answers to five wrong passwords in a row for one address: the fifth locks it. */
export const FIVE_FAILED_LOG_INS = [
  'PRT_LOGIN_FAILED',
  'PRT_LOGIN_FAILED',
  'PRT_LOGIN_FAILED',
  'PRT_LOGIN_FAILED',
  'PRT_ACCOUNT_LOCKED',
];

let letterCounter = Math.floor(Math.random() * 26 ** 4);
/** Five upper-case letters, different on every call within a run (SWIFT codes, names). */
function uniqueLetters(): string {
  letterCounter += 1;
  let n = letterCounter;
  let out = '';
  for (let i = 0; i < 5; i++) {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26);
  }
  return out;
}
let testPasswordHash: Promise<string> | undefined;

export async function buildInstitution(
  db: Db,
  overrides: { name?: string; swiftCode?: string; country?: string } = {},
) {
  const suffix = uniqueLetters();
  return db
    .insertInto('institution')
    .values({
      lgcSn: randomUUID(),
      name: overrides.name ?? `Test Bank ${suffix}`,
      swiftCode: overrides.swiftCode ?? `T${suffix}HK`,
      kind: 'partner',
      country: overrides.country ?? 'HK',
      continent: 'ASIA',
    })
    .returning(['id', 'lgcSn', 'name', 'swiftCode'])
    .executeTakeFirstOrThrow();
}

/** The bank's own institution (kind `bank`, in CN), as the bank-side tests need it. */
export async function buildBank(db: Db, overrides: { lgcSn?: string; name?: string; swiftCode?: string } = {}) {
  return db
    .insertInto('institution')
    .values({
      lgcSn: overrides.lgcSn ?? randomUUID(),
      name: overrides.name ?? 'The Bank',
      swiftCode: overrides.swiftCode ?? 'THEBCNBJ',
      kind: 'bank',
      country: 'CN',
      continent: 'ASIA',
    })
    .returning(['id', 'lgcSn', 'swiftCode'])
    .executeTakeFirstOrThrow();
}

export type UserOverrides = {
  email?: string;
  name?: string;
  activation?: Activation;
  roles?: string[];
  institutionId?: number;
  status?: 'active' | 'stopped';
  forcePasswordChange?: boolean;
  passwordResetRequired?: boolean;
  agreementAccepted?: boolean;
  profileComplete?: boolean;
  locale?: 'en-US' | 'zh-CN';
  interestedTypes?: string[];
};

export async function buildUser(db: Db, overrides: UserOverrides = {}) {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const institutionId = overrides.institutionId ?? (await buildInstitution(db)).id;
  return db
    .insertInto('appUser')
    .values({
      lgcSn: randomUUID(),
      email: overrides.email ?? `user-${randomUUID().slice(0, 8)}@bank.example`,
      passwordHash: await testPasswordHash,
      name: overrides.name ?? 'Test User',
      phone: '+852 1234 5678',
      institutionId,
      roleCodes: sql<string[]>`${overrides.roles ?? [ROLE.general]}::text[]`,
      activation: overrides.activation ?? '1',
      status: overrides.status ?? 'active',
      forcePasswordChange: overrides.forcePasswordChange ?? false,
      passwordResetRequired: overrides.passwordResetRequired ?? false,
      agreementAccepted: overrides.agreementAccepted ?? true,
      profileComplete: overrides.profileComplete ?? true,
      locale: overrides.locale ?? 'en-US',
      profile: JSON.stringify({}),
      interestedTypes: sql<string[]>`${overrides.interestedTypes ?? []}::text[]`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A session cookie for the user, as if they had logged in. */
export async function sessionCookie(db: Db, userId: number): Promise<string> {
  const token = await createSession(db, userId, { absoluteMs: 3_600_000 });
  return `${SESSION_COOKIE}=${token}`;
}

/** A picture code and its answer, through the test-mode header (each from a client address of its own). */
export async function solveCaptcha(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/user/p1/getVerifyCode', remoteAddress: nextIp() });
  return {
    verifyCodeTraceId: res.json().data.verifyCodeTraceId as string,
    verifyCode: String(res.headers['x-test-captcha-answer']),
  };
}

/** The 4-character code of a verification e-mail ("Verification code: AB3K", "验证码：AB3K"). */
/** POST /api/fileP1/upload: one file as the browser sends it, from a fresh client address. */
export function uploadFile(
  app: FastifyInstance,
  headers: Record<string, string>,
  file: { purpose: string; name: string; data: Uint8Array; type?: string },
) {
  const form = new FormData();
  form.append('purpose', file.purpose);
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return app.inject({ method: 'POST', url: '/api/fileP1/upload', remoteAddress: nextIp(), headers, payload: form });
}

export function codeIn(text: string): string | undefined {
  return /(?:code|验证码)\s*[:：]\s*([A-Z2-9]{4})\b/i.exec(text)?.[1];
}

/** The newest e-mail queued for an address, and the 4-character code in it if any. */
export async function lastMailTo(db: Db, to: string) {
  const row = await db
    .selectFrom('mailOutbox')
    .selectAll()
    .where('toAddress', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = row ? codeIn(row.textBody) : undefined;
  return { mail: row, code };
}

let ipCounter = 0;
/** A client address of its own, so per-address rate limits do not couple unrelated tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * Logs in through the API as the browser does: picture code and password; when the server asks
 * for an e-mail code (a browser new to the account, or after 3 failures), asks for the log-in
 * code with the password and a new picture code, reads it from the outbox and logs in with it.
 * Returns the last answer (the log-in's, or the refusal that stopped it).
 */
export async function logInThroughApi(
  app: FastifyInstance,
  db: Db,
  email: string,
  pwd: string = TEST_PASSWORD,
  { ip = nextIp(), cookie }: { ip?: string; cookie?: string } = {},
) {
  const post = async (url: string, payload: object) =>
    app.inject({ method: 'POST', url, remoteAddress: ip, ...(cookie ? { headers: { cookie } } : {}), payload });
  const first = await post('/api/user/p1/login', { emailAdr: email, pwd, ...(await solveCaptcha(app)) });
  if (first.json().code !== 'PRT_EMAIL_CODE_REQUIRED') return first;
  const sent = await post('/api/user/p1/getEmailCode', {
    emailAdr: email,
    emailType: '3',
    pwd,
    ...(await solveCaptcha(app)),
  });
  if (sent.statusCode !== 200) return sent;
  const { code } = await lastMailTo(db, email.trim().toLowerCase());
  return post('/api/user/p1/login', { emailAdr: email, pwd, emailCode: code, ...(await solveCaptcha(app)) });
}
