/**
 * Picture codes (captcha): an SVG image of 4 characters, answered once within 5 minutes.
 * Only the SHA-256 of the lower-cased answer is stored; the trace id ties the answer to the image.
 */
import type svgCaptcha from 'svg-captcha';
import type { Db } from '../db/database.ts';
import { randomCode, randomHex, sameDigest, sha256Hex } from './codes.ts';

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MINUTES = 5;

// svg-captcha's default export draws a given text (its own text generator uses Math.random,
// so we draw the answer ourselves from the CSPRNG). Its typings omit that export. Loaded with the
// first picture code, not at start (its font: ~2 MB of heap; docs/decisions/0023).
type DrawCaptcha = (text: string, options: svgCaptcha.ConfigObject) => string;
let drawCaptcha: Promise<DrawCaptcha> | undefined;
const loadDrawCaptcha = () =>
  (drawCaptcha ??= import('svg-captcha').then((module) => module.default as unknown as DrawCaptcha));

const IMAGE_OPTIONS = { size: CAPTCHA_LENGTH, noise: 2, width: 120, height: 40, fontSize: 44 };

const answerHash = (answer: string) => sha256Hex(answer.trim().toLowerCase());

export type IssuedCaptcha = { verifyCodeTraceId: string; base64Image: string; answer: string };

/** Draws a new picture code and stores its answer's hash. `answer` must never reach the client. */
export async function issueCaptcha(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<IssuedCaptcha> {
  const answer = randomCode(CAPTCHA_LENGTH);
  const svg = (await loadDrawCaptcha())(answer, IMAGE_OPTIONS);
  const verifyCodeTraceId = randomHex(16);
  await db
    .insertInto('captcha')
    .values({
      traceId: verifyCodeTraceId,
      answerHash: answerHash(answer),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MINUTES * 60_000),
    })
    .execute();
  return {
    verifyCodeTraceId,
    base64Image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    answer,
  };
}

/**
 * Checks an answer and uses the picture code up, right or wrong, so a wrong guess cannot be
 * retried against the same image. Case and surrounding spaces do not matter.
 */
export async function consumeCaptcha(
  db: Db,
  traceId: string,
  answer: string,
  { now = new Date() }: { now?: Date } = {},
): Promise<boolean> {
  // One statement claims the row: of two concurrent answers only one finds it unconsumed.
  const row = await db
    .updateTable('captcha')
    .set({ consumedAt: now })
    .where('traceId', '=', traceId)
    .where('consumedAt', 'is', null)
    .returning(['answerHash', 'expiresAt'])
    .executeTakeFirst();
  if (!row || new Date(row.expiresAt) <= now) return false;
  return sameDigest(row.answerHash, answerHash(answer));
}

/** Deletes picture codes that expired before `now`. Returns rows deleted. */
export async function pruneCaptchas(db: Db, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom('captcha').where('expiresAt', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
