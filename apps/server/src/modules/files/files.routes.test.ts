import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { validReleaseBody } from '../../../test/cooperation-factories.ts';
import { buildUser, nextIp, sessionCookie } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { hongKongProfile, registrationCodeFor } from '../../../test/registration.ts';
import {
  pdfOfSize,
  sampleBmp,
  sampleCfb,
  sampleDocx,
  sampleExe,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleXlsx,
  zipOf,
} from '../../../test/sample-files.ts';
import { contentDisposition } from './files.routes.ts';

const { app, database, storageDir } = await buildTestAppWithStorage('portal-files-test-');
const db = database.db;

const MB = 1024 * 1024;

type FilePart = [name: string, data: Buffer, type?: string];

function formOf(fields: Record<string, string>, files: FilePart[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, data, type] of files) {
    form.append('file', new Blob([new Uint8Array(data)], { type: type ?? 'application/octet-stream' }), name);
  }
  return form;
}

function upload(form: FormData, options: { cookie?: string; lang?: string; ip?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/fileP1/upload',
    remoteAddress: options.ip ?? nextIp(),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.lang ? { lang: options.lang } : {}) },
    payload: form,
  });
}

function download(lgcSn: string, cookie?: string, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/fileP1/download/${lgcSn}${query}`,
    headers: cookie ? { cookie } : {},
  });
}

async function signedIn(overrides: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, overrides);
  return { user, cookie: await sessionCookie(db, user.id) };
}

const emailCodeFor = (email: string) => registrationCodeFor(app, db, email);

const wrongCode = (code: string) => (code === 'ZZZZ' ? 'YYYY' : 'ZZZZ');

async function rowsOwnedBy(userId: number) {
  return db.selectFrom('fileObject').selectAll().where('ownerUserId', '=', userId).execute();
}

const profile = hongKongProfile;

function registerPayload(email: string, emailCode: string, introAttachments: string[]) {
  const pwd = 'Harbor#2468';
  return { emailAdr: email, emailCode, pwd, confirmPwd: pwd, agreed: true, profile: { ...profile, introAttachments } };
}

describe('POST /api/fileP1/upload', () => {
  it.each([
    ['report.pdf', samplePdf(), 'application/pdf'],
    ['logo.png', samplePng(), 'image/png'],
    ['photo.jpg', sampleJpeg(), 'image/jpeg'],
    ['scan.bmp', sampleBmp(), 'image/bmp'],
    ['profile.docx', sampleDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['figures.xlsx', sampleXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['licence.doc', sampleCfb(), 'application/msword'],
    ['LEDGER.XLS', sampleCfb(), 'application/vnd.ms-excel'],
  ])('accepts %s, typed by its content', async (name, data, mime) => {
    const { user, cookie } = await signedIn();
    const res = await upload(formOf({ purpose: 'attachment' }, [[name, data, 'text/plain']]), { cookie });
    expect(res.statusCode, res.body).toBe(200);
    const [info] = res.json().data.list;
    expect(info).toEqual({ lgcSn: expect.any(String), name, size: data.length, mime });
    const [row] = await rowsOwnedBy(user.id);
    expect(row).toMatchObject({
      lgcSn: info.lgcSn,
      purpose: 'attachment',
      originalName: name,
      mime,
      sizeBytes: data.length,
      sha256: createHash('sha256').update(data).digest('hex'),
      ownerEmail: null,
      attachedTo: null,
    });
    // Stored under a random key in two folder levels, never under the name it came with.
    expect(row!.storageKey).toMatch(/^[0-9a-f]{32}$/);
    const key = row!.storageKey;
    expect(await readFile(join(storageDir, key.slice(0, 2), key.slice(2, 4), key))).toEqual(data);
  });

  it.each([
    ['setup.pdf', sampleExe(), 'application/x-msdownload'],
    ['notes.pdf', Buffer.from('Just some text, not a PDF at all.'), 'application/octet-stream'],
    ['empty.pdf', Buffer.alloc(0), 'application/octet-stream'],
    ['licence.pdf', sampleCfb(), 'application/x-cfb'],
    ['archive.docx', zipOf({ 'readme.txt': 'hello' }), 'application/zip'],
  ])('refuses %s: the content decides, not the name (415)', async (name, data, detected) => {
    const { user, cookie } = await signedIn();
    const res = await upload(formOf({ purpose: 'attachment' }, [[name, data, 'application/pdf']]), { cookie });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'PRT_UNSUPPORTED_MEDIA_TYPE', data: null });
    expect(res.json().message).toBe(`The content type ${detected} is not supported here.`);
    expect(await rowsOwnedBy(user.id)).toEqual([]);
  });

  it('keeps nothing of a request when one of its files is refused', async () => {
    const { user, cookie } = await signedIn();
    const res = await upload(
      formOf({ purpose: 'attachment' }, [
        ['good.pdf', samplePdf()],
        ['bad.pdf', sampleExe()],
      ]),
      { cookie },
    );
    expect(res.statusCode).toBe(415);
    expect(await rowsOwnedBy(user.id)).toEqual([]);
  });

  it('accepts a file of exactly 10 MB', async () => {
    const { cookie } = await signedIn();
    const res = await upload(formOf({ purpose: 'attachment' }, [['big.pdf', pdfOfSize(10 * MB)]]), { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.list[0]).toMatchObject({ size: 10 * MB, mime: 'application/pdf' });
  });

  it.each([
    ['en-US', 'The request is too large (limit 10 MB).'],
    ['zh-CN', '请求内容过大（上限 10 MB）。'],
  ])('refuses 10 MB + 1 byte with 413 in %s', async (lang, message) => {
    const { user, cookie } = await signedIn();
    const res = await upload(formOf({ purpose: 'attachment' }, [['big.pdf', pdfOfSize(10 * MB + 1)]]), {
      cookie,
      lang,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PRT_PAYLOAD_TOO_LARGE', message, data: null });
    expect(await rowsOwnedBy(user.id)).toEqual([]);
  });

  it('takes up to 5 files in one request and refuses 6', async () => {
    const { user, cookie } = await signedIn();
    const five = Array.from({ length: 5 }, (_, i): FilePart => [`page-${i}.png`, samplePng()]);
    const ok = await upload(formOf({ purpose: 'attachment' }, five), { cookie });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.list.map((f: { name: string }) => f.name)).toEqual(five.map(([name]) => name));

    const six = Array.from({ length: 6 }, (_, i): FilePart => [`more-${i}.png`, samplePng()]);
    const res = await upload(formOf({ purpose: 'attachment' }, six), { cookie });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('PRT_VALIDATION');
    expect(res.json().data.fields).toEqual([
      { field: 'file', rule: 'tooManyItems', message: 'File can have at most 5 item(s).' },
    ]);
    expect(await rowsOwnedBy(user.id)).toHaveLength(5);
  });

  it('refuses a body that is not multipart (415), and multipart on routes that take JSON', async () => {
    const { cookie } = await signedIn();
    const json = await app.inject({
      method: 'POST',
      url: '/api/fileP1/upload',
      headers: { cookie },
      payload: { purpose: 'attachment' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('PRT_UNSUPPORTED_MEDIA_TYPE');
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register/checkEmailCode',
      payload: formOf({ emailAdr: 'a@b.example', emailCode: 'ABCD' }, []),
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json().code).toBe('PRT_UNSUPPORTED_MEDIA_TYPE');
  });

  it('names what is missing: the purpose, the files', async () => {
    const { cookie } = await signedIn();
    const noPurpose = await upload(formOf({}, [['a.png', samplePng()]]), { cookie });
    expect(noPurpose.statusCode).toBe(422);
    expect(noPurpose.json().data.fields).toEqual([
      { field: 'purpose', rule: 'required', message: 'Purpose is required.' },
    ]);
    const badPurpose = await upload(formOf({ purpose: 'avatar' }, [['a.png', samplePng()]]), { cookie });
    expect(badPurpose.json().data.fields[0]).toMatchObject({ field: 'purpose', rule: 'oneOf' });
    const noFiles = await upload(formOf({ purpose: 'attachment' }, []), { cookie, lang: 'zh-CN' });
    expect(noFiles.statusCode).toBe(422);
    expect(noFiles.json().data.fields).toEqual([{ field: 'file', rule: 'required', message: '文件不能为空。' }]);
  });

  it('allows 60 upload requests per hour from one address', async () => {
    const { cookie } = await signedIn();
    const ip = nextIp();
    const codes = [];
    for (let i = 0; i < 61; i++)
      codes.push((await upload(formOf({ purpose: 'attachment' }, []), { cookie, ip })).statusCode);
    expect(codes.slice(0, 60).every((code) => code === 422)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it('keeps a Chinese file name', async () => {
    const { cookie } = await signedIn();
    const res = await upload(formOf({ purpose: 'attachment' }, [['机构介绍 2026.pdf', samplePdf()]]), { cookie });
    expect(res.json().data.list[0].name).toBe('机构介绍 2026.pdf');
  });

  describe('a visitor registering', () => {
    it('needs the registration e-mail code', async () => {
      const res = await upload(formOf({ purpose: 'attachment' }, [['a.pdf', samplePdf()]]));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('PRT_UNAUTHENTICATED');
      const noCode = await upload(
        formOf({ purpose: 'attachment', emailAdr: 'x@new.example' }, [['a.pdf', samplePdf()]]),
      );
      expect(noCode.json().code).toBe('PRT_CODE_EMPTY');
    });

    it('is refused with a wrong code, which counts as a try', async () => {
      const email = 'wrong-code@upload.example';
      const code = await emailCodeFor(email);
      const res = await upload(
        formOf({ purpose: 'attachment', emailAdr: email, emailCode: wrongCode(code) }, [['a.pdf', samplePdf()]]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PRT_CODE_INCORRECT');
      const live = await db
        .selectFrom('verificationCode')
        .select('attempts')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(live.attempts).toBe(1);
      expect(await db.selectFrom('fileObject').selectAll().where('ownerEmail', '=', email).execute()).toEqual([]);
    });

    it('uploads with the right code, without using it up', async () => {
      const email = 'right-code@upload.example';
      const code = await emailCodeFor(email);
      const res = await upload(
        formOf({ purpose: 'attachment', emailAdr: email.toUpperCase(), emailCode: code.toLowerCase() }, [
          ['a.pdf', samplePdf()],
        ]),
      );
      expect(res.statusCode, res.body).toBe(200);
      const row = await db
        .selectFrom('fileObject')
        .selectAll()
        .where('lgcSn', '=', res.json().data.list[0].lgcSn)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ ownerEmail: email, ownerUserId: null, attachedTo: null });
      const check = await app.inject({
        method: 'POST',
        url: '/api/user/p1/register/checkEmailCode',
        payload: { emailAdr: email, emailCode: code },
      });
      expect(check.statusCode).toBe(200);
    });

    it('cannot upload for an address that already has an account, and the answer does not say it has one', async () => {
      const { user } = await signedIn();
      const res = await upload(
        formOf({ purpose: 'attachment', emailAdr: user.email, emailCode: 'ABCD' }, [['a.pdf', samplePdf()]]),
      );
      const unknown = await upload(
        formOf({ purpose: 'attachment', emailAdr: 'nobody@unknown.example', emailCode: 'ABCD' }, [
          ['a.pdf', samplePdf()],
        ]),
      );
      // The made-up code is refused as for anyone: nothing tells that the address has an account.
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 400, code: 'PRT_CODE_EXPIRED' });
      expect(res.json()).toEqual(unknown.json());
    });
  });
});

const owner = await signedIn();
const [pdf, png, docx] = (
  await upload(
    formOf({ purpose: 'attachment' }, [
      ["合同 (final's).pdf", samplePdf()],
      ['photo.png', samplePng()],
      ['profile.docx', sampleDocx()],
    ]),
    { cookie: owner.cookie },
  )
).json().data.list as { lgcSn: string }[];

describe('GET /api/fileP1/download/:lgcSn', () => {
  it('sends the owner the file as an attachment, with its type and safe headers', async () => {
    const res = await download(pdf!.lgcSn, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(samplePdf());
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ (final's).pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C%20%28final%27s%29.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('shows PDF and images inline on request, never other types', async () => {
    expect((await download(pdf!.lgcSn, owner.cookie, '?inline=1')).headers['content-disposition']).toMatch(/^inline; /);
    const image = await download(png!.lgcSn, owner.cookie, '?inline=1');
    expect(image.headers['content-disposition']).toBe(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await download(docx!.lgcSn, owner.cookie, '?inline=1')).headers['content-disposition']).toMatch(
      /^attachment; /,
    );
  });

  it('lets bank staff download any file', async () => {
    const staff = await signedIn({ roles: [ROLE.bankStaff] });
    expect((await download(pdf!.lgcSn, staff.cookie)).statusCode).toBe(200);
  });

  it('answers 404 to anyone else, as if the file did not exist', async () => {
    const other = await signedIn();
    const res = await download(pdf!.lgcSn, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRT_NOT_FOUND');
    const admin = await signedIn({
      roles: [ROLE.general, ROLE.institutionAdmin],
      institutionId: owner.user.institutionId!,
    });
    expect((await download(pdf!.lgcSn, admin.cookie)).statusCode).toBe(404);
    expect((await download('no-such-file', owner.cookie)).statusCode).toBe(404);
  });

  it('builds Content-Disposition that no name can break out of', () => {
    expect(contentDisposition('attachment', 'a"b\\c%d.pdf')).toBe(
      `attachment; filename="a_b_c_d.pdf"; filename*=UTF-8''a%22b_c%25d.pdf`,
    );
    // Control and bidi characters never reach the header (U+202E would show `gnp.exe` reversed).
    expect(contentDisposition('attachment', 'x\r\ny\u202Egnp.exe')).toBe(
      `attachment; filename="xygnp.exe"; filename*=UTF-8''xygnp.exe`,
    );
  });

  it('needs a session', async () => {
    const res = await download(pdf!.lgcSn);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('PRT_UNAUTHENTICATED');
  });
});

describe('introduction attachments', () => {
  async function visitorUpload(email: string, code: string, name = 'intro.pdf') {
    const res = await upload(
      formOf({ purpose: 'attachment', emailAdr: email, emailCode: code }, [[name, samplePdf()]]),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.list[0].lgcSn as string;
  }

  it('registration attaches the registrant’s uploads; the user and staff can then read them', async () => {
    const email = 'attach@harbour.example';
    const code = await emailCodeFor(email);
    const first = await visitorUpload(email, code, 'Company profile.pdf');
    const second = await visitorUpload(email, code, 'Licence.pdf');
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload(email, code, [first, second]),
    });
    expect(res.statusCode, res.body).toBe(200);
    const user = await db.selectFrom('appUser').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('fileObject').selectAll().where('lgcSn', 'in', [first, second]).execute();
    for (const row of rows) expect(row).toMatchObject({ ownerUserId: user.id, attachedTo: `user:${user.lgcSn}` });

    const cookie = await sessionCookie(db, user.id);
    expect((await download(first, cookie)).statusCode).toBe(200);
    const info = await app.inject({ method: 'GET', url: '/api/user/p1/accountInfo', headers: { cookie } });
    expect(info.json().data.attachments.map((f: { name: string }) => f.name)).toEqual([
      'Company profile.pdf',
      'Licence.pdf',
    ]);

    const staff = await signedIn({ roles: [ROLE.bankStaff] });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/backend/registrations/${user.lgcSn}`,
      headers: { cookie: staff.cookie },
    });
    expect(detail.json().data.profile.introAttachments).toEqual([first, second]);
    expect(detail.json().data.attachments).toEqual([
      { lgcSn: first, name: 'Company profile.pdf', size: samplePdf().length, mime: 'application/pdf' },
      { lgcSn: second, name: 'Licence.pdf', size: samplePdf().length, mime: 'application/pdf' },
    ]);
    expect((await download(second, staff.cookie)).statusCode).toBe(200);
  });

  it.each([
    ['en-US', 'Introduction attachments is not valid.'],
    ['zh-CN', '机构介绍附件无效。'],
  ])('registration refuses a file that is not the registrant’s (%s)', async (lang, message) => {
    const suffix = lang === 'en-US' ? 'en' : 'zh';
    const thief = `thief-${suffix}@harbour.example`;
    const victim = `victim-${suffix}@harbour.example`;
    const theirs = await visitorUpload(victim, await emailCodeFor(victim));
    const mine = await emailCodeFor(thief);
    const someoneSignedIn = await signedIn();
    const signedInFile = (
      await upload(formOf({ purpose: 'attachment' }, [['x.pdf', samplePdf()]]), { cookie: someoneSignedIn.cookie })
    ).json().data.list[0].lgcSn as string;
    for (const ids of [[theirs], [signedInFile], ['no-such-file']]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/user/p1/register',
        remoteAddress: nextIp(),
        headers: { lang },
        payload: registerPayload(thief, mine, ids),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PRT_VALIDATION');
      expect(res.json().data.fields).toEqual([{ field: 'profile.introAttachments', rule: 'invalid', message }]);
    }
    // Nothing happened: no account, the code still works, the file is still only the victim's.
    expect(await db.selectFrom('appUser').select('id').where('email', '=', thief).executeTakeFirst()).toBeUndefined();
    const row = await db.selectFrom('fileObject').selectAll().where('lgcSn', '=', theirs).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ownerEmail: victim, ownerUserId: null, attachedTo: null });
    const retry = await app.inject({
      method: 'POST',
      url: '/api/user/p1/register',
      remoteAddress: nextIp(),
      payload: registerPayload(thief, mine, []),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('registration refuses the same file listed twice', async () => {
    const email = 'reuse@harbour.example';
    const code = await emailCodeFor(email);
    const id = await visitorUpload(email, code);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/user/p1/register',
          remoteAddress: nextIp(),
          payload: registerPayload(email, code, [id, id]),
        })
      ).json().data.fields[0].field,
    ).toBe('profile.introAttachments');
  });

  it('profile saves take the user’s own uploads and attached files, nobody else’s', async () => {
    const { user, cookie } = await signedIn({ activation: '1' });
    // A registered user's stored profile carries the bank-managed fields the save sends back.
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify({ ...profile, introAttachments: [] }) })
      .where('id', '=', user.id)
      .execute();
    const mine = (await upload(formOf({ purpose: 'attachment' }, [['mine.pdf', samplePdf()]]), { cookie })).json().data
      .list[0].lgcSn as string;
    const save = (ids: string[], lang = 'en-US') =>
      app.inject({
        method: 'POST',
        url: '/api/user/p1/updateUserInfo',
        headers: { cookie, lang },
        payload: { profile: { ...profile, introAttachments: ids } },
      });
    const saved = await save([mine]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      await db.selectFrom('fileObject').select('attachedTo').where('lgcSn', '=', mine).executeTakeFirstOrThrow(),
    ).toEqual({ attachedTo: `user:${user.lgcSn}` });
    // Saving again with the attached file is fine.
    expect((await save([mine])).statusCode).toBe(200);

    const other = await signedIn();
    const theirs = (
      await upload(formOf({ purpose: 'attachment' }, [['theirs.pdf', samplePdf()]]), { cookie: other.cookie })
    ).json().data.list[0].lgcSn as string;
    const refused = await save([mine, theirs], 'zh-CN');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data.fields).toEqual([
      { field: 'profile.introAttachments', rule: 'invalid', message: '机构介绍附件无效。' },
    ]);
    expect((await download(theirs, cookie)).statusCode).toBe(404);
  });
});

describe("a cooperation request's attachments", () => {
  const publish = (cookie: string, attachments: string[], url = '/api/bthw/publish', extra: object = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie },
      payload: { ...validReleaseBody('BILATERAL_LOAN', { attachments }), ...extra },
    });
  const uploadOne = async (cookie: string) =>
    (await upload(formOf({ purpose: 'attachment' }, [['terms.pdf', samplePdf('Terms')]]), { cookie })).json().data
      .list[0].lgcSn as string;

  it('are downloaded by any active user while the request is effective, then only by its institution', async () => {
    const owner = await signedIn();
    const colleague = await signedIn({ institutionId: owner.user.institutionId! });
    const reader = await signedIn();
    const pending = await signedIn({ activation: '5' });
    const file = await uploadOne(owner.cookie);
    const published = await publish(owner.cookie, [file]);
    expect(published.statusCode, published.body).toBe(200);
    const { lgcSn } = published.json().data as { lgcSn: string };

    expect((await download(file, reader.cookie)).statusCode).toBe(200);
    expect((await download(file, pending.cookie)).statusCode).toBe(404);

    const withdrawn = await app.inject({
      method: 'POST',
      url: `/api/bthw/invalidate/${lgcSn}`,
      headers: { cookie: owner.cookie },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await download(file, reader.cookie)).statusCode).toBe(404);
    expect((await download(file, colleague.cookie)).statusCode).toBe(200);
  });

  it("of a draft stay the owner's", async () => {
    const owner = await signedIn();
    const colleague = await signedIn({ institutionId: owner.user.institutionId! });
    const file = await uploadOne(owner.cookie);
    const draft = await app.inject({
      method: 'POST',
      url: '/api/bthw/saveDraft',
      headers: { cookie: owner.cookie },
      payload: { categoryCode: 'FUNDS_IN', attachments: [file] },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await download(file, colleague.cookie)).statusCode).toBe(404);
    expect((await download(file, owner.cookie)).statusCode).toBe(200);
  });
});
