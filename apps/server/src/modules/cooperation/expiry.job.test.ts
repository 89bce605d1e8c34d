import { describe, expect, it } from 'vitest';
import { buildRequest, isoDay } from '../../../test/cooperation-factories.ts';
import { buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { EXPIRY_JOB_NAME, expireDueRequests } from './expiry.job.ts';

const { app, database } = await buildTestApp();
const db = database.db;

describe('request expiry job', () => {
  it('expires effective requests whose last valid day has passed, and nothing else', async () => {
    const user = await buildUser(db);
    const base = { ownerUserId: user.id, institutionId: user.institutionId! };
    const ended = await buildRequest(db, { ...base, validFrom: isoDay(-30), validUntil: isoDay(-1) });
    const lastDay = await buildRequest(db, { ...base, validFrom: isoDay(-30), validUntil: isoDay(0) });
    const withdrawn = await buildRequest(db, {
      ...base,
      validFrom: isoDay(-30),
      validUntil: isoDay(-1),
      status: 'invalid',
    });
    const draft = await buildRequest(db, { ...base, validFrom: isoDay(-30), validUntil: isoDay(-1), status: 'draft' });

    expect(await expireDueRequests(db, new Date())).toEqual({ expired: 1 });
    const statusOf = async (id: number) =>
      db
        .selectFrom('cooperationRequest')
        .select(['status', 'invalidReason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await statusOf(ended.id)).toEqual({ status: 'invalid', invalidReason: 'expired' });
    expect(await statusOf(lastDay.id)).toEqual({ status: 'effective', invalidReason: null });
    expect(await statusOf(withdrawn.id)).toEqual({ status: 'invalid', invalidReason: 'withdrawn' });
    expect(await statusOf(draft.id)).toEqual({ status: 'draft', invalidReason: null });

    // Safe to repeat; the next day the last-day request goes too.
    expect(await expireDueRequests(db, new Date())).toEqual({ expired: 0 });
    expect(await expireDueRequests(db, new Date(Date.now() + 86_400_000))).toEqual({ expired: 1 });
    const cookie = await sessionCookie(db, user.id);
    const list = await app.inject({ method: 'GET', url: '/api/bthw/listPage?pageSize=50', headers: { cookie } });
    expect(list.json().data.list.map((i: { lgcSn: string }) => i.lgcSn)).not.toContain(ended.lgcSn);
  });

  it('is registered with the job runner', async () => {
    expect(await app.jobs.runDue(new Date())).toContain(EXPIRY_JOB_NAME);
  });
});
