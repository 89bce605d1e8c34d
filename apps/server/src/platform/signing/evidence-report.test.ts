import { PDF } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { fontFromCollection, renderEvidenceReport } from './evidence-report.ts';
import { stampAndSign } from './pdf-sign.ts';
import { inspectPdfSignatures } from './pdf-verify.ts';
import {
  makeTestAuthority,
  makeTestSealSigner,
  pdfText,
  runPdfsig,
  SYSTEM_CJK_SC_FACE,
  systemCjkCollection,
} from './test-fixtures.ts';

const report = {
  title: '合同存证报告',
  heading: '合同编号 HT-2026-000123 · 生成于 2026-06-01 18:00 (UTC+8)',
  lines: [
    { label: '合同名称', value: '关于同业存单合作的框架协议' },
    { label: '甲方', value: '华东商业银行' },
    { label: 'Party B', value: 'Harbourview Bank' },
    { label: '最终文件 SHA-256', value: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' },
    { label: 'Symbols', value: 'Price € 12 — “quoted” © 𠮷' },
  ],
  table: {
    columns: ['时间', '机构', '操作', '文件哈希'],
    rows: Array.from({ length: 120 }, (_, i) => [
      `#${String(i).padStart(3, '0')} 2026-06-01 10:${String(i % 60).padStart(2, '0')}`,
      i % 2 ? '华东商业银行' : 'Harbourview Bank',
      i % 2 ? '加盖合同专用章并签署' : 'Sealed and signed the contract',
      `${i}`.padStart(4, '0') + 'ab12'.repeat(15),
    ]),
  },
  footer: '本报告由银行间合作门户生成并以门户证书签名。',
};

const pageCount = async (bytes: Uint8Array) => (await PDF.load(bytes)).getPageCount();

describe('renderEvidenceReport with a CJK font', () => {
  let cjkFont: Uint8Array;
  let bytes: Uint8Array;
  beforeAll(async () => {
    cjkFont = fontFromCollection(systemCjkCollection(), SYSTEM_CJK_SC_FACE);
    bytes = await renderEvidenceReport({ ...report, font: cjkFont });
  });

  it('draws the Chinese texts as text, over several A4 pages, with a small embedded font', async () => {
    const pages = await pageCount(bytes);
    expect(pages).toBeGreaterThan(2);
    const pdf = await PDF.load(bytes);
    expect(pdf.getPage(0)!.getMediaBox()).toMatchObject({ width: 595.28, height: 841.89 });
    // Only the glyphs used travel with the file: far below the font's 16 MB.
    expect(bytes.length).toBeLessThan(400_000);
    const text = pdfText(bytes);
    for (const expected of [
      '合同存证报告',
      '关于同业存单合作的框架协议',
      '华东商业银行',
      '加盖合同专用章并签署',
      '本报告由银行间合作门户生成并以门户证书签名。',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Price € 12 — “quoted” © ?'); // outside the BMP: '?'
    // Every page: the table header again, the footer and its number.
    for (let page = 1; page <= pages; page++) {
      const pageText = pdfText(bytes, page);
      expect(pageText).toContain('文件哈希');
      expect(pageText).toMatch(new RegExp(`(^|\\s)${page}\\s*/\\s*${pages}(\\s|$)`)); // pdftotext drops the narrow spaces
    }
    // Every row made it, in order.
    const rows = [...text.matchAll(/#(\d{3})/g)].map((m) => Number(m[1]));
    expect(rows).toEqual(Array.from({ length: 120 }, (_, i) => i));
  });

  it('is signed by the portal with stampAndSign and no stamps', async () => {
    const ca = await makeTestAuthority();
    const portal = await makeTestSealSigner(
      ca,
      { commonName: 'Interbank Cooperation Portal', organization: '银行间合作门户' },
      { kind: 'portal' },
    );
    const signed = await stampAndSign(bytes, { stamps: [], signer: portal.signer, reason: '存证报告' });
    const [signature] = (await inspectPdfSignatures(signed, { trustedRoots: [ca.certificateDer] })).signatures;
    expect(signature).toMatchObject({
      intact: true,
      coversWholeDocument: true,
      signer: { commonName: 'Interbank Cooperation Portal' },
    });
    expect(runPdfsig(signed).signatures.map((s) => s.signatureValidation)).toEqual(['Signature is Valid.']);
  });

  it('splits a row taller than a page across pages', async () => {
    const long = '很长的说明文字'.repeat(1500);
    const tall = await renderEvidenceReport({
      ...report,
      table: {
        columns: ['说明', '备注'],
        rows: [
          ['first', 'a'],
          [long, 'b'],
          ['last', 'c'],
        ],
      },
      font: cjkFont,
    });
    expect(await pageCount(tall)).toBeGreaterThan(2);
    const text = pdfText(tall);
    expect(text.match(/很/g)).toHaveLength(1500); // every character of the long cell, on whichever page
    expect(text.indexOf('first')).toBeLessThan(text.indexOf('last'));
  });
});

describe('renderEvidenceReport without a font', () => {
  it('uses Helvetica and prints what WinAnsi lacks as "?"', async () => {
    const bytes = await renderEvidenceReport(report);
    expect(await pageCount(bytes)).toBeGreaterThan(2);
    const text = pdfText(bytes, 1);
    expect(text).toContain('??????'); // the title
    expect(text).toContain('Harbourview Bank');
    expect(text).toContain('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b78');
    expect(text).toContain('Price € 12 — “quoted” © ?');
  });

  it('renders an empty report on one page', async () => {
    const bytes = await renderEvidenceReport({
      title: 'Empty',
      heading: '',
      lines: [],
      table: { columns: [], rows: [] },
      footer: '',
    });
    expect(await pageCount(bytes)).toBe(1);
    expect(pdfText(bytes)).toContain('Empty');
  });
});

describe('fontFromCollection', () => {
  it('returns a plain font unchanged and refuses a face the collection lacks', () => {
    const plain = new Uint8Array([0x4f, 0x54, 0x54, 0x4f, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(fontFromCollection(plain, 0)).toBe(plain);
    const collection = systemCjkCollection();
    expect(() => fontFromCollection(collection, 99)).toThrow(RangeError);
  });
});
