/**
 * Demo portal content (invented, both languages): banners with generated artwork (one jumps to a
 * questionnaire), the 8 "understand the bank" tiles, 10 products, the market-trend series cards,
 * 20 articles, 6 "FITs Your Wit" reports with real PDFs, the four topic pages, compliance
 * materials, 12 institutions in Portuguese-speaking countries, and a few feedback messages.
 * Files go through the file storage like uploads, attached to content.
 */

import { createHash, randomBytes } from 'node:crypto';
import type { TBilingual } from '@portal/shared';
import { ROLE } from '@portal/shared';
import { sql } from 'kysely';
import { newStorageKey } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { Db } from '../database.ts';
import { type Artwork, drawPng, drawPolicyPdf, drawReportPdf, type ReportDocument } from './demo-artwork.ts';
import { ARTICLES, COMPLIANCE, INSTITUTIONS, PRODUCTS, REPORTS, SERIES, TILES, TOPICS } from './demo-content-texts.ts';
import type { SeedContext, SeedStep } from './index.ts';

const BANK_NAME = 'Global Cooperation Bank';
const DAY_MS = 86_400_000;

type Ctx = { db: Db; context: SeedContext; staffId: number | null };

const dateDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

async function storeFile(ctx: Ctx, file: { name: string; data: Buffer; mime: string; purpose: string }) {
  const storage = ctx.context.storage;
  if (!storage) return null;
  const storageKey = newStorageKey();
  await storage.put(storageKey, file.data);
  const lgcSn = newPublicId();
  await ctx.db
    .insertInto('fileObject')
    .values({
      lgcSn,
      purpose: file.purpose,
      originalName: file.name,
      mime: file.mime,
      sizeBytes: file.data.length,
      sha256: createHash('sha256').update(file.data).digest('hex'),
      storageKey,
      ownerUserId: ctx.staffId,
      ownerEmail: null,
      attachedTo: 'content',
    })
    .execute();
  return lgcSn;
}

const storeImage = (ctx: Ctx, name: string, art: Artwork) =>
  storeFile(ctx, { name, data: drawPng(art), mime: 'image/png', purpose: 'contentImage' });

async function insertEntry(
  ctx: Ctx,
  entry: {
    kind: string;
    title: TBilingual;
    data: Record<string, unknown>;
    entryKey?: string | null;
    category?: string | null;
    sortOrder?: number;
    publishDate?: string | null;
    status?: 'draft' | 'published';
  },
): Promise<string> {
  const lgcSn = newPublicId();
  await ctx.db
    .insertInto('contentEntry')
    .values({
      lgcSn,
      kind: entry.kind as 'banner',
      status: entry.status ?? 'published',
      entryKey: entry.entryKey ?? null,
      category: entry.category ?? null,
      sortOrder: entry.sortOrder ?? 0,
      publishDate: entry.publishDate ?? null,
      title: JSON.stringify(entry.title),
      data: JSON.stringify(entry.data),
      searchText: `${entry.title.en} ${entry.title.zh}`.toLowerCase(),
      publishedAt: entry.status === 'draft' ? null : new Date(),
      updatedBy: ctx.staffId,
    })
    .execute();
  return lgcSn;
}

const PALETTES: { from: [number, number, number]; to: [number, number, number]; accent: [number, number, number] }[] = [
  { from: [10, 61, 145], to: [24, 110, 190], accent: [201, 161, 74] },
  { from: [14, 84, 92], to: [40, 140, 120], accent: [235, 210, 140] },
  { from: [60, 30, 110], to: [20, 70, 150], accent: [210, 180, 255] },
  { from: [120, 30, 40], to: [190, 80, 60], accent: [250, 210, 150] },
  { from: [20, 40, 60], to: [50, 90, 120], accent: [120, 200, 220] },
  { from: [30, 90, 50], to: [90, 150, 80], accent: [230, 240, 170] },
];
const MOTIFS = ['bars', 'globe', 'waves'] as const;

function art(index: number, width: number, height: number): Artwork {
  const palette = PALETTES[index % PALETTES.length]!;
  return { width, height, ...palette, motif: MOTIFS[index % MOTIFS.length]!, seed: index * 1.3 };
}

const BANNERS: { title: TBilingual; link: string; jump?: boolean }[] = [
  {
    title: {
      en: 'Partners in cross-border RMB: clearing, accounts and liquidity',
      zh: '跨境人民币合作伙伴：清算、账户与流动性',
    },
    link: '/crossBorderRmb',
  },
  {
    title: {
      en: 'Tell us what you need: the 2026 partner institution survey',
      zh: '说出您的需求：2026年合作机构问卷调查',
    },
    link: '',
    jump: true,
  },
  {
    title: {
      en: 'Green finance: financing the transition along the Belt and Road',
      zh: '绿色金融：助力“一带一路”低碳转型',
    },
    link: '/greenFinance',
  },
  {
    title: {
      en: 'FITs Your Wit: our research on markets and financial institutions',
      zh: 'FITs Your Wit：金融市场与金融机构研究',
    },
    link: '/PolicyInformation/fcReport',
  },
  {
    title: { en: 'Publish and find cooperation opportunities with peer institutions', zh: '发布并寻找同业合作机会' },
    link: '/release',
  },
  {
    title: { en: 'Connecting with institutions in Portuguese-speaking countries', zh: '携手葡语国家金融机构' },
    link: '/portugueseLanguage',
  },
];

async function seedBanners(ctx: Ctx, questionnaireId: string) {
  for (const [index, banner] of BANNERS.entries()) {
    const image = await storeImage(ctx, `banner-${index + 1}.png`, art(index, 1200, 420));
    await insertEntry(ctx, {
      kind: 'banner',
      title: banner.title,
      sortOrder: (index + 1) * 10,
      data: {
        imageFileId: image,
        wthrChkInd: banner.jump ? '1' : '0',
        linksUrl: banner.link,
        questionnaireId: banner.jump ? questionnaireId : null,
      },
    });
  }
}

async function seedModules(ctx: Ctx) {
  for (const [index, tile] of TILES.entries()) {
    const image = await storeImage(ctx, `tile-${tile.key}.png`, art(index + 2, 480, 300));
    await insertEntry(ctx, {
      kind: 'module',
      category: '0',
      entryKey: tile.key,
      title: tile.title,
      sortOrder: (index + 1) * 10,
      data: {
        summary: tile.summary,
        body: { en: p(...tile.body.en), zh: p(...tile.body.zh) },
        imageFileId: image,
        linkUrl: '',
      },
    });
  }
  for (const [index, product] of PRODUCTS.entries()) {
    const image = await storeImage(ctx, `product-${index + 1}.png`, art(index + 4, 480, 300));
    await insertEntry(ctx, {
      kind: 'module',
      category: '1',
      title: product.title,
      sortOrder: (index + 1) * 10,
      data: {
        summary: product.summary,
        body: {
          en: `${p(...product.body.en)}<h3>Typical uses</h3><ul>${product.uses.en.map((u) => `<li>${u}</li>`).join('')}</ul>`,
          zh: `${p(...product.body.zh)}<h3>适用场景</h3><ul>${product.uses.zh.map((u) => `<li>${u}</li>`).join('')}</ul>`,
        },
        imageFileId: image,
        linkUrl: '',
      },
    });
  }
  for (const [index, series] of SERIES.entries()) {
    const image = await storeImage(ctx, `series-${series.key}.png`, art(index + 1, 480, 300));
    await insertEntry(ctx, {
      kind: 'module',
      category: '2',
      entryKey: series.key,
      title: series.title,
      sortOrder: (index + 1) * 10,
      data: {
        summary: series.summary,
        body: { en: '', zh: '' },
        imageFileId: image,
        linkUrl:
          series.key === 'fcReport' ? '/PolicyInformation/fcReport' : `/policyInformation?category=${series.key}`,
      },
    });
  }
}

async function seedArticles(ctx: Ctx) {
  for (const [index, article] of ARTICLES.entries()) {
    const cover = index % 2 === 0 ? await storeImage(ctx, `article-${index + 1}.png`, art(index, 640, 360)) : null;
    await insertEntry(ctx, {
      kind: 'article',
      category: article.category,
      title: article.title,
      publishDate: dateDaysAgo(article.daysAgo),
      data: {
        summary: article.summary,
        body: { en: p(...article.body.en), zh: p(...article.body.zh) },
        source: { en: `${BANK_NAME} Research`, zh: '环球合作银行研究部' },
        coverFileId: cover,
      },
    });
  }
}

async function seedReports(ctx: Ctx) {
  for (const [index, report] of REPORTS.entries()) {
    const date = dateDaysAgo(report.daysAgo);
    const document: ReportDocument = {
      title: report.title.en,
      issue: report.issue,
      date,
      summary: report.summary.en,
      sections: report.sections,
      chart: report.chart,
      bankName: BANK_NAME,
    };
    const pdf = await storeFile(ctx, {
      name: `FITs-Your-Wit-${report.issue.replace(/\W+/g, '-')}.pdf`,
      data: await drawReportPdf(document),
      mime: 'application/pdf',
      purpose: 'contentDocument',
    });
    if (!pdf) continue;
    const cover = await storeImage(ctx, `report-${index + 1}.png`, art(index + 3, 480, 640));
    await insertEntry(ctx, {
      kind: 'report',
      title: report.title,
      publishDate: date,
      data: { summary: report.summary, issue: report.issue, pdfFileId: pdf, coverFileId: cover },
    });
  }
}

async function seedTopics(ctx: Ctx) {
  for (const [index, topic] of TOPICS.entries()) {
    const banner = await storeImage(ctx, `topic-${topic.key}.png`, art(index + 1, 1200, 360));
    const guide =
      topic.key === 'crossBorderRmb'
        ? await storeFile(ctx, {
            name: 'Cross-border-RMB-service-guide.pdf',
            data: await drawPolicyPdf(
              'Cross-border RMB Services: a Guide for Partner Institutions',
              topic.sections.map((section) => `${section.heading.en}: ${section.plain}`),
              BANK_NAME,
            ),
            mime: 'application/pdf',
            purpose: 'contentDocument',
          })
        : null;
    await insertEntry(ctx, {
      kind: 'topic',
      entryKey: topic.key,
      title: topic.title,
      data: {
        summary: topic.summary,
        bannerFileId: banner,
        sections: topic.sections.map((section) => ({
          heading: section.heading,
          body: { en: p(...section.body.en), zh: p(...section.body.zh) },
        })),
        portugueseText: topic.portuguese ? p(...topic.portuguese) : '',
        documentFileId: guide,
      },
    });
  }
}

async function seedCompliance(ctx: Ctx) {
  for (const [index, material] of COMPLIANCE.entries()) {
    const file = material.pdf
      ? await storeFile(ctx, {
          name: `${material.title.en.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
          data: await drawPolicyPdf(material.title.en, material.body.en, BANK_NAME),
          mime: 'application/pdf',
          purpose: 'contentDocument',
        })
      : null;
    await insertEntry(ctx, {
      kind: 'compliance',
      title: material.title,
      sortOrder: (index + 1) * 10,
      publishDate: dateDaysAgo(material.daysAgo),
      data: {
        summary: material.summary,
        body: { en: p(...material.body.en), zh: p(...material.body.zh) },
        fileId: file,
      },
    });
  }
}

async function seedInstitutions(ctx: Ctx) {
  for (const [index, institution] of INSTITUTIONS.entries()) {
    await insertEntry(ctx, {
      kind: 'institution',
      title: institution.name,
      category: institution.country,
      sortOrder: (index + 1) * 10,
      data: {
        namePt: institution.namePt,
        city: institution.city,
        swiftCode: institution.swiftCode,
        descriptionPt: institution.descriptionPt,
      },
    });
  }
}

async function seedFeedback(ctx: Ctx) {
  const rows = [
    {
      text: 'The monthly bond report is very useful. Could you also publish the data tables as Excel files?',
      email: 'treasury.desk@harbourview-bank.example',
      locale: 'en-US',
      daysAgo: 6,
      answer: null,
    },
    {
      text: '希望在跨境人民币专题中增加CIPS间接参与者接入流程的说明。',
      email: 'fi-dept@lianhe-bank.example',
      locale: 'zh-CN',
      daysAgo: 3,
      answer: '感谢您的建议。我们已在跨境人民币专题的“清算与账户”部分补充了CIPS间接参与者的接入步骤，欢迎查阅。',
    },
    {
      text: 'On my phone the research report preview opens in a new tab instead of inside the page. Is that expected?',
      email: 'analyst@sao-tome-invest.example',
      locale: 'en-US',
      daysAgo: 1,
      answer: null,
    },
  ];
  for (const row of rows) {
    await ctx.db
      .insertInto('feedback')
      .values({
        lgcSn: newPublicId(),
        text: row.text,
        email: row.email,
        locale: row.locale,
        userId: null,
        answer: row.answer,
        answeredBy: row.answer ? ctx.staffId : null,
        answeredAt: row.answer ? new Date(Date.now() - (row.daysAgo - 1) * DAY_MS) : null,
        createdAt: new Date(Date.now() - row.daysAgo * DAY_MS),
      })
      .execute();
  }
}

export const demoContent: SeedStep = {
  name: 'demo-content',
  async run(db, context) {
    const staff = await db
      .selectFrom('appUser')
      .select('id')
      .where(sql<boolean>`${ROLE.bankStaff} = any(role_codes)`)
      .orderBy('id')
      .executeTakeFirst();
    const ctx: Ctx = { db, context, staffId: staff ? staff.id : null };
    // The survey behind the jumping banner, with its own key (shown to nobody; a real survey
    // provider would be given it).
    const questionnaireId = await insertEntry(ctx, {
      kind: 'questionnaire',
      title: { en: '2026 partner institution survey', zh: '2026年合作机构问卷调查' },
      data: { link: 'https://survey.bank.example/s/partner-2026', secret: randomBytes(32).toString('base64') },
    });
    await seedBanners(ctx, questionnaireId);
    await seedModules(ctx);
    await seedArticles(ctx);
    await seedReports(ctx);
    await seedTopics(ctx);
    await seedCompliance(ctx);
    await seedInstitutions(ctx);
    await seedFeedback(ctx);
    await db
      .updateTable('contentVersion')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
  },
};
