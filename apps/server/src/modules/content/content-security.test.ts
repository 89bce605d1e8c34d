import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionCookie, uploadFile } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { samplePdf, samplePng } from '../../../test/sample-files.ts';

// Issue 15, findings 9 (content file ETags, private files on public routes) and 11 (staff links).

const { app, database } = await buildTestAppWithStorage('portal-content-security-');
const db = database.db;

const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
const staffCookie = await sessionCookie(db, staff.id);
const member = await buildUser(db);
const memberCookie = await sessionCookie(db, member.id);

async function upload(cookie: string, purpose: string, name: string, data: Buffer): Promise<string> {
  const res = await uploadFile(app, { cookie }, { purpose, name, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list[0].lgcSn;
}

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { cookie: staffCookie, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const sha256Of = async (lgcSn: string) =>
  (await db.selectFrom('fileObject').select('sha256').where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow()).sha256;

const banner = (overrides: Record<string, unknown> = {}) => ({
  title: { en: 'RMB week', zh: '人民币周' },
  linksUrl: 'https://bank.example/rmb',
  ...overrides,
});

async function publishedBannerWithImage(): Promise<string> {
  const image = await upload(staffCookie, 'contentImage', 'banner.png', samplePng());
  const created = await post('/api/backend/content/banners', banner({ imageFileId: image }));
  expect(created.statusCode, created.body).toBe(200);
  await post(`/api/backend/content/banners/${created.json().data.lgcSn}/publish`);
  return image;
}

describe('content images: ETags and private files', () => {
  it('answers 404, never 304, to a visitor guessing a private attachment’s SHA-256', async () => {
    // An introduction attachment (a user's own upload, attached to them) and a request attachment.
    const intro = await upload(memberCookie, 'attachment', 'licence.png', samplePng());
    await db
      .updateTable('fileObject')
      .set({ attachedTo: `user:${member.lgcSn}` })
      .where('lgcSn', '=', intro)
      .execute();
    const request = await upload(memberCookie, 'attachment', 'terms.pdf', samplePdf('Terms'));
    await db.updateTable('fileObject').set({ attachedTo: 'cooperation:R-1' }).where('lgcSn', '=', request).execute();
    const feedback = await upload(memberCookie, 'attachment', 'shot.png', samplePng());
    await db
      .updateTable('fileObject')
      .set({ purpose: 'feedback', attachedTo: 'feedback:F-1' })
      .where('lgcSn', '=', feedback)
      .execute();
    // Even a content image, once marked as content, is not public while only a draft uses it.
    const draftImage = await upload(staffCookie, 'contentImage', 'draft.png', samplePng());
    expect((await post('/api/backend/content/banners', banner({ imageFileId: draftImage }))).statusCode).toBe(200);

    for (const lgcSn of [intro, request, feedback, draftImage]) {
      const sha = await sha256Of(lgcSn);
      for (const guess of [
        `"${sha.slice(0, 32)}"`,
        `"${sha}"`,
        `W/"${sha.slice(0, 32)}"`,
        `"${sha.slice(0, 8)}"`,
        '*',
      ]) {
        const res = await get(`/api/content/image/${lgcSn}`, { 'if-none-match': guess });
        expect(res.statusCode, `${lgcSn} ${guess}`).toBe(404);
        expect(res.json().code).toBe('PRT_NOT_FOUND');
        expect(res.headers.etag).toBeUndefined();
      }
      expect((await get(`/api/content/image/${lgcSn}`)).statusCode).toBe(404);
    }
    // The same answer as an id that does not exist.
    const unknown = await get('/api/content/image/no-such-file', { 'if-none-match': '"x"' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRT_NOT_FOUND');
    // Staff see a draft's image (back-office preview), never cached.
    const preview = await get(`/api/content/image/${draftImage}`, { cookie: staffCookie });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
  });

  it('shows an editor’s own unsaved inline image to its uploader only, never cached', async () => {
    // Uploaded from the rich-text editor, before the entry that will claim it is saved.
    const inline = await upload(staffCookie, 'contentImage', 'inline.png', samplePng());
    const own = await get(`/api/content/image/${inline}`, { cookie: staffCookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const otherStaff = await buildUser(db, { roles: [ROLE.bankStaff] });
    for (const cookie of [await sessionCookie(db, otherStaff.id), memberCookie, undefined]) {
      const res = await get(`/api/content/image/${inline}`, cookie ? { cookie } : {});
      expect(res.statusCode).toBe(404);
    }
    // A member's own unclaimed upload is no content image for them either.
    const mine = await upload(memberCookie, 'attachment', 'scan.png', samplePng());
    expect((await get(`/api/content/image/${mine}`, { cookie: memberCookie })).statusCode).toBe(404);
  });

  it('gives a published content image an ETag not derived from its content, and 304 only for the whole tag', async () => {
    const image = await publishedBannerWithImage();
    const sha = await sha256Of(image);
    const first = await get(`/api/content/image/${image}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=86400, immutable');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"f-[A-Za-z0-9_-]{27}"$/);
    expect(etag).not.toContain(sha.slice(0, 8));

    expect((await get(`/api/content/image/${image}`, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get(`/api/content/image/${image}`, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    // A prefix of the tag, or the content hash, is not the tag.
    for (const guess of [etag.slice(0, 10), `${etag.slice(0, -2)}"`, `"${sha.slice(0, 32)}"`, `"${sha}"`]) {
      const res = await get(`/api/content/image/${image}`, { 'if-none-match': guess });
      expect(res.statusCode, guess).toBe(200);
      expect(res.rawPayload).toEqual(samplePng());
    }
  });

  it('serves content documents with the same ETag rule, to active users only', async () => {
    const pdf = await upload(staffCookie, 'contentDocument', 'fits.pdf', samplePdf('FITs'));
    const report = await post('/api/backend/content/reports', {
      title: { en: 'FITs No. 2', zh: 'FITs 第2期' },
      summary: { en: '', zh: '' },
      publishDate: '2026-02-01',
      pdfFileId: pdf,
    });
    await post(`/api/backend/content/reports/${report.json().data.lgcSn}/publish`);
    const doc = await get(`/api/content/document/${pdf}`, { cookie: memberCookie });
    expect(doc.statusCode).toBe(200);
    const etag = String(doc.headers.etag);
    expect(etag).not.toContain((await sha256Of(pdf)).slice(0, 8));
    expect(
      (await get(`/api/content/document/${pdf}`, { cookie: memberCookie, 'if-none-match': etag })).statusCode,
    ).toBe(304);
    // A document is not an image: the public image route does not serve it.
    expect((await get(`/api/content/image/${pdf}`, { 'if-none-match': etag })).statusCode).toBe(404);
  });
});

const UNSAFE = [
  '//evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  ' //evil',
  'http:/\\evil',
];

const LINK_FIELDS = [
  {
    kind: 'banners',
    field: 'linksUrl',
    label: { en: 'Link', zh: '链接' },
    body: (link: string) => banner({ linksUrl: link }),
  },
  {
    kind: 'modules',
    field: 'linkUrl',
    label: { en: 'Link', zh: '链接' },
    body: (link: string) => ({
      moduleType: '1',
      title: { en: 'Trade finance', zh: '贸易融资' },
      summary: { en: '', zh: '' },
      body: { en: '', zh: '' },
      linkUrl: link,
    }),
  },
];

describe('staff links', () => {
  for (const { kind, field, label, body } of LINK_FIELDS) {
    it.each(UNSAFE)(
      `${kind}.${field}: refuses %j on create and save, with a field error in both languages`,
      async (link) => {
        const en = await post(`/api/backend/content/${kind}`, body(link));
        expect(en.statusCode, en.body).toBe(422);
        expect(en.json().data.fields).toEqual([
          {
            field,
            rule: 'link',
            message: `${label.en} must be an address starting with https:// or http://, or a path on this site starting with a single / (such as /about).`,
          },
        ]);
        const zh = await post(`/api/backend/content/${kind}`, body(link), { lang: 'zh-CN' });
        expect(zh.json().data.fields[0].message).toBe(
          `${label.zh}须为以 https:// 或 http:// 开头的地址，或以单个 / 开头的本站路径（如 /about）。`,
        );
        const created = await post(`/api/backend/content/${kind}`, body('/about'));
        const saved = await post(`/api/backend/content/${kind}/${created.json().data.lgcSn}`, body(link));
        expect(saved.statusCode).toBe(422);
      },
    );

    it(`${kind}.${field}: accepts https://bank.example/x and /about`, async () => {
      for (const link of ['https://bank.example/x', '/about']) {
        const res = await post(`/api/backend/content/${kind}`, body(link));
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data[field]).toBe(link);
      }
    });
  }

  it.each([...UNSAFE, 'http://survey.example/q', '/about'])('questionnaires.link: refuses %j', async (link) => {
    const res = await post('/api/backend/content/questionnaires', { name: { en: 'Survey', zh: '问卷' }, link });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0]).toMatchObject({ field: 'link', rule: 'httpsLink' });
    const zh = await post(
      '/api/backend/content/questionnaires',
      { name: { en: 'Survey', zh: '问卷' }, link },
      { lang: 'zh-CN' },
    );
    expect(zh.json().data.fields[0].message).toBe('问卷链接须为以 https:// 开头的地址。');
  });

  it('questionnaires.link: accepts https://', async () => {
    const res = await post('/api/backend/content/questionnaires', {
      name: { en: 'Survey', zh: '问卷' },
      link: 'https://survey.example/q',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('does not pass on an unsafe link stored before the rule', async () => {
    const created = await post('/api/backend/content/banners', banner({ title: { en: 'Old', zh: '旧' } }));
    const lgcSn = created.json().data.lgcSn;
    await post(`/api/backend/content/banners/${lgcSn}/publish`);
    await db
      .updateTable('contentEntry')
      .set({ data: JSON.stringify({ linksUrl: '//evil.example/x', wthrChkInd: '0' }) })
      .where('lgcSn', '=', lgcSn)
      .execute();
    await db
      .updateTable('contentVersion')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const list = (await get('/api/bannerP1/bannerListForP1')).json().data.list as { lgcSn: string; linksUrl: string }[];
    expect(list.find((b) => b.lgcSn === lgcSn)?.linksUrl).toBe('');
  });
});
