import { ROLE } from '@portal/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildUser, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp, inOneRateWindow } from '../../../test/helpers.ts';
import { itOnPostgres } from '../../../test/postgres-only.ts';
import { TRACK_RATE_LIMIT } from './tracking.service.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);

const track = (events: unknown[], ip = nextIp()) =>
  app.inject({ method: 'POST', url: '/api/eventTrack/add', remoteAddress: ip, payload: { events } });

const today = async () =>
  (await sql<{ day: string }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day`.execute(db))
    .rows[0]!.day;

describe('POST /api/eventTrack/add', () => {
  it('adds a batch to one counter per page, action and target and day, not a row per hit', async () => {
    const first = await track([
      { page: '/home', action: 'view' },
      { page: '/home', action: 'view' },
      { page: '/home', action: 'click', target: 'banner:1' },
      { page: '/home', action: 'click', target: 'banner:1' },
      { page: '/about', action: 'view', target: 'ignored for views' },
    ]);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.accepted).toBe(5);
    await track([{ page: '/home', action: 'view' }]);

    const rows = await db.selectFrom('eventTrackDaily').selectAll().orderBy('page').orderBy('action').execute();
    expect(rows.map((r) => [r.page, r.action, r.target, Number(r.count)])).toEqual([
      ['/about', 'view', '', 1],
      ['/home', 'click', 'banner:1', 2],
      ['/home', 'view', '', 3],
    ]);
  });

  itOnPostgres('keeps concurrent batches exact', async () => {
    await Promise.all(Array.from({ length: 10 }, () => track([{ page: '/load', action: 'view' }])));
    const row = await db
      .selectFrom('eventTrackDaily')
      .select('count')
      .where('page', '=', '/load')
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(10);
  });

  it('refuses more than 50 events, a page that is not a path, and an unknown action', async () => {
    const many = Array.from({ length: 51 }, () => ({ page: '/home', action: 'view' }));
    expect((await track(many)).statusCode).toBe(422);
    expect((await track([{ page: 'https://evil.example/', action: 'view' }])).statusCode).toBe(422);
    expect((await track([{ page: '/home', action: 'hover' }])).statusCode).toBe(422);
  });

  it('limits the rate per client address', async () => {
    const last = await inOneRateWindow(TRACK_RATE_LIMIT.windowSeconds, async () => {
      const ip = nextIp();
      let status = 200;
      for (let i = 0; i < 301 && status === 200; i++)
        status = (await track([{ page: '/rl', action: 'view' }], ip)).statusCode;
      return status;
    });
    expect(last).toBe(429);
  });
});

describe('GET /api/backend/visits', () => {
  it('reports views and clicks per page and day, with totals per page', async () => {
    await db
      .insertInto('eventTrackDaily')
      .values([
        { day: '2026-01-01', page: '/policyInformation', action: 'view', target: '', count: 7 },
        { day: '2026-01-02', page: '/policyInformation', action: 'view', target: '', count: 5 },
        { day: '2026-01-02', page: '/policyInformation', action: 'click', target: 'article:x', count: 2 },
        { day: '2026-01-02', page: '/greenFinance', action: 'view', target: '', count: 1 },
        { day: '2026-01-05', page: '/greenFinance', action: 'view', target: '', count: 9 },
      ])
      .execute();
    const res = await app.inject({
      method: 'GET',
      url: '/api/backend/visits?from=2026-01-01&until=2026-01-03',
      headers: { cookie: staffCookie },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.days).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(report.rows).toEqual([
      { day: '2026-01-01', page: '/policyInformation', views: 7, clicks: 0 },
      { day: '2026-01-02', page: '/greenFinance', views: 1, clicks: 0 },
      { day: '2026-01-02', page: '/policyInformation', views: 5, clicks: 2 },
    ]);
    expect(report.pages).toEqual([
      { page: '/policyInformation', views: 12, clicks: 2 },
      { page: '/greenFinance', views: 1, clicks: 0 },
    ]);
  });

  it('counts today under the bank’s reporting day', async () => {
    const day = await today();
    const res = await app.inject({
      method: 'GET',
      url: `/api/backend/visits?from=${day}&until=${day}&page=/home`,
      headers: { cookie: staffCookie },
    });
    expect(res.json().data.pages).toEqual([{ page: '/home', views: 3, clicks: 2 }]);
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/backend/visits?from=2026-02-01&until=2026-01-01',
      headers: { cookie: staffCookie },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0]).toMatchObject({ field: 'until', rule: 'dateOrder' });
  });

  it('refuses a range longer than 366 days, in the reader’s language', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/backend/visits?from=2024-01-01&until=2025-12-31',
      headers: { cookie: staffCookie, lang: 'zh-CN' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].message).toContain('366');
  });
});
