import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionCookie, uploadFile } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { samplePdf, samplePng } from '../../../test/sample-files.ts';
import { preferredEncoding, VERSION_TTL_MS } from './public-cache.ts';

const { app, database } = await buildTestAppWithStorage('portal-content-test-');
const db = database.db;

const staff = await buildUser(db, { roles: [ROLE.bankStaff], name: 'Editor Chen' });
const staffCookie = await sessionCookie(db, staff.id);
const reader = await buildUser(db);
const readerCookie = await sessionCookie(db, reader.id);

function uploadAs(cookie: string, purpose: string, name: string, data: Buffer) {
  return uploadFile(app, { cookie }, { purpose, name, data });
}

async function uploadContent(purpose: 'contentImage' | 'contentDocument', name: string, data: Buffer) {
  const res = await uploadAs(staffCookie, purpose, name, data);
  expect(res.statusCode).toBe(200);
  return res.json().data.list[0].lgcSn as string;
}

const post = (url: string, payload?: object, cookie = staffCookie) =>
  app.inject({ method: 'POST', url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

function article(overrides: Record<string, unknown> = {}) {
  return {
    category: 'bonds',
    title: { en: 'Bond market weekly', zh: '债券市场周报' },
    summary: { en: 'Yields fell.', zh: '收益率下行。' },
    body: { en: '<p>Yields fell.</p>', zh: '<p>收益率下行。</p>' },
    publishDate: '2026-03-02',
    ...overrides,
  };
}

async function createArticle(overrides: Record<string, unknown> = {}) {
  const res = await post('/api/backend/content/articles', article(overrides));
  expect(res.statusCode).toBe(200);
  return res.json().data.lgcSn as string;
}

describe('rich text', () => {
  it('never lets <script> or onerror= reach a response, on save and on read', async () => {
    const image = await uploadContent('contentImage', 'chart.png', samplePng());
    const hostile = {
      en: `<p>Rates<script>alert(1)</script></p><img src="x" onerror="alert(2)"><img src="/api/content/image/${image}" onerror="alert(3)"><a href="javascript:alert(4)">x</a>`,
      zh: '<p onclick="alert(5)">利率</p><iframe src="https://evil.example"></iframe>',
    };
    const lgcSn = await createArticle({ body: hostile, coverFileId: image });
    const saved = await get(`/api/backend/content/articles/${lgcSn}`, { cookie: staffCookie });
    expect(saved.statusCode).toBe(200);
    expect(await post(`/api/backend/content/articles/${lgcSn}/publish`)).toHaveProperty('statusCode', 200);

    const detail = await get(`/api/consultInfoP1/consultInfoDetailP1/${lgcSn}`, { cookie: readerCookie });
    expect(detail.statusCode).toBe(200);
    for (const text of [saved.body, detail.body]) {
      expect(text).not.toMatch(/<script/i);
      expect(text).not.toMatch(/onerror/i);
      expect(text).not.toMatch(/onclick/i);
      expect(text).not.toMatch(/javascript:/i);
      expect(text).not.toMatch(/<iframe/i);
    }
    const body = detail.json().data.body;
    expect(body.en).toContain(`<img src="/api/content/image/${image}" />`);
    expect(body.en).toContain('<p>Rates</p>');
    expect(body.zh).toBe('<p>利率</p>');

    // A row written straight into the database is cleaned when read, too.
    await db
      .updateTable('contentEntry')
      .set({
        data: JSON.stringify({
          summary: { en: '', zh: '' },
          body: { en: '<img src=x onerror=alert(1)><script>x</script><b>ok</b>', zh: '' },
        }),
      })
      .where('lgcSn', '=', lgcSn)
      .execute();
    await db.updateTable('contentVersion').set({ version: 999 }).execute();
    // Another instance's write: seen within a second.
    await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 50));
    const again = await get(`/api/consultInfoP1/consultInfoDetailP1/${lgcSn}`, { cookie: readerCookie });
    expect(again.json().data.body.en).toBe('<b>ok</b>');
  });
});

describe('publishing and visibility', () => {
  it('keeps drafts from visitors and readers, and shows them once published', async () => {
    const lgcSn = await createArticle({
      title: { en: 'Panda bond outlook', zh: '熊猫债展望' },
      category: 'pandaBonds',
    });
    const list = () => get('/api/consultInfoP1/queryConsultInfosP1?category=pandaBonds');
    expect((await list()).json().data.list).toEqual([]);
    expect((await get(`/api/consultInfoP1/consultInfoDetailP1/${lgcSn}`, { cookie: readerCookie })).statusCode).toBe(
      404,
    );

    await post(`/api/backend/content/articles/${lgcSn}/publish`);
    const published = (await list()).json().data;
    expect(published.total).toBe(1);
    expect(published.list[0].title).toEqual({ en: 'Panda bond outlook', zh: '熊猫债展望' });

    await post(`/api/backend/content/articles/${lgcSn}/unpublish`);
    expect((await list()).json().data.total).toBe(0);
  });

  it('asks visitors to log in for article details and PDFs', async () => {
    const lgcSn = await createArticle();
    await post(`/api/backend/content/articles/${lgcSn}/publish`);
    expect((await get(`/api/consultInfoP1/consultInfoDetailP1/${lgcSn}`)).statusCode).toBe(401);
  });

  it('shows a banner only inside its publish window', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const now = await post('/api/backend/content/banners', {
      title: { en: 'Now', zh: '当前' },
      linksUrl: 'https://bank.example/a',
    });
    const later = await post('/api/backend/content/banners', {
      title: { en: 'Later', zh: '稍后' },
      linksUrl: 'https://bank.example/b',
      publishFrom: future,
    });
    await post(`/api/backend/content/banners/${now.json().data.lgcSn}/publish`);
    await post(`/api/backend/content/banners/${later.json().data.lgcSn}/publish`);
    const titles = (await get('/api/bannerP1/bannerListForP1?remark1=1'))
      .json()
      .data.list.map((b: { title: { en: string } }) => b.title.en);
    expect(titles).toEqual(['Now']);
  });

  it('refuses content uploads and management to anyone but bank staff', async () => {
    expect((await uploadAs(readerCookie, 'contentImage', 'a.png', samplePng())).statusCode).toBe(403);
    expect((await post('/api/backend/content/articles', article(), readerCookie)).statusCode).toBe(403);
  });

  it('names the field when a file of the wrong kind is referred to', async () => {
    const pdf = await uploadContent('contentDocument', 'r.pdf', samplePdf());
    const res = await post('/api/backend/content/articles', article({ coverFileId: pdf }));
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].field).toBe('coverFileId');
  });
});

describe('caching', () => {
  it('answers 304 to a current ETag and a new ETag after a publish', async () => {
    const url = '/api/moduleInfoP1/moduleListForP1?moduleType=1';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, must-revalidate');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);

    const notModified = await get(url, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');

    const created = await post('/api/backend/content/modules', {
      moduleType: '1',
      title: { en: 'Trade finance', zh: '贸易融资' },
      summary: { en: 'Letters of credit and more.', zh: '信用证等。' },
      body: { en: '<p>Details</p>', zh: '<p>详情</p>' },
    });
    // A draft does not change the answer's content: still 304.
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    await post(`/api/backend/content/modules/${created.json().data.lgcSn}/publish`);
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.list[0].title.en).toBe('Trade finance');
  });
});

describe('cached answers, compressed once', () => {
  it('sends the same body compressed as the client accepts it, and as it is otherwise', async () => {
    for (let i = 0; i < 4; i++) {
      await post(
        `/api/backend/content/modules/${
          (
            await post('/api/backend/content/modules', {
              moduleType: '1',
              title: { en: `Cash management ${i}`, zh: `现金管理${i}` },
              summary: {
                en: `Liquidity, payments and collections across the region, item ${i}. `.repeat(3),
                zh: '区域内流动性与支付。',
              },
              body: { en: '<p>Details</p>', zh: '<p>详情</p>' },
            })
          ).json().data.lgcSn
        }/publish`,
      );
    }
    const url = '/api/moduleInfoP1/moduleListForP1?moduleType=1&pageSize=100';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gzip = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it.each([
    [undefined, null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0.0', null],
  ])('picks the encoding of Accept-Encoding %s: %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('product details', () => {
  it('need a signed-in user, and are revalidated privately', async () => {
    const created = await post('/api/backend/content/modules', {
      moduleType: '1',
      title: { en: 'Forfaiting', zh: '福费廷' },
      summary: { en: 'Without recourse.', zh: '无追索权。' },
      body: { en: '<p>Terms</p>', zh: '<p>条款</p>' },
    });
    const lgcSn = created.json().data.lgcSn;
    await post(`/api/backend/content/modules/${lgcSn}/publish`);
    expect((await get(`/api/moduleInfoP1/moduleDetail/${lgcSn}`)).statusCode).toBe(401);
    const detail = await get(`/api/moduleInfoP1/moduleDetail/${lgcSn}`, { cookie: readerCookie });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['cache-control']).toBe('private, no-cache');
    expect(detail.json().data.body.zh).toBe('<p>条款</p>');
  });

  it('rejects a module key that does not fit its type, naming the field', async () => {
    const res = await post('/api/backend/content/modules', {
      moduleType: '0',
      key: 'notATile',
      title: { en: 'X', zh: '某' },
      summary: { en: '', zh: '' },
      body: { en: '', zh: '' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].field).toBe('key');
  });
});

describe('content files', () => {
  it('serves content images to visitors and PDFs to active users only', async () => {
    const image = await uploadContent('contentImage', 'cover.png', samplePng());
    const pdf = await uploadContent('contentDocument', 'fits.pdf', samplePdf('FITs'));
    // Not used by any entry yet: not served.
    expect((await get(`/api/content/image/${image}`)).statusCode).toBe(404);
    const report = await post('/api/backend/content/reports', {
      title: { en: 'FITs Your Wit No. 1', zh: 'FITs Your Wit 第1期' },
      summary: { en: 'Outlook', zh: '展望' },
      publishDate: '2026-02-01',
      pdfFileId: pdf,
      coverFileId: image,
    });
    expect(report.statusCode).toBe(200);
    await post(`/api/backend/content/reports/${report.json().data.lgcSn}/publish`);

    const img = await get(`/api/content/image/${image}`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await get(`/api/content/document/${pdf}`)).statusCode).toBe(401);
    const doc = await get(`/api/content/document/${pdf}?inline=1`, { cookie: readerCookie });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toMatch(/^inline/);
    const list = (await get('/api/fchy/p1/getShowList')).json().data.list;
    expect(list[0].pdf.url).toBe(`/api/content/document/${pdf}`);
  });
});

describe('topics', () => {
  it('saves, publishes and shows a topic page to active users', async () => {
    const saved = await post('/api/backend/content/topics/greenFinance', {
      title: { en: 'Green finance', zh: '绿色金融' },
      summary: { en: 'Financing the transition.', zh: '为转型提供融资。' },
      sections: [
        {
          heading: { en: 'Green bonds', zh: '绿色债券' },
          body: { en: '<p>Use of proceeds</p><script>x</script>', zh: '<p>募集资金用途</p>' },
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/topic/greenFinance', { cookie: readerCookie })).statusCode).toBe(404);
    await post('/api/backend/content/topics/greenFinance/publish');
    const topic = await get('/api/topic/greenFinance', { cookie: readerCookie });
    expect(topic.statusCode).toBe(200);
    expect(topic.json().data.sections[0].body.en).toBe('<p>Use of proceeds</p>');
  });
});
