/**
 * The back office's spreadsheet exports, through the HTTP API against the real database: every
 * row matching the list's filters (not one page), RFC 4180 quoting, UTF-8 with BOM, CRLF, the
 * formula-injection guard, the header and the codes in the reader's language, the file name, the
 * row cap, and staff-only access.
 */

import { randomUUID } from 'node:crypto';
import { ROLE } from '@portal/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import * as csv from '../src/platform/csv.ts';
import { buildRequest } from './cooperation-factories.ts';
import { buildInstitution, buildUser, sessionCookie } from './factories.ts';
import { buildTestApp } from './helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const staff = await buildUser(db, { roles: [ROLE.bankStaff], name: 'Sam Staff' });
const staffCookie = await sessionCookie(db, staff.id);
const member = await buildUser(db);
const memberCookie = await sessionCookie(db, member.id);

/** A minimal RFC 4180 reader: quoted cells with doubled quotes, commas and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

async function download(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers: { cookie: staffCookie, ...headers } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  const bytes = res.rawPayload;
  expect([...bytes.subarray(0, 3)], 'UTF-8 byte-order mark').toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  return { res, text, rows: parseCsv(text) };
}

const today = new Date().toISOString().slice(0, 10);

describe('the CSV writer', () => {
  it('quotes per RFC 4180 and guards cells a spreadsheet would run as formulas', () => {
    expect(csv.csvCell('plain')).toBe('plain');
    expect(csv.csvCell('a,b')).toBe('"a,b"');
    expect(csv.csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csv.csvCell('two\nlines')).toBe('"two\nlines"');
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(csv.csvCell(risky).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csv.csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.csvCell(-5)).toBe('-5');
    expect(csv.csvCell(null)).toBe('');
    expect(csv.csvCell(undefined)).toBe('');
    const bytes = csv.toCsv([{ header: 'Name', value: (r: { n: string }) => r.n }], [{ n: '王' }]);
    expect(bytes.toString('utf8')).toBe('\uFEFFName\r\n王\r\n');
  });

  it('names the file with an ASCII name and its RFC 5987 twin', () => {
    expect(csv.attachmentDisposition('registrations-2026-11-26.csv')).toBe(
      `attachment; filename="registrations-2026-11-26.csv"; filename*=UTF-8''registrations-2026-11-26.csv`,
    );
    expect(csv.attachmentDisposition('导出.csv')).toBe(
      `attachment; filename="__.csv"; filename*=UTF-8''%E5%AF%BC%E5%87%BA.csv`,
    );
  });
});

// Registrations: 25 under review (more than a page), one rejected, at a Portuguese bank.
const tag = `exp${randomUUID().slice(0, 6)}`;
const inst = await buildInstitution(db, { name: `Harbour Bank ${tag}`, country: 'PT' });
const applicants: Awaited<ReturnType<typeof buildUser>>[] = [];
for (let i = 0; i < 25; i++) {
  applicants.push(
    await buildUser(db, {
      name: i === 0 ? '=cmd|"/c calc"!A0' : `Applicant ${tag} ${String(i).padStart(2, '0')}`,
      email: `applicant-${i}-${tag}@bank.example`,
      activation: '5',
      institutionId: inst.id,
    }),
  );
}
const rejected = await buildUser(db, {
  name: `Rejected, "quoted" ${tag}`,
  email: `rejected-${tag}@bank.example`,
  activation: '7',
  institutionId: inst.id,
});

await db
  .updateTable('appUser')
  .set({ profile: JSON.stringify({ country: 'PT' }) })
  .where('institutionId', '=', inst.id)
  .execute();
describe('GET /api/backend/registrations/export', () => {
  it('sends every matching row (not one page) with the header, quoting, guard and file name', async () => {
    const { res, rows } = await download(`/api/backend/registrations/export?activation=5&q=${tag}`);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="registrations-${today}.csv"; filename*=UTF-8''registrations-${today}.csv`,
    );
    expect(rows[0]).toEqual([
      'Submitted (UTC)',
      'Applicant',
      'E-mail',
      'Institution',
      'SWIFT code',
      'Country/region',
      'Review status',
    ]);
    expect(rows).toHaveLength(1 + 25);
    const byEmail = new Map(rows.slice(1).map((row) => [row[2], row]));
    expect(byEmail.get(applicants[0]!.email)![1], 'formula guarded').toBe(`'=cmd|"/c calc"!A0`);
    const second = byEmail.get(applicants[1]!.email)!;
    expect(second.slice(1)).toEqual([
      `Applicant ${tag} 01`,
      applicants[1]!.email,
      `Harbour Bank ${tag}`,
      inst.swiftCode,
      'Portugal',
      'Pending review',
    ]);
    expect(second[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byEmail.has(rejected.email), 'the status filter applies').toBe(false);
  });

  it('applies the status filter and quotes commas and quotes', async () => {
    const { text, rows } = await download(`/api/backend/registrations/export?activation=7&q=${tag}`);
    expect(rows).toHaveLength(2);
    expect(rows[1]![1]).toBe(`Rejected, "quoted" ${tag}`);
    expect(text).toContain(`"Rejected, ""quoted"" ${tag}"`);
    expect(rows[1]![6]).toBe('Rejected');
  });

  it('writes the header, countries and states in Chinese for a Chinese reader', async () => {
    const { rows } = await download(`/api/backend/registrations/export?activation=7&q=${tag}`, {
      'accept-language': 'zh-CN',
    });
    expect(rows[0]).toEqual(['提交时间（UTC）', '申请人', '电子邮箱', '机构', 'SWIFT 代码', '国家/地区', '审核状态']);
    expect(rows[1]![5]).toBe('葡萄牙');
    expect(rows[1]![6]).toBe('已驳回');
  });

  it('is for bank staff only', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/backend/registrations/export' });
    expect(visitor.statusCode).toBe(401);
    const user = await app.inject({
      method: 'GET',
      url: '/api/backend/registrations/export',
      headers: { cookie: memberCookie },
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('GET /api/backend/users/export', () => {
  it('sends the accounts matching the search and status, roles and states by name', async () => {
    const tag = `acc${randomUUID().slice(0, 6)}`;
    const inst = await buildInstitution(db, { name: `Account Bank ${tag}` });
    await buildUser(db, {
      name: `Active ${tag}`,
      roles: [ROLE.general, ROLE.institutionAdmin],
      institutionId: inst.id,
    });
    await buildUser(db, { name: `Stopped ${tag}`, status: 'stopped', institutionId: inst.id });
    const all = await download(`/api/backend/users/export?q=${tag}`);
    expect(all.res.headers['content-disposition']).toContain(`filename="accounts-${today}.csv"`);
    expect(all.rows[0]![0]).toBe('Name');
    expect(
      all.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([`Active ${tag}`, `Stopped ${tag}`]);
    const active = all.rows.find((row) => row[0] === `Active ${tag}`)!;
    expect(active[6]).toBe('General user, Institution administrator');
    expect(active[7]).toBe('Approved');
    const stopped = await download(`/api/backend/users/export?q=${tag}&status=stopped`, { 'accept-language': 'zh-CN' });
    expect(stopped.rows[0]![0]).toBe('姓名');
    expect(stopped.rows.slice(1).map((row) => row[0])).toEqual([`Stopped ${tag}`]);
    expect(stopped.rows[1]![8]).toBe('已停用');
  });
});

describe('GET /api/backend/cooperation/export', () => {
  it('sends the published requests matching the search and status, codes by name', async () => {
    const tag = `coop${randomUUID().slice(0, 6)}`;
    const owner = await buildUser(db, { name: 'Olivia Owner' });
    await buildRequest(db, { ownerUserId: owner.id, institutionId: owner.institutionId!, name: `Loan ${tag}` });
    await buildRequest(db, {
      ownerUserId: owner.id,
      institutionId: owner.institutionId!,
      name: `+Old ${tag}`,
      status: 'invalid',
      invalidReason: 'expired',
    });
    await buildRequest(db, {
      ownerUserId: owner.id,
      institutionId: owner.institutionId!,
      name: `Draft ${tag}`,
      status: 'draft',
    });
    const all = await download(`/api/backend/cooperation/export?q=${tag}`);
    expect(all.res.headers['content-disposition']).toContain(`filename="cooperation-requests-${today}.csv"`);
    expect(
      all.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([`'+Old ${tag}`, `Loan ${tag}`]);
    const header = all.rows[0]!;
    const loan = all.rows.find((row) => row[0] === `Loan ${tag}`)!;
    expect(loan[header.indexOf('Status')]).toBe('Effective');
    expect(loan[header.indexOf('Published by')]).toBe('Olivia Owner');
    expect(loan[header.indexOf('Direction')]).toMatch(/funding/);
    const invalid = await download(`/api/backend/cooperation/export?q=${tag}&status=invalid`, {
      'accept-language': 'zh-CN',
    });
    expect(invalid.rows).toHaveLength(2);
    const zhHeader = invalid.rows[0]!;
    expect(zhHeader[0]).toBe('需求名称');
    expect(invalid.rows[1]![zhHeader.indexOf('状态')]).toBe('已过期');
    expect(invalid.rows[1]![zhHeader.indexOf('方向')]).toMatch(/资金/);
  });
});

describe('GET /api/backend/feedback/export', () => {
  it('sends the feedback matching the answered filter', async () => {
    const tag = `fb${randomUUID().slice(0, 6)}`;
    await db
      .insertInto('feedback')
      .values([
        {
          lgcSn: randomUUID(),
          text: `Waiting, line one\nline two ${tag}`,
          email: `a-${tag}@x.example`,
          locale: 'zh-CN',
        },
        {
          lgcSn: randomUUID(),
          text: `Answered ${tag}`,
          email: `b-${tag}@x.example`,
          locale: 'en-US',
          answer: '@thanks',
          answeredBy: staff.id,
          answeredAt: sql`now()`,
        },
      ])
      .execute();
    const waiting = await download('/api/backend/feedback/export?answered=0');
    expect(waiting.res.headers['content-disposition']).toContain(`filename="feedback-${today}.csv"`);
    const mine = waiting.rows.filter((row) => row[4]!.includes(tag));
    expect(mine).toHaveLength(1);
    expect(mine[0]![4]).toBe(`Waiting, line one\nline two ${tag}`);
    expect(mine[0]![3]).toBe('Chinese');
    const answered = await download('/api/backend/feedback/export?answered=1', { 'accept-language': 'zh-CN' });
    expect(answered.rows[0]).toContain('答复');
    const row = answered.rows.find((r) => r[4] === `Answered ${tag}`)!;
    expect(row[3]).toBe('英文');
    expect(row[6]).toBe("'@thanks");
    expect(row[7]).toBe('Sam Staff');
  });
});

describe('GET /api/backend/visits/export', () => {
  it('sends the report rows for the range and page, in Chinese for a Chinese reader', async () => {
    await db
      .insertInto('eventTrackDaily')
      .values([
        { day: '2025-03-01', page: '/policyInformation', action: 'view', target: '', count: 7 },
        { day: '2025-03-02', page: '/policyInformation', action: 'click', target: 'article:x', count: 2 },
        { day: '2025-03-02', page: '/greenFinance', action: 'view', target: '', count: 1 },
        { day: '2025-03-09', page: '/greenFinance', action: 'view', target: '', count: 9 },
      ])
      .execute();
    const range = await download('/api/backend/visits/export?from=2025-03-01&until=2025-03-03');
    expect(range.res.headers['content-disposition']).toContain(`filename="visits-${today}.csv"`);
    expect(range.rows).toEqual([
      ['Day (China time, UTC+8)', 'Page', 'Views', 'Clicks'],
      ['2025-03-01', '/policyInformation', '7', '0'],
      ['2025-03-02', '/greenFinance', '1', '0'],
      ['2025-03-02', '/policyInformation', '0', '2'],
    ]);
    const onePage = await download('/api/backend/visits/export?from=2025-03-01&until=2025-03-31&page=/greenFinance', {
      'accept-language': 'zh-CN',
    });
    expect(onePage.rows).toEqual([
      ['日期（北京时间，UTC+8）', '页面', '浏览量', '点击量'],
      ['2025-03-02', '/greenFinance', '1', '0'],
      ['2025-03-09', '/greenFinance', '9', '0'],
    ]);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/backend/visits/export?from=2025-03-05&until=2025-03-01',
      headers: { cookie: staffCookie },
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the export cap', () => {
  it('answers 422 PRT_EXPORT_TOO_LARGE, in the reader’s language, when more rows match than one file may hold', async () => {
    const tag = `cap${randomUUID().slice(0, 6)}`;
    const inst = await buildInstitution(db, { name: `Cap Bank ${tag}` });
    for (let i = 0; i < 3; i++) await buildUser(db, { name: `Cap ${tag} ${i}`, institutionId: inst.id });
    expect(csv.exportLimits.maxRows).toBe(50_000);
    csv.exportLimits.maxRows = 2;
    try {
      const res = await app.inject({
        method: 'GET',
        url: `/api/backend/users/export?q=${tag}`,
        headers: { cookie: staffCookie, 'accept-language': 'zh-CN' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'PRT_EXPORT_TOO_LARGE', message: expect.stringContaining('2 条') });
      csv.exportLimits.maxRows = 3;
      expect((await download(`/api/backend/users/export?q=${tag}`)).rows).toHaveLength(4);
    } finally {
      csv.exportLimits.maxRows = csv.EXPORT_ROW_CAP;
    }
  });
});
