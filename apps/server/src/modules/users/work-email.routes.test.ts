import { describe, expect, it } from 'vitest';
import { lastMailTo, nextIp } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { askEmailCode, registerPayload, registrationCodeFor } from '../../../test/registration.ts';
import { issueVerificationCode } from '../../platform/verification-codes.ts';

// The bank blocks one domain of its own choosing and accepts one that the disposable list names.
const { app, database } = await buildTestApp({
  REGISTRATION_BLOCKED_DOMAINS: 'rival.example, @Blocked.Example',
  REGISTRATION_ALLOWED_DOMAINS: 'mailinator.com',
});
const db = database.db;
const plain = await buildTestApp();

const askCode = (emailAdr: string, lang = 'en-US') => askEmailCode(app, { emailAdr, emailType: '1' }, { lang });

/** Submits with a real, unused code for the address, so that only the address can be refused. */
async function submit(emailAdr: string, lang = 'en-US') {
  const { code } = await issueVerificationCode(db, { email: emailAdr, purpose: 'register' });
  return app.inject({
    method: 'POST',
    url: '/api/user/p1/register',
    remoteAddress: nextIp(),
    headers: { lang },
    payload: registerPayload(emailAdr, code),
  });
}

/** The message opens with the label the registration form shows above the field ("E-mail" / 「邮箱」). */
function expectRefused(res: { statusCode: number; json: () => unknown }, domain: string, label = 'E-mail:') {
  expect(res.statusCode).toBe(422);
  const body = res.json() as { code: string; message: string; data: { fields: { field: string; message: string }[] } };
  expect(body.code).toBe('PRT_EMAIL_NOT_WORK');
  expect(body.message).toContain(domain);
  expect(body.message.startsWith(label)).toBe(true);
  expect(body.data.fields).toEqual([
    expect.objectContaining({ field: 'emailAdr', rule: 'workEmail', message: body.message }),
  ]);
}

describe('registration takes work e-mail only', () => {
  it.each([
    ['li.wei@gmail.com', 'gmail.com'],
    ['wang@qq.com', 'qq.com'],
    ['zhang@163.com', '163.com'],
    ['ops@outlook.com', 'outlook.com'],
    ['temp@yopmail.com', 'yopmail.com'],
  ])('refuses %s when a code is asked for (none is mailed) and at the final submit', async (email, domain) => {
    expectRefused(await askCode(email), domain);
    expect((await lastMailTo(db, email)).mail).toBeUndefined();
    expectRefused(await submit(email), domain);
    expect(await db.selectFrom('appUser').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('says so in Chinese, naming the field', async () => {
    expectRefused(await askCode('wang@qq.com', 'zh-CN'), 'qq.com', '邮箱：');
    expectRefused(await submit('li@sub.gmail.com', 'zh-CN'), 'sub.gmail.com', '邮箱：');
  });

  it('refuses at the code check as well', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register/checkEmailCode',
      payload: { emailAdr: 'li.wei@gmail.com', emailCode: 'ABCD' },
    });
    expectRefused(res, 'gmail.com');
  });

  it("accepts a bank's domain (the demo addresses' .example too) through both steps", async () => {
    const email = 'rita@lusitania-bank.example';
    const code = await registrationCodeFor(app, db, email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload(email, code),
    });
    expect(res.statusCode).toBe(200);
    expect((await askCode('treasury@ccb.com')).statusCode).toBe(200);
  });

  it('refuses the domains the bank blocks (and their subdomains), accepts those it allows', async () => {
    expectRefused(await askCode('a@rival.example'), 'rival.example');
    expectRefused(await askCode('a@hk.blocked.example'), 'hk.blocked.example');
    expectRefused(await submit('b@rival.example'), 'rival.example');
    // mailinator.com is a disposable domain, allowed here by configuration.
    expect((await askCode('team@mailinator.com')).statusCode).toBe(200);
    expect((await submit('desk@mailinator.com')).statusCode).toBe(200);
  });
});

describe('the lists without configuration', () => {
  it('refuses a disposable domain, accepts an ordinary one', async () => {
    const ask = (emailAdr: string) => askEmailCode(plain.app, { emailAdr, emailType: '1' });
    expectRefused(await ask('x@mailinator.com'), 'mailinator.com');
    expect((await ask('x@rival.example')).statusCode).toBe(200);
  });
});
