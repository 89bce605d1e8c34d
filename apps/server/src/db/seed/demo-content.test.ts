import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { sessionCookie } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { LocalDiskStorage } from '../../platform/files/storage.ts';
import { demoAccounts } from './demo-accounts.ts';
import { demoContent } from './demo-content.ts';
import { seedDemoData } from './index.ts';

const { app, database, storageDir } = await buildTestAppWithStorage('portal-demo-content-');
const db = database.db;
await seedDemoData(db, [demoAccounts, demoContent], { storage: new LocalDiskStorage(storageDir) });
const staff = await db.selectFrom('appUser').select('id').where('activation', '=', '1').executeTakeFirstOrThrow();
const cookie = await sessionCookie(db, staff.id);
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

describe('demo content', () => {
  it('fills every home section', async () => {
    const banners = (await get('/api/bannerP1/bannerListForP1')).json().data.list;
    expect(banners.length).toBeGreaterThanOrEqual(5);
    expect(
      banners.some((b: { wthrChkInd: string; qtnMisId: string | null }) => b.wthrChkInd === '1' && b.qtnMisId),
    ).toBe(true);
    const image = await get(banners[0].imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const tiles = (await get('/api/moduleInfoP1/moduleListForP1?moduleType=0')).json().data.list;
    expect(tiles.map((t: { key: string }) => t.key)).toEqual([
      'news',
      'annualReport',
      'introduction',
      'socialResponsibilityReport',
      'profile',
      'hotTopics',
      'greenFinance',
      'keyFinancialData',
    ]);
    expect((await get('/api/moduleInfoP1/moduleListForP1?moduleType=1')).json().data.total).toBe(10);
    expect((await get('/api/consultInfoP1/queryConsultInfosP1?pageSize=100')).json().data.total).toBe(20);
  });

  it('has six reports with real PDFs', async () => {
    const reports = (await get('/api/fchy/p1/getShowList?pageSize=10')).json().data.list;
    expect(reports).toHaveLength(6);
    const pdf = await get(reports[0].pdf.url);
    expect(pdf.statusCode).toBe(200);
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(document.getTitle()).toContain(reports[0].title.en);
  });

  it('has the four topic pages, compliance materials and the institutions', async () => {
    for (const key of ['crossBorderRmb', 'beltAndRoadInitiative', 'greenFinance', 'portugueseLanguage']) {
      const topic = (await get(`/api/topic/${key}`)).json().data;
      expect(topic.sections.length).toBeGreaterThanOrEqual(2);
      expect(topic.title.zh).not.toBe('');
    }
    expect((await get('/api/topic/portugueseLanguage')).json().data.portugueseText).toContain('língua portuguesa');
    expect((await get('/api/topic/crossBorderRmb')).json().data.document.mime).toBe('application/pdf');
    expect((await get('/api/hgcl/frontList')).json().data.total).toBe(5);
    expect((await get('/api/hgcl/queryInst')).json().data.total).toBe(12);
  });
});
