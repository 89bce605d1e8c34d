/**
 * The first system administrator (INITIAL_ADMIN_EMAIL, modules/users/initial-admin.ts): a
 * production start on an empty database invites exactly one, through the staff invitation's
 * link and e-mail; later starts, an existing administrator and a bad address change nothing.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLE } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBank, buildInstitution, buildUser, lastMailTo, logInThroughApi } from '../test/factories.ts';
import { captureLog, countRows, createTestDatabase, TEST_KEK, testConfig } from '../test/helpers.ts';
import { startTestSmtpServer } from '../test/smtp.ts';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import type { DatabaseHandle, Db } from './db/database.ts';
import { ensureInitialAdmin } from './modules/users/initial-admin.ts';
import { SESSION_COOKIE } from './platform/session.ts';
import { createAuthority, toPem } from './platform/signing/pki.ts';
import { bootServer } from './start.ts';

const dataDir = await mkdtemp(join(tmpdir(), 'portal-initial-admin-test-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

// The bank's own CA, as production has it (without it every start warns: start.test.ts).
const ca = await createAuthority({ commonName: 'Admin Test CA', organization: 'Admin Test', validYears: 1 });
const SIGNING_CA_CERT_FILE = join(dataDir, 'ca.pem');
const SIGNING_CA_KEY_FILE = join(dataDir, 'ca.key');
await writeFile(SIGNING_CA_CERT_FILE, toPem(ca.certificateDer, 'CERTIFICATE'));
await writeFile(SIGNING_CA_KEY_FILE, toPem(ca.privateKeyPkcs8, 'PRIVATE KEY'));

const production = (env: Record<string, string> = {}) =>
  parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    PORT: '0',
    DATA_DIR: dataDir,
    PUBLIC_BASE_URL: 'https://portal.bank.example',
    // Production needs a mail server; the tests that read the delivery start their own.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    SIGNING_CA_CERT_FILE,
    SIGNING_CA_KEY_FILE,
    SIGNING_KEK: TEST_KEK,
    ...env,
  });

/** A production start on a test database, which the test file keeps open; returns the log lines. */
async function start(handle: DatabaseHandle, env: Record<string, string>, keep?: (app: FastifyInstance) => unknown) {
  const { lines, log } = captureLog();
  const { app } = await bootServer(production(env), { database: { ...handle, close: async () => {} }, log });
  try {
    await keep?.(app);
  } finally {
    await app.close();
  }
  return lines;
}

async function state(db: Db) {
  const count = (table: 'appUser' | 'institution' | 'mailOutbox' | 'verificationCode' | 'auditLog') =>
    countRows(db.selectFrom(table));
  return {
    users: await count('appUser'),
    institutions: await count('institution'),
    mails: await count('mailOutbox'),
    codes: await count('verificationCode'),
    audits: await count('auditLog'),
  };
}

const tokenIn = (text: string) => /invitation\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

describe('a production start with INITIAL_ADMIN_EMAIL on an empty database', async () => {
  const handle = await createTestDatabase();
  const { db } = handle;
  const email = 'first.admin@bank.example';
  let token = '';

  it('invites exactly one system administrator of the bank, by the system, and e-mails the invitation', async () => {
    const smtp = await startTestSmtpServer();
    afterAll(() => smtp.close());
    const lines = await start(
      handle,
      { INITIAL_ADMIN_EMAIL: ' First.Admin@Bank.Example ', INITIAL_ADMIN_NAME: 'Li Wei', SMTP_URL: smtp.url },
      // The started app's mailer delivers the queued invitation over SMTP.
      (app) => app.mailer.deliverDue(),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^info: First system administrator invited: first\.admin@bank\.example \(roles 50 and 99\) of Global Cooperation Bank \(institution created\)\. The invitation link sets the password and is valid 7 days, until \d{4}-\d\d-\d\d \d\d:\d\d UTC; the e-mail goes out through SMTP_URL\. Unset INITIAL_ADMIN_EMAIL once the administrator has logged in\.$/,
    );

    const users = await db.selectFrom('appUser').selectAll().execute();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({
      email,
      name: 'Li Wei',
      passwordHash: null,
      roleCodes: [ROLE.bankStaff, ROLE.systemAdmin],
      activation: '6',
      status: 'active',
      profileComplete: false,
      invitedBy: null,
    });
    const institutions = await db.selectFrom('institution').selectAll().execute();
    expect(institutions).toEqual([
      expect.objectContaining({ id: users[0]!.institutionId, kind: 'bank', name: 'Global Cooperation Bank' }),
    ]);
    const audit = await db.selectFrom('auditLog').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actorUserId: null,
        actorEmail: null,
        action: 'user.invited',
        targetId: users[0]!.lgcSn,
        detail: expect.objectContaining({
          email,
          roles: [ROLE.bankStaff, ROLE.systemAdmin],
          via: 'INITIAL_ADMIN_EMAIL',
        }),
      }),
    ]);

    const { mail } = await lastMailTo(db, email);
    expect(mail).toMatchObject({ template: 'invitation', status: 'sent' });
    expect(mail!.subject).toBe('The IT operations team has invited you to join the Interbank Cooperation Portal');
    expect(await state(db)).toEqual({ users: 1, institutions: 1, mails: 1, codes: 1, audits: 1 });
    const delivered = await smtp.waitFor((m) => m.to.includes(email));
    token = tokenIn(delivered.text) ?? '';
    expect(delivered.text).toContain(`https://portal.bank.example/invitation?token=${token}`);
    expect(token).toHaveLength(32);
    // The link is a credential: never in the log.
    expect(lines.join('\n')).not.toContain(token);
  });

  it('does nothing on the next start while the invitation is pending', async () => {
    const before = await state(db);
    const lines = await start(handle, { INITIAL_ADMIN_EMAIL: email });
    expect(lines).toEqual([
      expect.stringMatching(
        /^info: INITIAL_ADMIN_EMAIL: first\.admin@bank\.example is invited as system administrator and has not set a password yet; the invitation is valid until .* UTC\. Nothing sent again\.$/,
      ),
    ]);
    expect(await state(db)).toEqual(before);
  });

  it('the link sets the password; the administrator logs in with roles 50 and 99 and manages the bank', async () => {
    const app = await buildApp({
      config: testConfig({ CAPTCHA_TEST_MODE: 'true' }),
      database: { ...handle, close: async () => {} },
    });
    afterAll(() => app.close());
    const info = await app.inject({ method: 'GET', url: `/api/user/p1/invitation?token=${token}` });
    expect(info.json().data).toEqual({ emailAdr: email, usrNm: 'Li Wei', instNm: 'Global Cooperation Bank' });
    const accept = await app.inject({
      method: 'POST',
      url: '/api/user/p1/invitation/accept',
      payload: { token, pwd: 'Bank#Adm2468', confirmPwd: 'Bank#Adm2468', agreed: true },
    });
    expect(accept.statusCode).toBe(200);

    const login = await logInThroughApi(app, db, email, 'Bank#Adm2468');
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({
      emailAdr: email,
      rlTpcd: [ROLE.bankStaff, ROLE.systemAdmin],
      actvtInd: '6',
      cplInd: '1',
      instNm: 'Global Cooperation Bank',
    });
    const session = login.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
    const cookie = `${SESSION_COOKIE}=${session}`;
    // Back office (50) and inviting in-bank staff (99 of the bank's own institution).
    expect((await app.inject({ method: 'GET', url: '/api/backend/users', headers: { cookie } })).statusCode).toBe(200);
    const invited = await app.inject({
      method: 'POST',
      url: '/api/user/p1/institution/users/invite',
      headers: { cookie },
      payload: { emailAdr: 'colleague@bank.example', usrNm: 'Chen Colleague', country: 'CN' },
    });
    expect(invited.statusCode).toBe(200);
  });

  it('a start after that, the variable still set, says there is an administrator and does nothing', async () => {
    const before = await state(db);
    const lines = await start(handle, { INITIAL_ADMIN_EMAIL: 'someone.else@bank.example' });
    expect(lines).toEqual([
      'info: INITIAL_ADMIN_EMAIL is set, but a system administrator exists: nothing to do. Unset the variable.',
    ]);
    expect(await state(db)).toEqual(before);
    // Without the variable: not a word.
    expect(await start(handle, {})).toEqual([]);
  });
});

describe('INITIAL_ADMIN_EMAIL where the database is not empty', () => {
  it('does nothing when a system administrator exists', async () => {
    const { db, ...rest } = await createTestDatabase();
    await buildUser(db, { roles: [ROLE.bankStaff, ROLE.systemAdmin] });
    const before = await state(db);
    const lines = await start({ db, ...rest }, { INITIAL_ADMIN_EMAIL: 'new.admin@bank.example' });
    expect(lines).toEqual([
      'info: INITIAL_ADMIN_EMAIL is set, but a system administrator exists: nothing to do. Unset the variable.',
    ]);
    expect(await state(db)).toEqual(before);
  });

  it('joins the bank’s existing institution, taking its SWIFT code and country into the profile', async () => {
    const { db, ...rest } = await createTestDatabase();
    await buildInstitution(db);
    const bank = await buildBank(db, { lgcSn: 'the-bank', name: 'The Bank HQ' });
    const lines = await start({ db, ...rest }, { INITIAL_ADMIN_EMAIL: 'it@thebank.example' });
    expect(lines[0]).toMatch(
      /^info: First system administrator invited: it@thebank\.example \(roles 50 and 99\) of The Bank HQ\. /,
    );
    expect(lines[0]).toContain('the e-mail goes out through SMTP_URL');
    const admin = await db.selectFrom('appUser').selectAll().executeTakeFirstOrThrow();
    expect(admin).toMatchObject({
      institutionId: bank.id,
      name: 'System Administrator',
      roleCodes: [ROLE.bankStaff, ROLE.systemAdmin],
    });
    expect(admin.profile).toMatchObject({
      instNm: 'The Bank HQ',
      instSwiftCode: 'THEBCNBJ',
      country: 'CN',
      continent: 'ASIA',
    });
    expect((await state(db)).institutions).toBe(2);
  });

  it('refuses an address that belongs to another account, with a warning', async () => {
    const { db, ...rest } = await createTestDatabase();
    await buildUser(db, { email: 'partner@elsewhere.example' });
    const before = await state(db);
    const lines = await start({ db, ...rest }, { INITIAL_ADMIN_EMAIL: 'partner@elsewhere.example' });
    expect(lines).toEqual([
      expect.stringMatching(
        /^warn: INITIAL_ADMIN_EMAIL: partner@elsewhere\.example belongs to an account that is not a system administrator; no administrator was invited\./,
      ),
    ]);
    expect(await state(db)).toEqual(before);
  });

  it('sends a new invitation when the first one ran out unused; the old link is dead, the new one works', async () => {
    const handle = await createTestDatabase();
    const { db } = handle;
    const email = 'late.admin@bank.example';
    await start(handle, { INITIAL_ADMIN_EMAIL: email });
    const oldToken = tokenIn((await lastMailTo(db, email)).mail!.textBody)!;
    await db
      .updateTable('verificationCode')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    const lines = await start(handle, { INITIAL_ADMIN_EMAIL: email });
    expect(lines).toEqual([
      expect.stringMatching(
        /^info: The invitation of the first system administrator late\.admin@bank\.example had run out unused: a new one was sent/,
      ),
    ]);
    expect(await state(db)).toMatchObject({ users: 1, institutions: 1, mails: 2, codes: 2, audits: 2 });
    const newToken = tokenIn((await lastMailTo(db, email)).mail!.textBody)!;
    expect(newToken).not.toBe(oldToken);
    const app = await buildApp({ config: testConfig(), database: { ...handle, close: async () => {} } });
    afterAll(() => app.close());
    const info = (t: string) => app.inject({ method: 'GET', url: `/api/user/p1/invitation?token=${t}` });
    expect((await info(oldToken)).json().code).toBe('PRT_INVITATION_INVALID');
    expect((await info(newToken)).json().data.emailAdr).toBe(email);
  });

  it('invites once when instances start together, even with different addresses', async () => {
    const { db } = await createTestDatabase();
    const config = (email: string) => production({ INITIAL_ADMIN_EMAIL: email });
    const outcomes = await Promise.all(
      ['a@bank.example', 'b@bank.example', 'c@bank.example', 'a@bank.example'].map((email) =>
        ensureInitialAdmin(db, { config: config(email) }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.kind === 'invited')).toHaveLength(1);
    expect(await state(db)).toEqual({ users: 1, institutions: 1, mails: 1, codes: 1, audits: 1 });
  });

  it('warns at a start without the variable where there is no system administrator', async () => {
    const handle = await createTestDatabase();
    expect(await start(handle, {})).toEqual([
      'warn: The portal has no system administrator: set INITIAL_ADMIN_EMAIL to invite the first one (docs/operations.md, "First administrator").',
    ]);
    expect(await state(handle.db)).toEqual({ users: 0, institutions: 0, mails: 0, codes: 0, audits: 0 });
  });
});

describe('INITIAL_ADMIN_EMAIL in the configuration', () => {
  it('stops the start when it is not an e-mail address, naming the variable', () => {
    expect(() => production({ INITIAL_ADMIN_EMAIL: 'it-admin at bank' })).toThrow(ConfigError);
    expect(() => production({ INITIAL_ADMIN_EMAIL: 'it-admin at bank' })).toThrow(
      /INITIAL_ADMIN_EMAIL: must be an e-mail address/,
    );
    expect(() => production({ INITIAL_ADMIN_EMAIL: 'a@b.example', INITIAL_ADMIN_NAME: 'x'.repeat(51) })).toThrow(
      /INITIAL_ADMIN_NAME/,
    );
    // The e-mailed link must point at the portal users reach, not at localhost.
    expect(() => production({ INITIAL_ADMIN_EMAIL: 'a@b.example', PUBLIC_BASE_URL: '' })).toThrow(
      /INITIAL_ADMIN_EMAIL: needs PUBLIC_BASE_URL in production/,
    );
  });

  it('is normalised as log-in addresses are, and holds no password', () => {
    expect(production({ INITIAL_ADMIN_EMAIL: ' IT@Bank.Example ' }).initialAdmin).toEqual({
      email: 'it@bank.example',
      name: 'System Administrator',
    });
    expect(production().initialAdmin).toBeNull();
  });
});
