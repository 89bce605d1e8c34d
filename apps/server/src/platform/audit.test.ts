import { describe, expect, it } from 'vitest';
import { buildInstitution, buildUser } from '../../test/factories.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { AUDIT_ACTIONS, listAudit, recordAudit } from './audit.ts';
import { AppError } from './errors.ts';

const { db } = await createTestDatabase();

/** Records an entry and moves it to a chosen moment (the column defaults to now()). */
async function recordAt(at: string, entry: Parameters<typeof recordAudit>[1]) {
  await recordAudit(db, entry);
  const { id } = await db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirstOrThrow();
  await db
    .updateTable('auditLog')
    .set({ at: new Date(at) })
    .where('id', '=', id)
    .execute();
}

await recordAt('2030-03-01T09:00:00Z', {
  actorEmail: 'ann@partner-bank.example',
  action: AUDIT_ACTIONS.login,
  targetType: 'user',
  targetId: 'u-ann',
  ip: '203.0.113.5',
});
await recordAt('2030-03-01T23:59:59Z', {
  actorEmail: 'Bob@Bank.example',
  action: AUDIT_ACTIONS.loginFailed,
  detail: { failures: 2 },
});
await recordAt('2030-03-02T00:00:00Z', {
  actorEmail: 'carol@bank.example',
  action: AUDIT_ACTIONS.approved,
  detail: { note: 'ok' },
});
await recordAt('2030-03-03T12:00:00Z', { actorEmail: 'ann@partner-bank.example', action: AUDIT_ACTIONS.logout });
await recordAt('2030-03-04T08:00:00Z', { action: 'system.sweep' });
await recordAt('2030-03-05T08:00:00Z', { actorEmail: 'odd_100%@bank.example', action: AUDIT_ACTIONS.login });

const page = { pageNo: 1, pageSize: 20 };
const actionsOf = async (query: Parameters<typeof listAudit>[1]) =>
  (await listAudit(db, query)).list.map((entry) => entry.action);

describe('recordAudit and listAudit', () => {
  it('lists entries newest first with every field, times in ISO 8601', async () => {
    const result = await listAudit(db, page);
    expect(result.total).toBe(6);
    expect(result.list.map((e) => e.at)).toEqual([
      '2030-03-05T08:00:00.000Z',
      '2030-03-04T08:00:00.000Z',
      '2030-03-03T12:00:00.000Z',
      '2030-03-02T00:00:00.000Z',
      '2030-03-01T23:59:59.000Z',
      '2030-03-01T09:00:00.000Z',
    ]);
    expect(result.list[5]).toEqual({
      id: expect.any(Number),
      at: '2030-03-01T09:00:00.000Z',
      actorEmail: 'ann@partner-bank.example',
      action: 'auth.login',
      targetType: 'user',
      targetId: 'u-ann',
      detail: {},
      ip: '203.0.113.5',
      targetName: null,
      targetInstitution: null,
    });
    expect(result.list[4]).toMatchObject({ detail: { failures: 2 }, targetType: null, targetId: null, ip: null });
    expect(result.list[1]).toMatchObject({ actorEmail: null, action: 'system.sweep' });
  });

  it('filters by action', async () => {
    expect(await actionsOf({ ...page, action: 'auth.login' })).toEqual(['auth.login', 'auth.login']);
  });

  it('filters by part of the actor e-mail, in any case', async () => {
    expect(await actionsOf({ ...page, actor: 'BANK.EX' })).toHaveLength(5);
    expect(await actionsOf({ ...page, actor: 'partner' })).toEqual(['auth.logout', 'auth.login']);
    expect(await actionsOf({ ...page, actor: 'bob' })).toEqual(['auth.login_failed']);
  });

  it('treats % and _ in the actor filter as plain characters', async () => {
    expect(await actionsOf({ ...page, actor: '_100%' })).toEqual(['auth.login']);
    expect(await actionsOf({ ...page, actor: '%' })).toEqual(['auth.login']);
  });

  it('includes the whole of the first and last day', async () => {
    expect(await actionsOf({ ...page, from: '2030-03-01', to: '2030-03-01' })).toEqual([
      'auth.login_failed',
      'auth.login',
    ]);
    expect(await actionsOf({ ...page, from: '2030-03-02', to: '2030-03-03' })).toEqual([
      'auth.logout',
      'review.approved',
    ]);
    expect(await actionsOf({ ...page, from: '2030-03-04' })).toEqual(['auth.login', 'system.sweep']);
    expect(await actionsOf({ ...page, to: '2030-03-01' })).toHaveLength(2);
  });

  it('combines filters', async () => {
    const result = await listAudit(db, {
      ...page,
      actor: 'ann',
      action: 'auth.logout',
      from: '2030-03-03',
      to: '2030-03-03',
    });
    expect(result.total).toBe(1);
    expect(result.list[0]?.action).toBe('auth.logout');
  });

  it('pages, with the total of all matching entries', async () => {
    const second = await listAudit(db, { pageNo: 2, pageSize: 4 });
    expect(second).toMatchObject({ total: 6, pageNo: 2, pageSize: 4 });
    expect(second.list.map((e) => e.at)).toEqual(['2030-03-01T23:59:59.000Z', '2030-03-01T09:00:00.000Z']);
    expect((await listAudit(db, { pageNo: 3, pageSize: 4 })).list).toEqual([]);
  });

  it('refuses a date that is not YYYY-MM-DD', async () => {
    await expect(listAudit(db, { ...page, from: '2030-02-30x' })).rejects.toBeInstanceOf(AppError);
  });

  it('joins the caller’s transaction: nothing is logged when it rolls back', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await recordAudit(trx, { action: 'test.rolled_back' });
        throw new Error('business write failed');
      })
      .catch(() => {});
    expect(await actionsOf({ ...page, action: 'test.rolled_back' })).toEqual([]);
  });
});

describe('AUDIT_ACTIONS', () => {
  it('names every action as area.verb, each once', () => {
    const names = Object.values(AUDIT_ACTIONS);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names)
      expect(name).toMatch(
        /^(auth|user|review|institution|cooperation|master_agreement|agreement|intention|push|seal|contract)\.[a-z_]+$/,
      );
    expect(names.length).toBeGreaterThanOrEqual(25);
  });
});

describe('listAudit: the target by name', () => {
  it('names a user target with their institution, and an institution target by its name; a gone target stays unnamed', async () => {
    const harbour = await buildInstitution(db, { name: 'Harbour Bank' });
    const tess = await buildUser(db, { name: 'Tess Lee', institutionId: harbour.id });
    await recordAt('2031-01-01T00:00:00Z', {
      action: AUDIT_ACTIONS.approved,
      targetType: 'user',
      targetId: tess.lgcSn,
    });
    await recordAt('2031-01-01T00:00:01Z', {
      action: AUDIT_ACTIONS.institutionStopped,
      targetType: 'institution',
      targetId: harbour.lgcSn,
    });
    await recordAt('2031-01-01T00:00:02Z', { action: AUDIT_ACTIONS.deleted, targetType: 'user', targetId: 'gone' });
    const { list, total } = await listAudit(db, { ...page, from: '2031-01-01', to: '2031-01-01' });
    expect(total).toBe(3);
    expect(list.map((e) => [e.action, e.targetName, e.targetInstitution])).toEqual([
      ['user.deleted', null, null],
      ['institution.stopped', 'Harbour Bank', null],
      ['review.approved', 'Tess Lee', 'Harbour Bank'],
    ]);
  });
});
