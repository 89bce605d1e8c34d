import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildUser, sessionCookie, uploadFile } from '../../../test/factories.ts';
import { buildTestAppWithStorage, countRows } from '../../../test/helpers.ts';
import {
  pdfWith,
  pdfWithCompressedJavaScript,
  pngWithHtml,
  sampleJpeg,
  samplePdf,
  samplePng,
} from '../../../test/sample-files.ts';

// Issue 15, findings 10: stored names take the detected type's extension and lose control and
// bidi characters; PDFs with JavaScript or launch actions are refused at upload.

const { app, database } = await buildTestAppWithStorage('portal-upload-safety-');
const db = database.db;

const user = await buildUser(db);
const cookie = await sessionCookie(db, user.id);

function upload(name: string, data: Buffer, lang = 'en-US', purpose = 'attachment') {
  return uploadFile(app, { cookie, lang }, { purpose, name, data, type: 'text/html' });
}

const download = (lgcSn: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/fileP1/download/${lgcSn}${query}`, headers: { cookie } });

const storedCount = () => countRows(db.selectFrom('fileObject').where('ownerUserId', '=', user.id));

describe('stored file names', () => {
  it.each([
    ['poly.html', 'poly.png', 'image/png', pngWithHtml()],
    ['POLY.HTM', 'POLY.png', 'image/png', pngWithHtml()],
    ['invoice.svg', 'invoice.png', 'image/png', samplePng()],
    ['report', 'report.pdf', 'application/pdf', samplePdf()],
    ['photo.jpeg', 'photo.jpeg', 'image/jpeg', sampleJpeg()],
    ['Scan.PNG', 'Scan.PNG', 'image/png', samplePng()],
    ['evil\u202Egnp.exe', 'evilgnp.png', 'image/png', samplePng()],
    [
      'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl.pdf',
      'abcdefghijkl.pdf',
      'application/pdf',
      samplePdf(),
    ],
    ['ctl\u0001\u0007\u001b\u007f\u0085\u009b.pdf', 'ctl.pdf', 'application/pdf', samplePdf()],
    ['zero\u200Bwidth\uFEFF.pdf', 'zerowidth.pdf', 'application/pdf', samplePdf()],
    ['.html', 'file.png', 'image/png', samplePng()],
    ['机构介绍 2026.pdf', '机构介绍 2026.pdf', 'application/pdf', samplePdf()],
  ])('%j is stored and downloaded as %j (%s)', async (sent, kept, mime, data) => {
    const res = await upload(sent, data);
    expect(res.statusCode, res.body).toBe(200);
    const [info] = res.json().data.list;
    expect(info).toMatchObject({ name: kept, mime });
    const row = await db.selectFrom('fileObject').selectAll().where('lgcSn', '=', info.lgcSn).executeTakeFirstOrThrow();
    expect(row.originalName).toBe(kept);
    const file = await download(info.lgcSn);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mime);
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain(
      `filename*=UTF-8''${encodeURIComponent(kept).replace(/[()*']/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(disposition).not.toMatch(/\.html?\b/i);
    expect(disposition).not.toMatch(/%E2%80%AE|%E2%81%A6|%E2%80%8B/i);
  });

  it('sends a name stored before the rule with its detected type’s extension, without bidi characters', async () => {
    const res = await upload('old.png', samplePng());
    const { lgcSn } = res.json().data.list[0];
    await db.updateTable('fileObject').set({ originalName: 'poly\u202E.html' }).where('lgcSn', '=', lgcSn).execute();
    const file = await download(lgcSn, '?inline=1');
    expect(file.headers['content-disposition']).toBe(`inline; filename="poly.png"; filename*=UTF-8''poly.png`);
  });
});

describe('PDFs with active content', () => {
  const refused: [string, Buffer][] = [
    ['/OpenAction with /JS', pdfWith({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>' })],
    [
      '/OpenAction to a JavaScript action object',
      pdfWith({
        catalog: '/OpenAction 6 0 R',
        objects: ['<< /S /JavaScript /JS 7 0 R >>', '<< /Length 12 >>\nstream\napp.alert(1)\nendstream'],
      }),
    ],
    [
      '/JavaScript name tree',
      pdfWith({
        catalog: '/Names << /JavaScript << /Names [(a) 6 0 R] >> >>',
        objects: ['<< /S /JavaScript /JS (x) >>'],
      }),
    ],
    ['/Launch action', pdfWith({ catalog: '/OpenAction << /S /Launch /F (cmd.exe) >>' })],
    ['page /AA', pdfWith({ objects: ['<< /Type /Page /AA << /O << /S /URI /URI (https://evil.example) >> >> >>'] })],
    ['name written with #xx escapes', pdfWith({ catalog: '/OpenAction << /S /J#61vaScript /J#53 (x) >>' })],
    ['JavaScript inside a compressed object stream', pdfWithCompressedJavaScript()],
    [
      'an object hidden in a comment',
      pdfWith({ objects: ['<< /Producer (x) >>\n%6 0 obj << /S /JavaScript /JS (x) >> endobj'] }),
    ],
    [
      '/XFA form',
      pdfWith({ catalog: '/AcroForm << /XFA 6 0 R >>', objects: ['<< /Length 0 >>\nstream\n\nendstream'] }),
    ],
  ];

  it.each(refused)('refuses a PDF with %s (422, both languages), storing nothing', async (_label, data) => {
    const before = await storedCount();
    const en = await upload('brochure.pdf', data);
    expect(en.statusCode, en.body).toBe(422);
    expect(en.json()).toEqual({
      code: 'PRT_PDF_ACTIVE_CONTENT',
      message:
        'The PDF brochure.pdf contains JavaScript or actions that run or launch something when it is opened, which are not accepted. Please save or print it again as a plain PDF and upload that.',
      data: null,
    });
    const zh = await upload('brochure.pdf', data, 'zh-CN');
    expect(zh.json().message).toBe(
      'PDF 文件 brochure.pdf 含有 JavaScript 或打开时会运行、启动其他程序的动作，不予接受。请将其重新保存或打印为普通 PDF 后再上传。',
    );
    expect(await storedCount()).toBe(before);
  });

  it('refuses them for content documents too', async () => {
    const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
    const res = await uploadFile(
      app,
      { cookie: await sessionCookie(db, staff.id) },
      { purpose: 'contentDocument', name: 'fits.pdf', data: pdfWithCompressedJavaScript() },
    );
    expect(res.json().code).toBe('PRT_PDF_ACTIVE_CONTENT');
  });

  it.each([
    ['a clean PDF', samplePdf()],
    ['an /OpenAction that only opens page 1', pdfWith({ catalog: '/OpenAction [3 0 R /Fit]' })],
    ['page text that mentions /JS and /Launch', pdfWith({ text: 'see /JS and /Launch' })],
    [
      'a link to another site',
      pdfWith({ objects: ['<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://bank.example) >> >>'] }),
    ],
  ])('accepts %s', async (_label, data) => {
    const res = await upload('brochure.pdf', data);
    expect(res.statusCode, res.body).toBe(200);
  });
});
