import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { itOnPostgres } from '../../test/postgres-only.ts';
import { CAPTCHA_TTL_MINUTES, consumeCaptcha, issueCaptcha, pruneCaptchas } from './captcha.ts';
import { CODE_ALPHABET } from './codes.ts';

const { db } = await createTestDatabase();
const t0 = new Date('2030-05-01T12:00:00.000Z');
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('issueCaptcha', () => {
  it('draws 4 characters without look-alikes as an SVG data URL of 120 × 40', async () => {
    const { verifyCodeTraceId, base64Image, answer } = await issueCaptcha(db);
    expect(verifyCodeTraceId).toMatch(/^[0-9a-f]{32}$/);
    expect(answer).toMatch(/^[2-9A-HJ-NP-Z]{4}$/);
    expect(base64Image.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(base64Image.slice('data:image/svg+xml;base64,'.length), 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*width="120" height="40"/);
    expect(svg).not.toContain(answer); // drawn as paths, not text
  });

  it('stores only a hash of the answer, with a 5-minute expiry', async () => {
    const { verifyCodeTraceId, answer } = await issueCaptcha(db, { now: t0 });
    const row = await db
      .selectFrom('captcha')
      .selectAll()
      .where('traceId', '=', verifyCodeTraceId)
      .executeTakeFirstOrThrow();
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row)).not.toContain(answer);
    expect(new Date(row.expiresAt).getTime() - t0.getTime()).toBe(CAPTCHA_TTL_MINUTES * 60_000);
  });

  it('draws different answers from the whole alphabet', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => issueCaptcha(db).then((c) => c.answer)));
    expect(new Set(answers).size).toBeGreaterThan(25);
    expect([...answers.join('')].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    expect(CODE_ALPHABET).not.toMatch(/[0O1Il]/);
  });
});

describe('consumeCaptcha', () => {
  it('accepts the right answer once', async () => {
    const { verifyCodeTraceId, answer } = await issueCaptcha(db);
    expect(await consumeCaptcha(db, verifyCodeTraceId, answer)).toBe(true);
    expect(await consumeCaptcha(db, verifyCodeTraceId, answer)).toBe(false);
  });

  it('ignores letter case and surrounding spaces', async () => {
    const { verifyCodeTraceId, answer } = await issueCaptcha(db);
    expect(await consumeCaptcha(db, verifyCodeTraceId, `  ${answer.toLowerCase()} `)).toBe(true);
  });

  it('uses the code up on a wrong answer, so the image cannot be guessed again', async () => {
    const { verifyCodeTraceId, answer } = await issueCaptcha(db);
    const wrong = answer === 'AAAA' ? 'BBBB' : 'AAAA';
    expect(await consumeCaptcha(db, verifyCodeTraceId, wrong)).toBe(false);
    expect(await consumeCaptcha(db, verifyCodeTraceId, answer)).toBe(false);
  });

  it('refuses an expired code and accepts one just before expiry', async () => {
    const expired = await issueCaptcha(db, { now: t0 });
    expect(await consumeCaptcha(db, expired.verifyCodeTraceId, expired.answer, { now: later(300) })).toBe(false);
    const fresh = await issueCaptcha(db, { now: t0 });
    expect(await consumeCaptcha(db, fresh.verifyCodeTraceId, fresh.answer, { now: later(299) })).toBe(true);
  });

  it('refuses an unknown trace id', async () => {
    expect(await consumeCaptcha(db, 'f'.repeat(32), 'ABCD')).toBe(false);
  });

  itOnPostgres('lets only one of two simultaneous right answers through', async () => {
    const { verifyCodeTraceId, answer } = await issueCaptcha(db);
    const results = await Promise.all([
      consumeCaptcha(db, verifyCodeTraceId, answer),
      consumeCaptcha(db, verifyCodeTraceId, answer),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('pruneCaptchas', () => {
  it('deletes expired codes only', async () => {
    const old = await issueCaptcha(db, { now: later(-3600) });
    const live = await issueCaptcha(db, { now: t0 });
    await pruneCaptchas(db, t0);
    const left = await db
      .selectFrom('captcha')
      .select('traceId')
      .where('traceId', 'in', [old.verifyCodeTraceId, live.verifyCodeTraceId])
      .execute();
    expect(left.map((r) => r.traceId)).toEqual([live.verifyCodeTraceId]);
  });
});
