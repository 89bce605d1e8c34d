/**
 * E-mail verification codes (SPEC §5, §9): 4 characters, a new one at most every 60 s per
 * address and purpose, valid 10 minutes, dead after 5 wrong tries, used once.
 * Only the SHA-256 of the code is stored.
 *
 * checkVerificationCode records a wrong try and then throws: call it with the root `db`, not
 * inside a transaction that the error rolls back, or the try is not counted.
 */

import type { Locale } from '@portal/shared';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { normalizeCode, randomCode, sameDigest, sha256Hex } from './codes.ts';
import { AppError } from './errors.ts';
import { enqueueMail } from './mail/outbox.ts';
import type { MailBrand } from './mail/templates.ts';
import { hitRateLimit, type RateLimit } from './rate-limit.ts';

/**
 * What a code is for. Codes that confirm an act on one thing name it, so a code sent to cancel
 * one seal (or sign one contract) cannot do it to another: `sealCancel:<seal lgcSn>`,
 * `contractSign:<contract lgcSn>`.
 */
export type CodePurpose = 'register' | 'login' | 'reset' | `sealCancel:${string}` | `contractSign:${string}`;
/** The kind of a purpose, without the thing it names (what the e-mail says the code is for). */
export type CodeKind = 'register' | 'login' | 'reset' | 'sealCancel' | 'contractSign';
export const codeKindOf = (purpose: CodePurpose): CodeKind => purpose.split(':')[0] as CodeKind;

export const CODE_LENGTH = 4;
export const CODE_RESEND_SECONDS = 60;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;

const codeHash = (code: string) => sha256Hex(normalizeCode(code));
const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Runs `work` in a transaction, or in the caller's when `db` already is one. */
async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The rate-limit key of the codes issued to an address for a purpose (its allowance). */
export const issuedCodesKey = (purpose: CodePurpose, email: string) =>
  `email-code:issued:${purpose}:${normalizeEmail(email)}`;

/**
 * Issues a new code for an address and purpose and retires any earlier one.
 * Throws PRT_RESEND_TOO_SOON (with the seconds left) within 60 s of the previous code.
 * With `allowance`, the code counts toward the address's allowance for that purpose
 * (`issuedCodesKey`), and over it the call throws PRT_RATE_LIMITED. Only issued codes count:
 * a refused request (too soon, or over the allowance) leaves the count as it was.
 */
export async function issueVerificationCode(
  db: Db,
  {
    email,
    purpose,
    allowance,
    now = new Date(),
  }: { email: string; purpose: CodePurpose; allowance?: RateLimit; now?: Date },
): Promise<{ code: string; resendAfterSeconds: number }> {
  const address = normalizeEmail(email);
  return inTransaction(db, async (trx) => {
    // Two simultaneous requests for one address must not both pass the 60 s check (nor both
    // take the last code of the allowance).
    await sql`select pg_advisory_xact_lock(hashtextextended(${`verification-code:${purpose}:${address}`}, 0))`.execute(
      trx,
    );
    const previous = await trx
      .selectFrom('verificationCode')
      .select('createdAt')
      .where('email', '=', address)
      .where('purpose', '=', purpose)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (previous) {
      const elapsedMs = now.getTime() - new Date(previous.createdAt).getTime();
      const waitSeconds = Math.ceil((CODE_RESEND_SECONDS * 1000 - elapsedMs) / 1000);
      if (waitSeconds > 0) throw new AppError('PRT_RESEND_TOO_SOON', { seconds: waitSeconds });
    }
    if (allowance) {
      // Counted inside the transaction: when this refuses, the error rolls the count back.
      const hit = await hitRateLimit(trx, { key: issuedCodesKey(purpose, address), ...allowance, now });
      if (!hit.allowed) throw new AppError('PRT_RATE_LIMITED', { seconds: hit.retryAfterSeconds });
    }
    await trx
      .updateTable('verificationCode')
      .set({ consumedAt: now })
      .where('email', '=', address)
      .where('purpose', '=', purpose)
      .where('consumedAt', 'is', null)
      .execute();
    const code = randomCode(CODE_LENGTH);
    await trx
      .insertInto('verificationCode')
      .values({
        email: address,
        purpose,
        codeHash: codeHash(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
      })
      .execute();
    return { code, resendAfterSeconds: CODE_RESEND_SECONDS };
  });
}

/**
 * Checks a code typed by the user (case and surrounding spaces do not matter); with `consume`
 * the code is used up on success. Throws PRT_CODE_EMPTY, PRT_CODE_EXPIRED (none live, expired,
 * or too many wrong tries) or PRT_CODE_INCORRECT (and counts the try).
 */
export async function checkVerificationCode(
  db: Db,
  {
    email,
    purpose,
    code,
    consume,
    now = new Date(),
  }: { email: string; purpose: CodePurpose; code: string; consume: boolean; now?: Date },
): Promise<void> {
  if (!code.trim()) throw new AppError('PRT_CODE_EMPTY');
  const address = normalizeEmail(email);
  const failure = await inTransaction(db, async (trx) => {
    // The row lock makes concurrent tries queue up, so no more than 5 are ever compared.
    const live = await trx
      .selectFrom('verificationCode')
      .select(['id', 'codeHash', 'attempts', 'expiresAt'])
      .where('email', '=', address)
      .where('purpose', '=', purpose)
      .where('consumedAt', 'is', null)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!live || new Date(live.expiresAt) <= now || live.attempts >= CODE_MAX_ATTEMPTS) {
      return 'PRT_CODE_EXPIRED' as const;
    }
    if (!sameDigest(live.codeHash, codeHash(code))) {
      await trx
        .updateTable('verificationCode')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', live.id)
        .execute();
      return 'PRT_CODE_INCORRECT' as const;
    }
    if (consume) await trx.updateTable('verificationCode').set({ consumedAt: now }).where('id', '=', live.id).execute();
    return null;
  });
  // Thrown after the transaction has committed, so the wrong try stays counted.
  if (failure) throw new AppError(failure);
}

/** Deletes codes that expired before `olderThan`. Returns rows deleted. */
export async function pruneVerificationCodes(db: Db, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('verificationCode').where('expiresAt', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many codes confirming one act (a seal's cancellation, a contract's signature) an address gets an hour. */
const ACT_CODE_ALLOWANCE: RateLimit = { limit: 10, windowSeconds: 3600 };

/**
 * Issues the code that confirms a signed-in user's act on one thing (`sealCancel:…`,
 * `contractSign:…`) and queues the mail that carries it, in the caller's transaction.
 */
export async function mailActCode(
  trx: Db,
  { email, locale, purpose, brand }: { email: string; locale: Locale; purpose: CodePurpose; brand: MailBrand },
): Promise<{ resendAfterSeconds: number }> {
  const { code, resendAfterSeconds } = await issueVerificationCode(trx, {
    email,
    purpose,
    allowance: ACT_CODE_ALLOWANCE,
  });
  await enqueueMail(
    trx,
    {
      to: email,
      locale,
      template: 'emailCode',
      params: { code, purpose: codeKindOf(purpose), minutes: CODE_TTL_MINUTES },
    },
    brand,
  );
  return { resendAfterSeconds };
}
