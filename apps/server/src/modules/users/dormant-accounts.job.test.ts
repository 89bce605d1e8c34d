import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildInstitution, buildUser, sessionCookie, type UserOverrides } from '../../../test/factories.ts';
import { createTestDatabase, testConfig } from '../../../test/helpers.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS } from '../../platform/audit.ts';
import type { JobLog } from '../../platform/jobs.ts';
import { createDormantAccountsJob, sweepDormantAccounts } from './dormant-accounts.job.ts';

const { db } = await createTestDatabase();
const config = testConfig({ PUBLIC_BASE_URL: 'https://portal.bank.example' });
const log: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
const sweep = (now: Date) => sweepDormantAccounts({ db, config, log }, now);

const DAY = 86_400_000;
/** The sweep's clock in these tests; 24 calendar months before it is 2028-06-15T12:00Z. */
const NOW = new Date('2030-06-15T12:00:00.000Z');
const TWO_YEARS_BEFORE_NOW = new Date('2028-06-15T12:00:00.000Z');
/** 24 months before NOW, then `days` later (negative: earlier). */
const twoYearsAgoPlus = (days: number) => new Date(TWO_YEARS_BEFORE_NOW.getTime() + days * DAY);
const daysBefore = (days: number, from = NOW) => new Date(from.getTime() - days * DAY);
const daysAfter = (days: number, from: Date) => new Date(from.getTime() + days * DAY);
/** Calendar months later, as PostgreSQL adds an interval of months (same day of month, UTC). */
const monthsAfter = (months: number, from: Date) => {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
};

type Account = {
  lastUsedAt: Date;
  warnedAt?: Date;
  via?: 'login' | 'activity' | 'created';
} & UserOverrides;

/** A user whose last use (log-in, activity or creation) was at `lastUsedAt`, with a live session. */
async function accountOf(target: Db, { lastUsedAt, warnedAt, via = 'login', ...overrides }: Account) {
  const user = await buildUser(target, overrides);
  const createdAt = via === 'created' ? lastUsedAt : new Date(lastUsedAt.getTime() - 90 * DAY);
  await target
    .updateTable('appUser')
    .set({
      createdAt,
      lastLoginAt: via === 'login' ? lastUsedAt : via === 'activity' ? createdAt : null,
      lastActiveAt: via === 'activity' ? lastUsedAt : null,
      dormantWarnedAt: warnedAt ?? null,
    })
    .where('id', '=', user.id)
    .execute();
  await sessionCookie(target, user.id);
  return user;
}

async function stateOf(id: number) {
  const user = await db
    .selectFrom('appUser')
    .select(['email', 'status', 'stoppedReason', 'dormantWarnedAt', 'lgcSn'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const mail = await db
    .selectFrom('mailOutbox')
    .select(['template', 'locale', 'subject', 'textBody'])
    .where('toAddress', '=', user.email)
    .orderBy('id')
    .execute();
  const sessions = await db.selectFrom('userSession').select('tokenHash').where('userId', '=', id).execute();
  const audit = await db
    .selectFrom('auditLog')
    .selectAll()
    .where('targetId', '=', user.lgcSn)
    .where('action', '=', AUDIT_ACTIONS.dormantStopped)
    .execute();
  return { ...user, mail, sessions: sessions.length, audit };
}

type Outcome = 'untouched' | 'warned' | 'stopped';

const CASES: Array<{ name: string; account: Account; outcome: Outcome }> = [
  // The warning: 30 days before the 24 months are up.
  {
    name: 'used 24 months − 31 days ago: not warned yet',
    account: { lastUsedAt: twoYearsAgoPlus(31) },
    outcome: 'untouched',
  },
  { name: 'used 24 months − 29 days ago: warned', account: { lastUsedAt: twoYearsAgoPlus(29) }, outcome: 'warned' },
  {
    name: 'active (not logged in) 24 months − 29 days ago: warned',
    account: { lastUsedAt: twoYearsAgoPlus(29), via: 'activity' },
    outcome: 'warned',
  },
  {
    name: 'active 24 months − 31 days ago, logged in long before: not warned',
    account: { lastUsedAt: twoYearsAgoPlus(31), via: 'activity' },
    outcome: 'untouched',
  },
  {
    name: 'created 24 months − 29 days ago, never logged in: warned',
    account: { lastUsedAt: twoYearsAgoPlus(29), via: 'created' },
    outcome: 'warned',
  },
  // The stop: 24 months unused and warned at least 30 days ago.
  {
    name: 'unused 24 months + 1 day, warned 29 days ago: not stopped yet',
    account: { lastUsedAt: twoYearsAgoPlus(-1), warnedAt: daysBefore(29) },
    outcome: 'untouched',
  },
  {
    name: 'unused 24 months + 1 day, warned 31 days ago: stopped',
    account: { lastUsedAt: twoYearsAgoPlus(-1), warnedAt: daysBefore(31) },
    outcome: 'stopped',
  },
  {
    name: 'unused 24 months − 1 day, warned 31 days ago: not stopped yet',
    account: { lastUsedAt: twoYearsAgoPlus(1), warnedAt: daysBefore(31) },
    outcome: 'untouched',
  },
  {
    name: 'unused for years and never warned: warned first, not stopped',
    account: { lastUsedAt: twoYearsAgoPlus(-400) },
    outcome: 'warned',
  },
  {
    name: 'warned, then logged in, now unused 24 months − 29 days again: warned afresh',
    account: { lastUsedAt: twoYearsAgoPlus(29), warnedAt: twoYearsAgoPlus(10) },
    outcome: 'warned',
  },
  {
    name: 'warned, then logged in, now unused 24 months + 1 day: warned afresh, not stopped',
    account: { lastUsedAt: twoYearsAgoPlus(-1), warnedAt: twoYearsAgoPlus(-10) },
    outcome: 'warned',
  },
  // Never touched.
  {
    name: 'bank staff (50), unused for years and warned long ago',
    account: { lastUsedAt: twoYearsAgoPlus(-400), warnedAt: daysBefore(300), roles: [ROLE.bankStaff] },
    outcome: 'untouched',
  },
  {
    name: 'system administrator (99), unused for years',
    account: { lastUsedAt: twoYearsAgoPlus(-400), roles: [ROLE.systemAdmin] },
    outcome: 'untouched',
  },
  {
    name: 'bank staff, unused 24 months − 29 days: not even warned',
    account: { lastUsedAt: twoYearsAgoPlus(29), roles: [ROLE.general, ROLE.bankStaff] },
    outcome: 'untouched',
  },
  {
    name: 'under review (5), unused for years and warned long ago',
    account: { lastUsedAt: twoYearsAgoPlus(-400), warnedAt: daysBefore(300), activation: '5' },
    outcome: 'untouched',
  },
  {
    name: 'to supplement (8), unused for years',
    account: { lastUsedAt: twoYearsAgoPlus(-400), activation: '8' },
    outcome: 'untouched',
  },
  {
    name: 'rejected (7), unused for years',
    account: { lastUsedAt: twoYearsAgoPlus(-400), activation: '7' },
    outcome: 'untouched',
  },
  {
    name: 'activated by invitation (6), unused 24 months + 1 day, warned 31 days ago: stopped',
    account: { lastUsedAt: twoYearsAgoPlus(-1), warnedAt: daysBefore(31), activation: '6' },
    outcome: 'stopped',
  },
  {
    name: 'institution administrator (20), unused 24 months + 1 day, warned 31 days ago: stopped',
    account: {
      lastUsedAt: twoYearsAgoPlus(-1),
      warnedAt: daysBefore(31),
      roles: [ROLE.general, ROLE.institutionAdmin],
    },
    outcome: 'stopped',
  },
  {
    name: 'already stopped by the bank',
    account: { lastUsedAt: twoYearsAgoPlus(-400), warnedAt: daysBefore(300), status: 'stopped' },
    outcome: 'untouched',
  },
];

describe('dormant-account sweep', () => {
  it.each(CASES)('$name', async ({ account, outcome }) => {
    const user = await accountOf(db, account);
    const before = await stateOf(user.id);
    await sweep(NOW);
    const after = await stateOf(user.id);

    if (outcome === 'untouched') {
      expect(after).toEqual(before);
      return;
    }
    expect(after.mail).toHaveLength(1);
    if (outcome === 'warned') {
      expect(after).toMatchObject({ status: 'active', stoppedReason: null, sessions: 1, audit: [] });
      expect(after.dormantWarnedAt).toEqual(NOW);
      expect(after.mail[0]).toMatchObject({ template: 'dormantWarning', locale: 'en-US' });
      expect(after.mail[0]!.textBody).toContain('30 days');
      expect(after.mail[0]!.textBody).toContain('https://portal.bank.example/home');
    } else {
      expect(after).toMatchObject({ status: 'stopped', stoppedReason: 'dormant', sessions: 0 });
      expect(after.dormantWarnedAt).toEqual(before.dormantWarnedAt);
      expect(after.mail[0]).toMatchObject({ template: 'dormantStopped', locale: 'en-US' });
      expect(after.audit).toEqual([
        expect.objectContaining({
          action: 'user.dormant_stopped',
          actorUserId: null,
          targetType: 'user',
          targetId: user.lgcSn,
          detail: {
            email: user.email,
            lastUsedAt: account.lastUsedAt.toISOString(),
            warnedAt: account.warnedAt!.toISOString(),
          },
        }),
      ]);
    }

    // A second sweep at the same moment changes nothing more.
    await sweep(NOW);
    expect(await stateOf(user.id)).toEqual(after);
  });

  it('leaves accounts of a stopped institution alone until it is enabled again', async () => {
    const institution = await buildInstitution(db);
    await db.updateTable('institution').set({ status: 'stopped' }).where('id', '=', institution.id).execute();
    const user = await accountOf(db, {
      lastUsedAt: twoYearsAgoPlus(-1),
      warnedAt: daysBefore(31),
      institutionId: institution.id,
    });
    const before = await stateOf(user.id);
    await sweep(NOW);
    expect(await stateOf(user.id)).toEqual(before);
    await db.updateTable('institution').set({ status: 'active' }).where('id', '=', institution.id).execute();
    await sweep(NOW);
    expect((await stateOf(user.id)).status).toBe('stopped');
  });

  it('writes in the user’s language', async () => {
    const user = await accountOf(db, { lastUsedAt: twoYearsAgoPlus(-1), warnedAt: daysBefore(31), locale: 'zh-CN' });
    const warned = await accountOf(db, { lastUsedAt: twoYearsAgoPlus(29), locale: 'zh-CN', name: '李雷' });
    await sweep(NOW);
    const stopped = await stateOf(user.id);
    expect(stopped.mail).toEqual([
      expect.objectContaining({
        template: 'dormantStopped',
        locale: 'zh-CN',
        subject: expect.stringMatching(/同业合作平台/),
      }),
    ]);
    const warning = await stateOf(warned.id);
    expect(warning.mail).toEqual([
      expect.objectContaining({
        template: 'dormantWarning',
        locale: 'zh-CN',
        textBody: expect.stringMatching(/^尊敬的李雷/),
      }),
    ]);
  });

  it('warns, then stops 30 days later; a log-in after the warning keeps the account and restarts the clock', async () => {
    const { db: own } = await createTestDatabase();
    const run = (now: Date) => sweepDormantAccounts({ db: own, config, log }, now);
    const read = (id: number) =>
      own.selectFrom('appUser').select(['status', 'dormantWarnedAt']).where('id', '=', id).executeTakeFirstOrThrow();
    const mailTo = async (email: string) =>
      (
        await own.selectFrom('mailOutbox').select('template').where('toAddress', '=', email).orderBy('id').execute()
      ).map((m) => m.template);

    const lastLogin = new Date('2028-07-10T09:00:00.000Z');
    const keeper = await accountOf(own, { lastUsedAt: lastLogin });
    const sleeper = await accountOf(own, { lastUsedAt: lastLogin });

    // 24 months − 29 days after the last log-in both are warned; a day earlier (exactly 24 months − 30
    // days) neither is.
    const warnDay = daysBefore(29, monthsAfter(24, lastLogin));
    expect(await run(daysBefore(1, warnDay))).toEqual({ warned: 0, stopped: 0, failed: 0 });
    expect(await run(warnDay)).toEqual({ warned: 2, stopped: 0, failed: 0 });
    expect((await read(keeper.id)).dormantWarnedAt).toEqual(warnDay);

    // The keeper logs in five days later.
    const keeperLogin = daysAfter(5, warnDay);
    await own.updateTable('appUser').set({ lastLoginAt: keeperLogin }).where('id', '=', keeper.id).execute();

    // Day 29 after the warning: nobody stopped. Day 30: the sleeper is stopped, the keeper is not.
    expect(await run(daysAfter(29, warnDay))).toEqual({ warned: 0, stopped: 0, failed: 0 });
    expect(await run(daysAfter(30, warnDay))).toEqual({ warned: 0, stopped: 1, failed: 0 });
    expect(await read(sleeper.id)).toMatchObject({ status: 'stopped' });
    expect(await read(keeper.id)).toMatchObject({ status: 'active' });
    expect(await mailTo(sleeper.email)).toEqual(['dormantWarning', 'dormantStopped']);
    expect(await mailTo(keeper.email)).toEqual(['dormantWarning']);

    // Months pass; 24 months − 29 days after the keeper's log-in, a new warning, then the stop.
    const secondWarnDay = daysBefore(29, monthsAfter(24, keeperLogin));
    expect(await run(daysBefore(1, secondWarnDay))).toEqual({ warned: 0, stopped: 0, failed: 0 });
    expect(await run(secondWarnDay)).toEqual({ warned: 1, stopped: 0, failed: 0 });
    expect(await run(daysAfter(29, secondWarnDay))).toEqual({ warned: 0, stopped: 0, failed: 0 });
    expect(await run(daysAfter(31, secondWarnDay))).toEqual({ warned: 0, stopped: 1, failed: 0 });
    expect(await mailTo(keeper.email)).toEqual(['dormantWarning', 'dormantWarning', 'dormantStopped']);
  });

  it('goes through more accounts than fit in one batch', async () => {
    const { db: own } = await createTestDatabase();
    const institution = await buildInstitution(own);
    const ids = [];
    for (let i = 0; i < 503; i++) {
      const user = await buildUser(own, { institutionId: institution.id });
      ids.push(user.id);
    }
    await own
      .updateTable('appUser')
      .set({ createdAt: twoYearsAgoPlus(-5), lastLoginAt: null, lastActiveAt: null })
      .where('id', 'in', ids)
      .execute();
    expect(await sweepDormantAccounts({ db: own, config, log }, NOW)).toEqual({ warned: 503, stopped: 0, failed: 0 });
    const outbox = await own
      .selectFrom('mailOutbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(outbox.n)).toBe(503);
  });

  it('is the daily job `dormant-accounts`', () => {
    const job = createDormantAccountsJob({ db, config, log });
    expect(job).toMatchObject({ name: 'dormant-accounts', everyMs: 24 * 3_600_000 });
  });
});
