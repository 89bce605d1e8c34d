import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { itOnPostgres } from '../../test/postgres-only.ts';
import { CODE_ALPHABET } from './codes.ts';
import { AppError } from './errors.ts';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  type CodePurpose,
  checkVerificationCode,
  issuedCodesKey,
  issueVerificationCode,
} from './verification-codes.ts';

const { db } = await createTestDatabase();

const t0 = new Date('2030-05-01T12:00:00.000Z');
const after = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
let mailbox = 0;
/** A fresh address per case, so cases do not share codes. */
const newEmail = () => `user${++mailbox}@bank.example`;

const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      return { code: error.code, params: error.params };
    },
  );

/** A code other than `code` from the same alphabet. */
const wrongFor = (code: string) => (code[0] === '2' ? '3' : '2') + code.slice(1);

async function attemptsOf(email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('verificationCode')
    .select('attempts')
    .where('email', '=', email)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.attempts);
}

describe('constants', () => {
  it('follow SPEC §9: resend after 60 s, valid 10 minutes, 5 tries', () => {
    expect([CODE_RESEND_SECONDS, CODE_TTL_MINUTES, CODE_MAX_ATTEMPTS]).toEqual([60, 10, 5]);
  });
});

describe('issueVerificationCode', () => {
  it('issues 4 characters without look-alikes and stores only their hash', async () => {
    const email = newEmail();
    const issued = await issueVerificationCode(db, { email, purpose: 'register', now: t0 });
    expect(issued.resendAfterSeconds).toBe(60);
    expect(issued.code).toHaveLength(4);
    expect([...issued.code].every((c) => CODE_ALPHABET.includes(c))).toBe(true);
    const row = await db
      .selectFrom('verificationCode')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row)).not.toContain(issued.code);
    expect(new Date(row.expiresAt).getTime() - t0.getTime()).toBe(10 * 60_000);
  });

  it.each([
    [1, 59],
    [30, 30],
    [59, 1],
  ])('refuses a new code %i s after the previous one (wait %i s)', async (elapsed, wait) => {
    const email = newEmail();
    await issueVerificationCode(db, { email, purpose: 'login', now: t0 });
    expect(await errorOf(issueVerificationCode(db, { email, purpose: 'login', now: after(elapsed) }))).toEqual({
      code: 'PRT_RESEND_TOO_SOON',
      params: { seconds: wait },
    });
  });

  it('issues a new code 60 s after the previous one and retires the old one', async () => {
    const email = newEmail();
    const first = await issueVerificationCode(db, { email, purpose: 'login', now: t0 });
    const second = await issueVerificationCode(db, { email, purpose: 'login', now: after(60) });
    // (1 in a million: both codes the same, and the old one would pass as the new one.)
    const old = await errorOf(
      checkVerificationCode(db, { email, purpose: 'login', code: first.code, consume: false, now: after(61) }),
    );
    expect(old?.code ?? (first.code === second.code ? 'same code' : null)).toMatch(/PRT_CODE_INCORRECT|same code/);
    await checkVerificationCode(db, { email, purpose: 'login', code: second.code, consume: false, now: after(61) });
    const consumed = await db
      .selectFrom('verificationCode')
      .select('consumedAt')
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(consumed.map((r) => r.consumedAt !== null)).toEqual([true, false]);
  });

  it('keeps the 60 s clock per purpose and ignores the case of the address', async () => {
    const email = newEmail();
    await issueVerificationCode(db, { email: email.toUpperCase(), purpose: 'login', now: t0 });
    expect((await errorOf(issueVerificationCode(db, { email, purpose: 'login', now: after(5) })))?.code).toBe(
      'PRT_RESEND_TOO_SOON',
    );
    expect(await errorOf(issueVerificationCode(db, { email, purpose: 'reset', now: after(5) }))).toBeNull();
  });

  itOnPostgres('lets only one of two simultaneous requests through', async () => {
    const email = newEmail();
    const results = await Promise.allSettled([
      issueVerificationCode(db, { email, purpose: 'register' }),
      issueVerificationCode(db, { email, purpose: 'register' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await attemptsOf(email)).toHaveLength(1);
  });
});

describe('issueVerificationCode with an allowance (issue 15)', () => {
  const allowance = { limit: 2, windowSeconds: 86_400 };
  const counted = async (purpose: CodePurpose, email: string) =>
    (
      await db
        .selectFrom('rateLimitCounter')
        .select('count')
        .where('key', '=', issuedCodesKey(purpose, email))
        .executeTakeFirst()
    )?.count ?? 0;

  it('counts only issued codes: refused resends and refusals over the allowance do not', async () => {
    const email = newEmail();
    const answers: string[] = [];
    for (const second of [0, 10, 30, 59, 60, 70, 120, 180, 240]) {
      const error = await errorOf(
        issueVerificationCode(db, { email, purpose: 'reset', allowance, now: after(second) }),
      );
      answers.push(error?.code ?? 'issued');
    }
    expect(answers).toEqual([
      'issued',
      'PRT_RESEND_TOO_SOON',
      'PRT_RESEND_TOO_SOON',
      'PRT_RESEND_TOO_SOON',
      'issued',
      'PRT_RESEND_TOO_SOON',
      'PRT_RATE_LIMITED',
      'PRT_RATE_LIMITED',
      'PRT_RATE_LIMITED',
    ]);
    expect(await counted('reset', email)).toBe(2);
    expect(await attemptsOf(email)).toHaveLength(2);
  });

  it('keeps one allowance per purpose and address, whatever the case of the address', async () => {
    const email = newEmail();
    for (const second of [0, 60])
      await issueVerificationCode(db, { email, purpose: 'reset', allowance, now: after(second) });
    const over = await errorOf(
      issueVerificationCode(db, { email: email.toUpperCase(), purpose: 'reset', allowance, now: after(120) }),
    );
    expect(over?.code).toBe('PRT_RATE_LIMITED');
    expect(
      await errorOf(issueVerificationCode(db, { email, purpose: 'login', allowance, now: after(120) })),
    ).toBeNull();
    expect(
      await errorOf(issueVerificationCode(db, { email, purpose: 'register', allowance, now: after(120) })),
    ).toBeNull();
    expect([await counted('reset', email), await counted('login', email), await counted('register', email)]).toEqual([
      2, 1, 1,
    ]);
  });
});

/** How a step types the code, given the code that was sent. */
const right = (code: string) => code;
const lowerWithSpaces = (code: string) => ` ${code.toLowerCase()} `;
const wrong = wrongFor;
const literally = (text: string) => () => text;

type Step = { typed: (code: string) => string; at?: number; consume?: boolean; expect: string | null };

describe('checkVerificationCode', () => {
  const cases: Array<[string, Step[]]> = [
    ['accepts the right code', [{ typed: right, expect: null }]],
    ['accepts it in lower case with spaces around', [{ typed: lowerWithSpaces, expect: null }]],
    ['refuses an empty code', [{ typed: literally(''), expect: 'PRT_CODE_EMPTY' }]],
    ['refuses a code of spaces as empty', [{ typed: literally('   '), expect: 'PRT_CODE_EMPTY' }]],
    ['refuses a wrong code as incorrect', [{ typed: wrong, expect: 'PRT_CODE_INCORRECT' }]],
    ['accepts the code 1 s before 10 minutes', [{ typed: right, at: 599, expect: null }]],
    ['refuses the code at 10 minutes as expired', [{ typed: right, at: 600, expect: 'PRT_CODE_EXPIRED' }]],
    ['refuses a wrong code after expiry as expired', [{ typed: wrong, at: 900, expect: 'PRT_CODE_EXPIRED' }]],
    [
      'uses the code up when asked to consume it',
      [
        { typed: right, consume: true, expect: null },
        { typed: right, expect: 'PRT_CODE_EXPIRED' },
      ],
    ],
    [
      'leaves the code usable when not consuming',
      [
        { typed: right, consume: false, expect: null },
        { typed: right, consume: true, expect: null },
      ],
    ],
    [
      'still accepts the right code after 4 wrong ones',
      [
        ...Array.from({ length: 4 }, () => ({ typed: wrong, expect: 'PRT_CODE_INCORRECT' })),
        { typed: right, expect: null },
      ],
    ],
    [
      'kills the code after 5 wrong ones',
      [
        ...Array.from({ length: 5 }, () => ({ typed: wrong, expect: 'PRT_CODE_INCORRECT' })),
        { typed: right, expect: 'PRT_CODE_EXPIRED' },
        { typed: wrong, expect: 'PRT_CODE_EXPIRED' },
      ],
    ],
  ];

  it.each(cases)('%s', async (_name, steps) => {
    const email = newEmail();
    const { code } = await issueVerificationCode(db, { email, purpose: 'login', now: t0 });
    for (const step of steps) {
      const result = await errorOf(
        checkVerificationCode(db, {
          email,
          purpose: 'login',
          code: step.typed(code),
          consume: step.consume ?? true,
          now: after(step.at ?? 30),
        }),
      );
      expect(result?.code ?? null).toBe(step.expect);
    }
  });

  it('counts each wrong try in the database', async () => {
    const email = newEmail();
    const { code } = await issueVerificationCode(db, { email, purpose: 'reset', now: t0 });
    for (let i = 0; i < 2; i++) {
      await errorOf(
        checkVerificationCode(db, { email, purpose: 'reset', code: wrongFor(code), consume: true, now: after(1) }),
      );
    }
    expect(await attemptsOf(email)).toEqual([2]);
  });

  it('refuses when no code was ever issued', async () => {
    expect(
      (await errorOf(checkVerificationCode(db, { email: newEmail(), purpose: 'login', code: 'ABCD', consume: true })))
        ?.code,
    ).toBe('PRT_CODE_EXPIRED');
  });

  it.each([
    ['register', 'login'],
    ['login', 'reset'],
  ] as Array<[CodePurpose, CodePurpose]>)('does not accept a %s code for %s', async (issued, checked) => {
    const email = newEmail();
    const { code } = await issueVerificationCode(db, { email, purpose: issued, now: t0 });
    expect(
      (await errorOf(checkVerificationCode(db, { email, purpose: checked, code, consume: true, now: after(1) })))?.code,
    ).toBe('PRT_CODE_EXPIRED');
  });

  itOnPostgres('compares no more than 5 of many simultaneous wrong tries', async () => {
    const email = newEmail();
    const { code } = await issueVerificationCode(db, { email, purpose: 'login' });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        errorOf(checkVerificationCode(db, { email, purpose: 'login', code: wrongFor(code), consume: true })),
      ),
    );
    expect(results.filter((r) => r?.code === 'PRT_CODE_INCORRECT')).toHaveLength(5);
    expect(results.filter((r) => r?.code === 'PRT_CODE_EXPIRED')).toHaveLength(5);
    expect(await attemptsOf(email)).toEqual([5]);
  });
});
