import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, lastMailTo, nextIp, sessionCookie, uploadFile } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { sampleBmp, sampleJpeg, samplePdf, samplePng } from '../../../test/sample-files.ts';

const { app, database } = await buildTestAppWithStorage('portal-feedback-test-');
const db = database.db;
const staff = await buildUser(db, { roles: [ROLE.bankStaff], name: 'Service Desk Wu' });
const staffCookie = await sessionCookie(db, staff.id);

type Part = [name: string, data: Buffer];

function submit(fields: Record<string, string>, files: Part[] = [], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, data] of files) form.append('file', new Blob([new Uint8Array(data)]), name);
  return app.inject({ method: 'POST', url: '/api/feedback/submit', remoteAddress: nextIp(), headers, payload: form });
}

const MB = 1024 * 1024;

describe('POST /api/feedback/submit', () => {
  it('takes a visitor’s feedback with images of every allowed kind, checked by content', async () => {
    const res = await submit({ text: 'The research PDF does not open on my tablet.', emailAdr: 'Ana@Bank.example' }, [
      ['photo.jfif', sampleJpeg()],
      ['scan.pjpeg', sampleJpeg()],
      ['screen.png', samplePng()],
      ['old.bmp', sampleBmp()],
    ]);
    expect(res.statusCode).toBe(200);
    const row = await db
      .selectFrom('feedback')
      .selectAll()
      .where('lgcSn', '=', res.json().data.lgcSn)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe('ana@bank.example');
    expect(row.imageIds).toHaveLength(4);
    const files = await db.selectFrom('fileObject').selectAll().where('lgcSn', 'in', row.imageIds).execute();
    expect(files.map((f) => f.mime).sort()).toEqual(['image/bmp', 'image/jpeg', 'image/jpeg', 'image/png']);
    expect(new Set(files.map((f) => f.attachedTo))).toEqual(new Set([`feedback:${row.lgcSn}`]));
  });

  it('refuses a PDF renamed to .png (415) and keeps nothing', async () => {
    const before = await db.selectFrom('feedback').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await submit({ text: 'See attached', emailAdr: 'a@b.example' }, [
      ['ok.png', samplePng()],
      ['fake.png', samplePdf()],
    ]);
    expect(res.statusCode).toBe(415);
    const after = await db.selectFrom('feedback').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses an image over 10 MB (413)', async () => {
    const big = Buffer.concat([samplePng(), Buffer.alloc(10 * MB)]);
    const res = await submit({ text: 'Big', emailAdr: 'a@b.example' }, [['big.png', big]]);
    expect(res.statusCode).toBe(413);
  });

  it('refuses more than 10 images, naming the field', async () => {
    const files: Part[] = Array.from({ length: 11 }, (_, i) => [`p${i}.png`, samplePng()]);
    const res = await submit({ text: 'Many', emailAdr: 'a@b.example' }, files);
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0]).toMatchObject({ field: 'file', rule: 'tooManyItems' });
  });

  it('names the e-mail and text fields in the reader’s language', async () => {
    const res = await submit({ text: '  ', emailAdr: 'nope' }, [], { lang: 'zh-CN' });
    expect(res.statusCode).toBe(422);
    const fields = res
      .json()
      .data.fields.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['emailAdr', 'text']);
    expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('feedback images', () => {
  it('cannot be uploaded on their own through the file service', async () => {
    const user = await buildUser(db);
    const res = await uploadFile(
      app,
      { cookie: await sessionCookie(db, user.id) },
      { purpose: 'feedback', name: 'a.png', data: samplePng() },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].field).toBe('purpose');
  });
});

describe('answering feedback', () => {
  it('e-mails the answer in the sender’s language once, and refuses a second answer', async () => {
    const sent = await submit({ text: '希望增加人民币清算的介绍。', emailAdr: 'zhang@bank.example' }, [], {
      lang: 'zh-CN',
    });
    const lgcSn = sent.json().data.lgcSn;
    const waiting = await app.inject({
      method: 'GET',
      url: '/api/backend/feedback?answered=0',
      headers: { cookie: staffCookie },
    });
    expect(waiting.json().data.list.map((f: { lgcSn: string }) => f.lgcSn)).toContain(lgcSn);

    const answer = await app.inject({
      method: 'POST',
      url: `/api/backend/feedback/${lgcSn}/answer`,
      headers: { cookie: staffCookie },
      payload: { answer: '感谢建议，我们已在跨境人民币专题中补充了清算介绍。' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      answeredBy: 'Service Desk Wu',
      answer: expect.stringContaining('清算'),
    });
    const { mail } = await lastMailTo(db, 'zhang@bank.example');
    expect(mail?.template).toBe('feedbackAnswered');
    expect(mail?.locale).toBe('zh-CN');
    expect(mail?.textBody).toContain('感谢建议');

    const again = await app.inject({
      method: 'POST',
      url: `/api/backend/feedback/${lgcSn}/answer`,
      headers: { cookie: staffCookie },
      payload: { answer: 'Again' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets staff see a feedback image', async () => {
    const sent = await submit({ text: 'Logo looks blurry', emailAdr: 'x@y.example' }, [['s.png', samplePng()]]);
    const detail = await app.inject({
      method: 'GET',
      url: `/api/backend/feedback/${sent.json().data.lgcSn}`,
      headers: { cookie: staffCookie },
    });
    const image = detail.json().data.images[0];
    const file = await app.inject({ method: 'GET', url: image.url, headers: { cookie: staffCookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});

describe('leave messages', () => {
  it('lets an active user leave a message, read it back, and get the reply by e-mail', async () => {
    const user = await buildUser(db, { locale: 'en-US', email: 'lm-user@partner.example', name: 'Maria Lopes' });
    const cookie = await sessionCookie(db, user.id);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/cooperLevgMg/saveLevaingMessage',
      headers: { cookie },
      payload: { content: 'Who can we contact about panda bond underwriting?' },
    });
    expect(saved.statusCode).toBe(200);
    const lgcSn = saved.json().data.lgcSn;

    const reply = await app.inject({
      method: 'POST',
      url: `/api/backend/leaveMessages/${lgcSn}/reply`,
      headers: { cookie: staffCookie },
      payload: { reply: 'Our debt capital markets desk will contact you this week.' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ userName: 'Maria Lopes', repliedBy: 'Service Desk Wu' });

    const mine = await app.inject({ method: 'GET', url: '/api/cooperLevgMg/getLevaingMessage', headers: { cookie } });
    expect(mine.json().data.list[0]).toMatchObject({ lgcSn, reply: expect.stringContaining('debt capital') });
    const { mail } = await lastMailTo(db, 'lm-user@partner.example');
    expect(mail?.template).toBe('leaveMessageReplied');
  });

  it('shows a user only their own messages', async () => {
    const other = await buildUser(db);
    const cookie = await sessionCookie(db, other.id);
    const mine = await app.inject({ method: 'GET', url: '/api/cooperLevgMg/getLevaingMessage', headers: { cookie } });
    expect(mine.json().data.total).toBe(0);
  });
});
