import { ROLE } from '@portal/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  buildUser,
  FIVE_FAILED_LOG_INS,
  lastMailTo,
  logInThroughApi,
  nextIp,
  sessionCookie,
  solveCaptcha,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { buildTestApp, inOneRateWindow, testConfig } from '../../../test/helpers.ts';
import { askEmailCode } from '../../../test/registration.ts';
import { buildApp } from '../../app.ts';
import { RATE_LIMITS } from '../../platform/rate-limit.ts';

const { app, database } = await buildTestApp({ CAPTCHA_TEST_MODE: 'true' });
const db = database.db;

type Extra = { emailCode?: string; cookie?: string; ip?: string };

async function tryLogin(email: string, pwd: string, extra: Extra = {}) {
  const captcha = await solveCaptcha(app);
  return app.inject({
    method: 'POST',
    url: '/api/user/p1/login',
    headers: { ...(extra.cookie ? { cookie: extra.cookie } : {}) },
    remoteAddress: extra.ip ?? nextIp(),
    payload: { emailAdr: email, pwd, ...captcha, ...(extra.emailCode ? { emailCode: extra.emailCode } : {}) },
  });
}

const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

async function precheck(email: string, extra: { cookie?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/user/p1/queryLoginEmailFlag',
    remoteAddress: extra.ip ?? nextIp(),
    ...(extra.cookie ? { headers: { cookie: extra.cookie } } : {}),
    payload: { emailAdr: email },
  });
}

/** Asks for a log-in code as the log-in dialog does: with the password and a picture code. */
async function askLoginCode(email: string, pwd = TEST_PASSWORD, extra: { cookie?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/user/p1/getEmailCode',
    remoteAddress: extra.ip ?? nextIp(),
    ...(extra.cookie ? { headers: { cookie: extra.cookie } } : {}),
    payload: { emailAdr: email, emailType: '3', pwd, ...(await solveCaptcha(app)) },
  });
}

/** Moves an address's e-mail codes a minute into the past, as if the resend wait had passed. */
async function waitOutResend(email: string) {
  await db
    .updateTable('verificationCode')
    .set({ createdAt: sql<Date>`created_at - interval '61 seconds'` })
    .where('email', '=', email)
    .execute();
}

/** Logs in (e-mail code included) and returns the browser's device cookie, now known to the account. */
async function knownDevice(email: string): Promise<string> {
  const res = await logInThroughApi(app, db, email);
  expect(res.statusCode).toBe(200);
  return `portal_device=${cookieOf(res, 'portal_device')}`;
}

describe('POST /api/user/p1/login', () => {
  it('logs in with the right password, picture code and e-mail code, and the session shows the user', async () => {
    const user = await buildUser(db, { email: 'ok@bank.example', name: 'Olivia Ok' });
    const res = await logInThroughApi(app, db, 'OK@bank.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      lgcSn: user.lgcSn,
      usrNm: 'Olivia Ok',
      actvtInd: '1',
      rlTpcd: [ROLE.general],
    });
    const sid = res.cookies.find((c) => c.name === 'portal_sid');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const detail = await app.inject({
      method: 'GET',
      url: '/api/user/p1/detail',
      headers: { cookie: `portal_sid=${sid?.value}` },
    });
    expect(detail.json().data.emailAdr).toBe('ok@bank.example');
    expect(JSON.stringify(detail.json())).not.toMatch(/passwordHash|password_hash|argon2/);
  });

  it('answers firstLogin false to a log-in after the first', async () => {
    await buildUser(db, { email: 'newcomer@bank.example' });
    const device = await knownDevice('newcomer@bank.example');
    const again = await tryLogin('newcomer@bank.example', TEST_PASSWORD, { cookie: device });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.firstLogin).toBe(false);
  });

  it('answers firstLogin true to an account that never logged in', async () => {
    await buildUser(db, { email: 'firsttime@bank.example' });
    const res = await logInThroughApi(app, db, 'firsttime@bank.example');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.firstLogin).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail with the same message', async () => {
    await buildUser(db, { email: 'known@bank.example' });
    const wrong = await tryLogin('known@bank.example', 'Wrong#2026x');
    const unknown = await tryLogin('nobody@bank.example', 'Wrong#2026x');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('PRT_LOGIN_FAILED');
  });

  it('refuses a wrong picture code, and a picture code works only once', async () => {
    await buildUser(db, { email: 'captcha@bank.example' });
    const captcha = await solveCaptcha(app);
    const payload = { emailAdr: 'captcha@bank.example', pwd: TEST_PASSWORD, ...captcha };
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/p1/login',
      payload: { ...payload, verifyCode: 'ZZZZ' },
    });
    expect(wrong.json().code).toBe('PRT_CAPTCHA_INCORRECT');
    // The wrong guess used it up: the right answer no longer works on that picture.
    const retry = await app.inject({ method: 'POST', url: '/api/user/p1/login', payload });
    expect(retry.json().code).toBe('PRT_CAPTCHA_INCORRECT');
  });

  it('makes browsers new to the account wait after 5 failures in a row, even with the right password', async () => {
    await buildUser(db, { email: 'lock@bank.example' });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await tryLogin('lock@bank.example', 'Wrong#2026x', { ip: `10.2.0.${i}` })).json().code);
    expect(codes).toEqual(FIVE_FAILED_LOG_INS);
    const right = await tryLogin('lock@bank.example', TEST_PASSWORD, { ip: '10.2.1.1' });
    expect(right.statusCode).toBe(429);
    expect(right.json().code).toBe('PRT_ACCOUNT_LOCKED');
    expect(right.json().message).toMatch(/try again from this browser in 1 min/);
    const audit = await db
      .selectFrom('auditLog')
      .select('action')
      .where('actorEmail', '=', 'lock@bank.example')
      .execute();
    expect(audit.map((a) => a.action)).toContain('auth.locked');
    // Once the wait is over, each further failure doubles it.
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      await db
        .updateTable('loginFailure')
        .set({ lockedUntil: new Date() })
        .where('email', '=', 'lock@bank.example')
        .execute();
      waits.push(/in (\d+) min/.exec((await tryLogin('lock@bank.example', 'Wrong#2026x')).json().message)?.[1] ?? '');
    }
    expect(waits).toEqual(['2', '4', '8']);
  });

  it('asks a known browser for an e-mail code after 3 failures, and accepts the e-mailed one', async () => {
    await buildUser(db, { email: 'code@bank.example' });
    const cookie = await knownDevice('code@bank.example');
    expect((await precheck('code@bank.example', { cookie })).json().data).toEqual({ flag: '0' });
    for (let i = 0; i < 3; i++) await tryLogin('code@bank.example', 'Wrong#2026x', { cookie });
    expect((await precheck('code@bank.example', { cookie })).json().data).toEqual({ flag: '1' });
    const without = await tryLogin('code@bank.example', TEST_PASSWORD, { cookie });
    expect(without.json().code).toBe('PRT_EMAIL_CODE_REQUIRED');
    await waitOutResend('code@bank.example');
    const sent = await askLoginCode('code@bank.example', TEST_PASSWORD, { cookie });
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60 });
    const { code } = await lastMailTo(db, 'code@bank.example');
    expect(code).toMatch(/^[A-Z2-9]{4}$/);
    const wrongCode = await tryLogin('code@bank.example', TEST_PASSWORD, {
      cookie,
      emailCode: code === 'AAAA' ? 'BBBB' : 'AAAA',
    });
    expect(wrongCode.json().code).toBe('PRT_CODE_INCORRECT');
    const ok = await tryLogin('code@bank.example', TEST_PASSWORD, { cookie, emailCode: code });
    expect(ok.statusCode).toBe(200);
    // The success clears the failures: the known browser logs in directly again.
    expect((await precheck('code@bank.example', { cookie })).json().data).toEqual({ flag: '0' });
  });

  it('asks every browser new to the account for an e-mail code, the first included, then trusts it', async () => {
    await buildUser(db, { email: 'device@bank.example' });
    expect((await precheck('device@bank.example')).json().data.flag).toBe('1');
    expect((await tryLogin('device@bank.example', TEST_PASSWORD)).json().code).toBe('PRT_EMAIL_CODE_REQUIRED');
    const cookie = await knownDevice('device@bank.example');
    expect((await precheck('device@bank.example', { cookie })).json().data.flag).toBe('0');
    expect((await tryLogin('device@bank.example', TEST_PASSWORD, { cookie })).statusCode).toBe(200);
    expect((await precheck('device@bank.example')).json().data.flag).toBe('1');
    expect((await tryLogin('device@bank.example', TEST_PASSWORD)).json().code).toBe('PRT_EMAIL_CODE_REQUIRED');
  });

  it('sends a log-in code only with the right password and picture code', async () => {
    await buildUser(db, { email: 'gated@bank.example' });
    const bare = await askEmailCode(app, { emailAdr: 'gated@bank.example', emailType: '3' });
    expect(bare.statusCode).toBe(422);
    expect(
      bare
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['pwd', 'verifyCode', 'verifyCodeTraceId']);
    const wrongPicture = await askEmailCode(app, {
      emailAdr: 'gated@bank.example',
      emailType: '3',
      pwd: TEST_PASSWORD,
      verifyCode: 'ZZZZ',
      verifyCodeTraceId: 'none',
    });
    expect(wrongPicture.json().code).toBe('PRT_CAPTCHA_INCORRECT');
    const wrong = await askLoginCode('gated@bank.example', 'Wrong#2026x');
    const unknown = await askLoginCode('nobody-gated@bank.example', 'Wrong#2026x');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('PRT_LOGIN_FAILED');
    expect((await lastMailTo(db, 'gated@bank.example')).mail).toBeUndefined();
    // A wrong password here is a failed log-in like any other.
    const failures = await db
      .selectFrom('loginFailure')
      .select(['email', 'failures'])
      .where('email', 'in', ['gated@bank.example', 'nobody-gated@bank.example'])
      .orderBy('email')
      .execute();
    expect(failures).toEqual([
      { email: 'gated@bank.example', failures: 1 },
      { email: 'nobody-gated@bank.example', failures: 1 },
    ]);
    expect((await askLoginCode('gated@bank.example')).statusCode).toBe(200);
    expect((await lastMailTo(db, 'gated@bank.example')).code).toMatch(/^[A-Z2-9]{4}$/);
  });

  it('does not tell from the pre-check or the code request whether an address is registered', async () => {
    expect((await precheck('ghost@bank.example')).json().data.flag).toBe('1');
    const reset = await askEmailCode(app, { emailAdr: 'ghost@bank.example', emailType: '2' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ resendAfterSeconds: 60 });
    expect((await lastMailTo(db, 'ghost@bank.example')).mail).toBeUndefined();
  });

  it('answers YBLTS100U022 when the password must be reset, and a stopped account is refused', async () => {
    await buildUser(db, { email: 'reset-me@bank.example', passwordResetRequired: true });
    expect((await tryLogin('reset-me@bank.example', TEST_PASSWORD)).json().code).toBe('YBLTS100U022');
    await buildUser(db, { email: 'stopped@bank.example', status: 'stopped' });
    expect((await tryLogin('stopped@bank.example', TEST_PASSWORD)).json().code).toBe('PRT_ACCOUNT_STOPPED');
  });

  it('limits log-in attempts per address: the 31st in 10 minutes is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/p1/login',
        remoteAddress: '10.9.9.9',
        payload: { emailAdr: `spray${i}@bank.example`, pwd: 'x', verifyCode: 'AAAA', verifyCodeTraceId: 'none' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('lock-out cannot be used against the holder (issue 24)', () => {
  const notices = (email: string) =>
    db
      .selectFrom('mailOutbox')
      .select(['locale', 'subject', 'textBody'])
      .where('toAddress', '=', email)
      .where('template', '=', 'loginAttempts')
      .execute();

  it.each([
    ['en-US', /^Failed log-ins to your account/, /5 times in a row/],
    ['zh-CN', /您的账户有多次登录失败/, /连续 5 次/],
  ] as const)(
    'five anonymous wrong passwords: the holder (%s) logs in from her browser, new ones wait, she is told once',
    async (locale, subject, body) => {
      const email = `holder-${locale.toLowerCase()}@bank.example`;
      await buildUser(db, { email, locale });
      // Her browser: one e-mail-confirmed log-in makes it known (3 tries on the address's limit).
      const cookie = await knownDevice(email);
      const codes: string[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await tryLogin(email, 'Wrong#2026x', { ip: `10.24.${i}.1` })).json().code);
      expect(codes).toEqual(FIVE_FAILED_LOG_INS);
      // A browser new to the account waits, even with the right password, and gets no code meanwhile.
      const stranger = await tryLogin(email, TEST_PASSWORD, { ip: '10.24.9.1' });
      expect([stranger.statusCode, stranger.json().code]).toEqual([429, 'PRT_ACCOUNT_LOCKED']);
      expect((await askLoginCode(email)).json().code).toBe('PRT_ACCOUNT_LOCKED');
      // The 11th try in 10 minutes from browsers new to the account is over the address's limit.
      expect((await tryLogin(email, TEST_PASSWORD)).json().code).toBe('PRT_RATE_LIMITED');
      // Her own browser is held up by none of it: no e-mail code asked, logged in.
      expect((await precheck(email, { cookie })).json().data.flag).toBe('0');
      const holder = await tryLogin(email, TEST_PASSWORD, { cookie });
      expect(holder.statusCode).toBe(200);
      expect(holder.json().data.emailAdr).toBe(email);
      // Her log-in does not end the strangers' wait; more failures do not mail her again.
      await db.updateTable('rateLimitCounter').set({ count: 0 }).where('key', '=', `login:email:${email}`).execute();
      expect((await tryLogin(email, TEST_PASSWORD)).json().code).toBe('PRT_ACCOUNT_LOCKED');
      await db.updateTable('loginFailure').set({ lockedUntil: new Date() }).where('email', '=', email).execute();
      expect((await tryLogin(email, 'Wrong#2026x')).json().code).toBe('PRT_ACCOUNT_LOCKED');
      const mails = await notices(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        locale,
        subject: expect.stringMatching(subject),
        textBody: expect.stringMatching(body),
      });
    },
  );

  it('a known browser waits after 5 failures of its own; other known browsers do not', async () => {
    const email = 'own-failures@bank.example';
    await buildUser(db, { email });
    const mine = await knownDevice(email);
    await waitOutResend(email);
    const other = await knownDevice(email);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await tryLogin(email, 'Wrong#2026x', { cookie: mine })).json().code);
    expect(codes.at(-1)).toBe('PRT_ACCOUNT_LOCKED');
    expect((await tryLogin(email, TEST_PASSWORD, { cookie: mine })).json().code).toBe('PRT_ACCOUNT_LOCKED');
    expect((await tryLogin(email, TEST_PASSWORD, { cookie: other })).statusCode).toBe(200);
    // A known browser's failures are not an attack from outside: no notice.
    expect(await notices(email)).toEqual([]);
  });
});

async function askCode(email: string, emailType: '1' | '2' | '3', ip = nextIp()) {
  return app.inject({
    method: 'POST',
    url: '/api/user/p1/getEmailCode',
    remoteAddress: ip,
    payload: { emailAdr: email, emailType },
  });
}

async function issuedCount(purpose: string, email: string): Promise<number> {
  const rows = await db
    .selectFrom('rateLimitCounter')
    .select('count')
    .where('key', '=', `email-code:issued:${purpose}:${email}`)
    .execute();
  return rows.reduce((sum, r) => sum + r.count, 0);
}

describe("e-mail codes: nobody else can spend a user's codes (issue 15)", () => {
  it("15 anonymous requests of every kind from 15 client addresses leave the user's log-in and reset codes", async () => {
    await buildUser(db, { email: 'victim@bank.example' });
    await knownDevice('victim@bank.example');
    await waitOutResend('victim@bank.example');
    const answers = new Set<string>();
    for (let i = 0; i < 15; i++) {
      for (const emailType of ['1', '2', '3'] as const) {
        const res = await askCode('victim@bank.example', emailType, `10.60.${i}.${emailType}`);
        answers.add(`${emailType} ${res.json().code}`);
      }
    }
    await waitOutResend('victim@bank.example');
    // The user, in a browser new to the account, still gets his log-in code and logs in...
    const login = await logInThroughApi(app, db, 'victim@bank.example');
    expect(login.json().code).toBe('0');
    // ...and can still ask for a reset code.
    expect((await askCode('victim@bank.example', '2')).json().code).toBe('0');
    // Registration and reset: one answer as for any address, then refused resends. Log-in: not
    // without the password and a picture code.
    expect([...answers].sort()).toEqual([
      '1 0',
      '1 PRT_RESEND_TOO_SOON',
      '2 0',
      '2 PRT_RESEND_TOO_SOON',
      '3 PRT_VALIDATION',
    ]);
    // Only the reset codes issued (the attacker's one, the user's one) count toward the allowance.
    expect(await issuedCount('reset', 'victim@bank.example')).toBe(2);
  });

  it('counts only codes issued toward the address: refused resends do not, and each purpose has its own', async () => {
    const email = 'resend@bank.example';
    const answers: string[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 4; i++) answers.push((await askCode(email, '1')).json().code);
      await waitOutResend(email);
    }
    // Five registration codes a day per address; the 3 refused resends of each round are free.
    const round = ['0', 'PRT_RESEND_TOO_SOON', 'PRT_RESEND_TOO_SOON', 'PRT_RESEND_TOO_SOON'];
    expect(answers.slice(0, 20)).toEqual([...round, ...round, ...round, ...round, ...round]);
    expect(answers.slice(20)).toEqual(Array(4).fill('PRT_RATE_LIMITED'));
    expect(await issuedCount('register', email)).toBe(5);
    // Registration's allowance spent, the address's reset codes are untouched.
    expect((await askCode(email, '2')).statusCode).toBe(200);
  });

  it('limits one client address asking for codes for many addresses: 30 an hour', async () => {
    const statuses = await inOneRateWindow(RATE_LIMITS.emailCodePerIp.windowSeconds, async (n) => {
      const seen: number[] = [];
      for (let i = 0; i < 31; i++)
        seen.push((await askCode(`many${n}-${i}@bank.example`, '2', `10.61.${n}.1`)).statusCode);
      return seen;
    });
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    // That requester's refusal is his own: another asks for the same address.
    expect((await askCode('many0-30@bank.example', '2', '10.61.9.2')).statusCode).toBe(200);
  });
});

describe('log-in answers do not tell a registered address from an unknown one (issue 15)', () => {
  type Answer = { status: number; body: { code: string; message: string; data: unknown } };
  const answer = (res: { statusCode: number; json: () => Answer['body'] }): Answer => ({
    status: res.statusCode,
    body: res.json(),
  });

  /** What a stranger can see of an address: pre-checks, 5 wrong passwords, the right one, a code request. */
  async function transcript(email: string) {
    const seen = [answer(await precheck(email))];
    for (let i = 0; i < 5; i++) seen.push(answer(await tryLogin(email, 'Wrong#2026x')));
    seen.push(answer(await tryLogin(email, TEST_PASSWORD)));
    seen.push(answer(await askLoginCode(email, TEST_PASSWORD)));
    seen.push(answer(await precheck(email)));
    return seen;
  }

  it.each([
    ['registered, never logged in', {}],
    ['registered, logged in from another browser', { loggedIn: true }],
    ['registered, invited and not yet activated (no password)', { invited: true }],
  ] as const)('%s: the same answers as an unknown address', async (_name, how) => {
    const n = nextIp().replaceAll('.', '-');
    const registered = `enum-${n}@bank.example`;
    const unknown = `enum-ghost-${n}@bank.example`;
    const user = await buildUser(db, { email: registered });
    if ('invited' in how)
      await db.updateTable('appUser').set({ passwordHash: null }).where('id', '=', user.id).execute();
    if ('loggedIn' in how) await knownDevice(registered);
    const forRegistered = await transcript(registered);
    const forUnknown = await transcript(unknown);
    expect(forRegistered).toEqual(forUnknown);
    expect(forUnknown.map((a) => [a.status, a.body.code])).toEqual([
      [200, '0'],
      [401, 'PRT_LOGIN_FAILED'],
      [401, 'PRT_LOGIN_FAILED'],
      [401, 'PRT_LOGIN_FAILED'],
      [401, 'PRT_LOGIN_FAILED'],
      [429, 'PRT_ACCOUNT_LOCKED'],
      [429, 'PRT_ACCOUNT_LOCKED'],
      [429, 'PRT_ACCOUNT_LOCKED'],
      [200, '0'],
    ]);
    expect(forUnknown[0]?.body).toMatchObject({ data: { flag: '1' } });
    expect(forUnknown[8]?.body).toMatchObject({ data: { flag: '1' } });
    expect(forUnknown[5]?.body).toMatchObject({ message: expect.stringMatching(/from this browser in 1 min/) });
  });

  it('limits the pre-check per address (20 in 10 minutes) and per client address (60), alike for both', async () => {
    await buildUser(db, { email: 'limited@bank.example' });
    const perAddress: Record<string, Answer[]> = {};
    for (const email of ['limited@bank.example', 'limited-ghost@bank.example']) {
      const seen = [];
      for (let i = 0; i < 21; i++) seen.push(answer(await precheck(email)));
      perAddress[email] = seen;
      expect(seen.slice(0, 20).every((a) => a.status === 200)).toBe(true);
      expect(seen[20]).toMatchObject({ status: 429, body: { code: 'PRT_RATE_LIMITED' } });
    }
    // The same answers; only the seconds to wait may differ by one (the clock ticks between them).
    const bySeconds = (answers: Answer[]) => JSON.parse(JSON.stringify(answers).replace(/\d+ ?(seconds|秒)/g, 'N $1'));
    expect(bySeconds(perAddress['limited@bank.example']!)).toEqual(
      bySeconds(perAddress['limited-ghost@bank.example']!),
    );

    const statuses = await inOneRateWindow(RATE_LIMITS.loginPrecheckPerIp.windowSeconds, async (n) => {
      const seen: number[] = [];
      for (let i = 0; i < 61; i++)
        seen.push((await precheck(`spray${n}-${i}@bank.example`, { ip: `10.62.${n}.1` })).statusCode);
      return seen;
    });
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(200));
    expect(statuses[60]).toBe(429);
  });

  it('spends the same password-check time on an unknown address (a dummy argon2 hash)', async () => {
    await buildUser(db, { email: 'timed@bank.example' });
    const timed = async (email: string) => {
      const captcha = await solveCaptcha(app);
      const started = performance.now();
      await app.inject({
        method: 'POST',
        url: '/api/user/p1/login',
        remoteAddress: nextIp(),
        payload: { emailAdr: email, pwd: 'Wrong#2026x', ...captcha },
      });
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed('timed@bank.example'));
      unknown.push(await timed('timed-ghost@bank.example'));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe('GET /api/user/p1/getVerifyCode without the test switch', async () => {
  const plain = await buildTestApp();
  it('never reveals the answer', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/user/p1/getVerifyCode' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-test-captcha-answer']).toBeUndefined();
    expect(res.json().data.base64Image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(JSON.stringify(res.json())).not.toMatch(/answer/i);
  });
});

describe('log-in form rules (SPEC §5)', () => {
  const valid = { emailAdr: 'rules@bank.example', pwd: 'x', verifyCode: 'AB3K', verifyCodeTraceId: 'trace' };
  it.each([
    ['emailAdr', undefined, 'required'],
    ['emailAdr', '', 'required'],
    ['emailAdr', 'not-an-email', 'email'],
    ['pwd', '', 'required'],
    ['pwd', undefined, 'required'],
    ['verifyCode', '', 'required'],
    ['verifyCode', '   ', 'required'],
    ['verifyCode', 'ABCDE', 'tooLong'],
    ['verifyCodeTraceId', '', 'required'],
    ['emailCode', 'ABCDE', 'tooLong'],
  ] as const)('%s = %j → %s', async (field, value, rule) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/login',
      remoteAddress: nextIp(),
      payload: { ...valid, [field]: value },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields).toContainEqual(expect.objectContaining({ field, rule }));
  });

  it.each([
    ['verifyCode', ' AB3K '],
    ['verifyCode', 'AB3K'],
    ['emailCode', ' Q7MZ '],
    ['emailAdr', ' Rules@Bank.Example '],
  ] as const)('accepts %s = %j as well-formed (trimmed)', async (field, value) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/login',
      remoteAddress: nextIp(),
      payload: { ...valid, [field]: value },
    });
    // Well-formed: the request reaches the picture-code check (which this trace id fails).
    expect(res.json().code).toBe('PRT_CAPTCHA_INCORRECT');
  });
});

describe('sessions', () => {
  it('ends after the idle time and answers YBLSYSTE0005', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    await db
      .updateTable('userSession')
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where('userId', '=', user.id)
      .execute();
    const res = await app.inject({
      method: 'GET',
      url: '/api/user/p1/accountInfo',
      headers: { cookie, lang: 'zh-CN' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'YBLSYSTE0005', message: '登录已过期，请重新登录。' });
    expect(await db.selectFrom('userSession').selectAll().where('userId', '=', user.id).execute()).toEqual([]);
  });

  it('says an ended session once: the answer drops the cookie, so the browser is a visitor next time', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    await app.inject({ method: 'POST', url: '/api/user/p1/logout', headers: { cookie } });
    const ended = await app.inject({ method: 'GET', url: '/api/user/p1/accountInfo', headers: { cookie } });
    expect(ended.json().code).toBe('YBLSYSTE0005');
    const dropped = ended.cookies.find((c) => c.name === 'portal_sid');
    expect(dropped?.value).toBe('');
    expect(dropped?.expires?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());
    // The user-info read (a public route) drops it too; without it the browser is a visitor.
    const info = await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } });
    expect(info.cookies.find((c) => c.name === 'portal_sid')?.value).toBe('');
    const visitor = await app.inject({ method: 'GET', url: '/api/user/p1/detail' });
    expect(visitor.json()).toMatchObject({ code: '0', data: null });
  });

  it('ends at the absolute expiry however active it is', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    await db
      .updateTable('userSession')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute();
    const res = await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } });
    expect(res.json().code).toBe('YBLSYSTE0005');
  });

  it('logs out: the cookie no longer opens anything', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    const out = await app.inject({ method: 'POST', url: '/api/user/p1/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/p1/accountInfo', headers: { cookie } })).json().code,
    ).toBe('YBLSYSTE0005');
  });

  it('refuses a state-changing request from another origin', async () => {
    const user = await buildUser(db);
    const cookie = await sessionCookie(db, user.id);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/logout',
      headers: { cookie, origin: 'https://evil.example', host: 'portal.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('two server instances on one database share sessions and lockouts', async () => {
    const second = await buildApp({
      config: testConfig({ CAPTCHA_TEST_MODE: 'true' }),
      database: { ...database, close: async () => {} },
    });
    await second.ready();
    try {
      const user = await buildUser(db, { email: 'twice@bank.example' });
      const cookie = await sessionCookie(db, user.id);
      const seen = await second.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } });
      expect(seen.json().data.emailAdr).toBe('twice@bank.example');
      for (let i = 0; i < 5; i++) await tryLogin('twice@bank.example', 'Wrong#2026x', { ip: `10.3.0.${i}` });
      const captcha = await solveCaptcha(second);
      const onSecond = await second.inject({
        method: 'POST',
        url: '/api/user/p1/login',
        payload: { emailAdr: 'twice@bank.example', pwd: TEST_PASSWORD, ...captcha },
      });
      expect(onSecond.json().code).toBe('PRT_ACCOUNT_LOCKED');
    } finally {
      await second.close();
    }
  });
});

describe('passwords', () => {
  it('forced change works without the old password, only when forced, and ends the session', async () => {
    const forced = await buildUser(db, { forcePasswordChange: true });
    const cookie = await sessionCookie(db, forced.id);
    const info = await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } });
    expect(info.json().data.nfrcModPswdInd).toBe('1');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/first/modifyPwd',
      headers: { cookie },
      payload: { pwd: 'Fresh#2468q', confirmPwd: 'Fresh#2468q' },
    });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } })).json().code).toBe(
      'YBLSYSTE0005',
    );
    const notForced = await buildUser(db);
    const other = await app.inject({
      method: 'POST',
      url: '/api/user/p1/first/modifyPwd',
      headers: { cookie: await sessionCookie(db, notForced.id) },
      payload: { pwd: 'Fresh#2468q', confirmPwd: 'Fresh#2468q' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('a normal change needs the current password', async () => {
    const user = await buildUser(db, { email: 'change@bank.example' });
    const cookie = await sessionCookie(db, user.id);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/user/p1/modifyPwd',
      headers: { cookie },
      payload: { oPwd: 'Nope#2026x', pwd: 'Fresh#2468q', confirmPwd: 'Fresh#2468q' },
    });
    expect(wrong.json().code).toBe('PRT_OLD_PASSWORD_INCORRECT');
    const right = await app.inject({
      method: 'POST',
      url: '/api/user/p1/modifyPwd',
      headers: { cookie },
      payload: { oPwd: TEST_PASSWORD, pwd: 'Fresh#2468q', confirmPwd: 'Fresh#2468q' },
    });
    expect(right.statusCode).toBe(200);
    expect((await logInThroughApi(app, db, 'change@bank.example', 'Fresh#2468q')).statusCode).toBe(200);
  });

  it('resets by e-mail code, unlocking the account', async () => {
    await buildUser(db, { email: 'forgot@bank.example', passwordResetRequired: true });
    for (let i = 0; i < 5; i++) await tryLogin('forgot@bank.example', 'Wrong#2026x');
    expect((await tryLogin('forgot@bank.example', TEST_PASSWORD)).json().code).toBe('PRT_ACCOUNT_LOCKED');
    await askEmailCode(app, { emailAdr: 'forgot@bank.example', emailType: '2' });
    const { code } = await lastMailTo(db, 'forgot@bank.example');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/resetPwd',
      payload: { emailAdr: 'forgot@bank.example', emailCode: code, pwd: 'Renew#2468q', confirmPwd: 'Renew#2468q' },
    });
    expect(res.statusCode).toBe(200);
    expect((await logInThroughApi(app, db, 'forgot@bank.example', 'Renew#2468q')).statusCode).toBe(200);
  });

  it.each([
    ['Ab#2468', 'password_length'],
    ['Ab#24680', null],
    ['Abcd#2468xyq', 'password_consecutive'],
    ['Ab#24680xyqz', null],
    ['Ab#24680xyqzw', 'password_length'],
    ['ab#24680', 'password_upper'],
    ['AB#24680', 'password_lower'],
    ['Abx24680', 'password_special'],
    ['Ab#xyqwe', 'password_digit'],
    ['Ab#2460aaa', 'password_consecutive'],
    ['Ab#98760', 'password_consecutive'],
  ])('checks the new password %s on the server: %s', async (pwd, rule) => {
    const user = await buildUser(db, { forcePasswordChange: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/first/modifyPwd',
      headers: { cookie: await sessionCookie(db, user.id) },
      payload: { pwd, confirmPwd: pwd },
    });
    if (rule === null) expect(res.statusCode).toBe(200);
    else expect(res.json().data.fields.map((f: { rule: string }) => f.rule)).toContain(rule);
  });

  it('refuses a confirmation that does not match', async () => {
    const user = await buildUser(db, { forcePasswordChange: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/first/modifyPwd',
      headers: { cookie: await sessionCookie(db, user.id), lang: 'zh-CN' },
      payload: { pwd: 'Fresh#2468q', confirmPwd: 'Fresh#2468r' },
    });
    expect(res.json().data.fields).toEqual([
      { field: 'confirmPwd', rule: 'passwordMismatch', message: '两次输入的密码不一致。' },
    ]);
  });
});

describe('POST /api/user/p1/agree', () => {
  it('records the agreement', async () => {
    const user = await buildUser(db, { agreementAccepted: false });
    const cookie = await sessionCookie(db, user.id);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user/p1/detail', headers: { cookie } })).json().data.agrInd,
    ).toBe('0');
    const res = await app.inject({ method: 'POST', url: '/api/user/p1/agree', headers: { cookie } });
    expect(res.json().data.agrInd).toBe('1');
  });
});
