/**
 * Seals through the API (issue "Electronic seals and contracts", Done when): the application's
 * bad inputs, every state transition and every refused one, the cancel codes, who may see and
 * decide what, and what a cancelled seal can no longer do.
 */

import { randomBytes } from 'node:crypto';
import { ROLE } from '@portal/shared';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildInstitution, buildUser, lastMailTo, nextIp, sessionCookie, uploadFile } from '../../../test/factories.ts';
import { buildTestAppWithStorage, countRows } from '../../../test/helpers.ts';
import { itOnPostgres } from '../../../test/postgres-only.ts';
import { pdfOfSize, sampleBmp, sampleJpeg, samplePdf, samplePng } from '../../../test/sample-files.ts';
import { type Caller, REVIEW_BRANCH, signingApi } from '../../../test/signing-scene.ts';
import { encodePng, makeSealPng, makeTestPdf, makeWhiteDiscSealPng } from '../../platform/signing/test-fixtures.ts';
import { SEAL_EXPIRY_JOB_NAME } from './expiry.job.ts';
import { expireDueSeals } from './seals.service.ts';

const { app, database, config } = await buildTestAppWithStorage('portal-seals-');
const db = database.db;
const api = signingApi(app, db);

const MB = 1024 * 1024;
const OTHER_BRANCH = 'OS_MACAU';

const reviewer = await api.reviewer();
const otherReviewer = await api.reviewer(OTHER_BRANCH);
const bank = await buildInstitution(db, { name: 'The Bank (head office)' });
const admin = await staffCaller([ROLE.bankStaff, ROLE.systemAdmin]);
/** Bank staff with no main contact branch: reviews nothing. */
const branchless = await staffCaller([ROLE.bankStaff]);

async function staffCaller(roles: string[]): Promise<Caller> {
  const user = await buildUser(db, { institutionId: bank.id, roles });
  return { id: user.id, email: user.email, cookie: await sessionCookie(db, user.id), institutionId: bank.id };
}

/** Each seal state as the reader reads it in a refusal (English, Chinese). */
const STATE_WORDS = {
  effective: ['effective', '已生效'],
  rejected: ['rejected', '已驳回'],
  cancelled: ['cancelled', '已注销'],
  expired: ['expired', '已过期'],
  submitted: ['submitted', '已提交'],
  pendingApproval: ['pending approval', '待审批'],
} as const;

const get = (url: string, who?: Caller, lang = 'en-US') => api.inject('GET', url, who?.cookie, undefined, lang);
const post = (url: string, who?: Caller, payload?: unknown, lang = 'en-US') =>
  api.inject('POST', url, who?.cookie, payload, lang);

/** An institution with an applicant (in `locale`) and a colleague. */
async function holder(locale: 'en-US' | 'zh-CN' = 'en-US') {
  const inst = await buildInstitution(db, { name: `Seal Bank ${Math.random().toString(36).slice(2, 7)}` });
  const applicant = await api.caller(inst.id, { name: 'Wang Fang', locale });
  const colleague = await api.caller(inst.id, { name: 'Chen Jie' });
  return { inst, applicant, colleague };
}
type Holder = Awaited<ReturnType<typeof holder>>;

const sealRow = (lgcSn: string) =>
  db.selectFrom('seal').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirstOrThrow();
const stateOf = async (lgcSn: string) => (await sealRow(lgcSn)).state;
const sealCount = (institutionId: number) =>
  countRows(db.selectFrom('seal').where('institutionId', '=', institutionId));
const messagesOf = (userId: number) =>
  db.selectFrom('message').selectAll().where('userId', '=', userId).orderBy('id').execute();

function uploadAs(who: Caller, purpose: string, name: string, data: Uint8Array, lang = 'en-US') {
  return uploadFile(app, { cookie: who.cookie, 'accept-language': lang }, { purpose, name, data });
}

const cancelCodeUrl = (lgcSn: string) => `/api/signet/seals/${lgcSn}/cancel-code`;
const cancelUrl = (lgcSn: string) => `/api/signet/seals/${lgcSn}/cancel`;

/** Cancels an effective seal as its applicant (a fresh code each time). */
async function cancel(who: Caller, lgcSn: string) {
  await api.forgetCodes(who.email);
  const code = await api.mailedCode(who, cancelCodeUrl(lgcSn));
  return post(cancelUrl(lgcSn), who, { code });
}

type SealState = 'submitted' | 'pendingApproval' | 'effective' | 'rejected' | 'cancelled' | 'expired';

/** A seal of a new holder in `state`, reached through the API (expired: its period moved into the past). */
async function sealIn(state: SealState, options: { periodMonths?: number; h?: Holder } = {}) {
  const h = options.h ?? (await holder());
  const lgcSn = await api.applyForSeal(h.applicant, { periodMonths: options.periodMonths ?? 12 });
  const must = async (res: { statusCode: number; body: string }) => {
    if (res.statusCode !== 200) throw new Error(`${state}: ${res.statusCode} ${res.body}`);
  };
  if (state === 'pendingApproval') await must(await post(`/api/backend/seals/${lgcSn}/claim`, reviewer));
  if (state === 'rejected')
    await must(await post(`/api/backend/seals/${lgcSn}/reject`, reviewer, { reason: 'Blurred' }));
  if (state === 'effective' || state === 'cancelled' || state === 'expired') {
    await must(await post(`/api/backend/seals/${lgcSn}/approve`, reviewer));
  }
  if (state === 'cancelled') await must(await cancel(h.applicant, lgcSn));
  if (state === 'expired') {
    await db
      .updateTable('seal')
      .set({ validFrom: new Date(Date.now() - 400 * 86_400_000), validTo: new Date(Date.now() - 60_000) })
      .where('lgcSn', '=', lgcSn)
      .execute();
    await expireDueSeals(db, new Date());
  }
  expect(await stateOf(lgcSn)).toBe(state);
  return { lgcSn, h };
}

/** `date` plus whole months, the day kept (or the month's last day), time of day kept (UTC). */
function plusMonths(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      y,
      m,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
}

// ---------------------------------------------------------------------------------------------

describe('applying for a seal', () => {
  it('records a complete application as submitted and tells the reviewers of its branch', async () => {
    const h = await holder();
    const res = await post('/api/signet/seals', h.applicant, await api.applicationBody(h.applicant));
    expect(res.statusCode, res.body).toBe(200);
    const seal = res.json().data;
    expect(seal).toMatchObject({
      state: 'submitted',
      sealName: 'Contract seal',
      institutionName: h.inst.name,
      mine: true,
      imageWidth: 200,
      imageHeight: 200,
      periodMonths: 12,
      approverBranch: REVIEW_BRANCH,
      validFrom: null,
      validTo: null,
      certificateSerial: null,
    });
    expect(seal.sealNo).toMatch(/^ES\d{10}$/);
    const told = async (who: Caller) =>
      (await messagesOf(who.id)).filter((m) => m.type === 'sealSubmitted' && m.subject === 'Contract seal').length;
    expect(await told(reviewer)).toBeGreaterThan(0);
    expect(await told(admin)).toBeGreaterThan(0);
    expect(await told(otherReviewer)).toBe(0);
    expect(await told(branchless)).toBe(0);
  });

  const noisyPng = () => {
    // 300×300 of noise does not compress: about 360 KB, over the 200 KB limit (corners clear).
    const rgba = new Uint8Array(randomBytes(300 * 300 * 4));
    for (const i of [0, 299, 300 * 299, 300 * 300 - 1]) rgba[i * 4 + 3] = 0;
    return encodePng(300, 300, rgba);
  };

  const uploadRefusals: Array<{
    name: string;
    purpose: 'sealImage' | 'sealAuthorization';
    file: () => Uint8Array;
    status: number;
    code: string;
    message?: RegExp;
  }> = [
    {
      name: 'seal image: a JPEG',
      purpose: 'sealImage',
      file: sampleJpeg,
      status: 415,
      code: 'PRT_UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'seal image: a BMP',
      purpose: 'sealImage',
      file: sampleBmp,
      status: 415,
      code: 'PRT_UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'seal image: a PDF named .png',
      purpose: 'sealImage',
      file: () => samplePdf(),
      status: 415,
      code: 'PRT_UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'seal image: a PNG over 200 KB',
      purpose: 'sealImage',
      file: noisyPng,
      status: 413,
      code: 'PRT_PAYLOAD_TOO_LARGE',
      message: /200 KB/,
    },
    {
      name: 'seal image: not square',
      purpose: 'sealImage',
      file: () => encodePng(48, 40, new Uint8Array(48 * 40 * 4)),
      status: 422,
      code: 'PRT_SEAL_IMAGE_NOT_SQUARE',
      message: /48 × 40/,
    },
    {
      // A white background is accepted (its white is turned transparent); a coloured one is not.
      name: 'seal image: opaque background (light grey corners)',
      purpose: 'sealImage',
      file: () =>
        encodePng(
          40,
          40,
          new Uint8Array(40 * 40 * 4).fill(200).map((v, i) => (i % 4 === 3 ? 255 : v)),
        ),
      status: 422,
      code: 'PRT_SEAL_IMAGE_NOT_TRANSPARENT',
    },
    {
      name: 'seal image: a half-transparent corner (1×1 PNG, alpha 127)',
      purpose: 'sealImage',
      file: samplePng,
      status: 422,
      code: 'PRT_SEAL_IMAGE_NOT_TRANSPARENT',
    },
    {
      name: 'authorization: over 10 MB',
      purpose: 'sealAuthorization',
      file: () => pdfOfSize(10 * MB + 1),
      status: 413,
      code: 'PRT_PAYLOAD_TOO_LARGE',
      message: /10 MB/,
    },
    {
      name: 'authorization: not a PDF (a PNG)',
      purpose: 'sealAuthorization',
      file: () => makeSealPng(40),
      status: 415,
      code: 'PRT_UNSUPPORTED_MEDIA_TYPE',
    },
  ];

  it.each(uploadRefusals)('refuses the upload of $name ($status $code) and keeps nothing', async (row) => {
    const h = await holder();
    const name = row.purpose === 'sealImage' ? 'seal.png' : 'authorization.pdf';
    const res = await uploadAs(h.applicant, row.purpose, name, row.file());
    expect(res.statusCode, res.body).toBe(row.status);
    expect(res.json().code).toBe(row.code);
    if (row.message) expect(res.json().message).toMatch(row.message);
    const files = await db.selectFrom('fileObject').select('id').where('ownerUserId', '=', h.applicant.id).execute();
    expect(files).toEqual([]);
  });

  it('accepts exactly 10 MB of authorization and a 200 KB-or-less square transparent image', async () => {
    const h = await holder();
    expect((await uploadAs(h.applicant, 'sealAuthorization', 'a.pdf', pdfOfSize(10 * MB))).statusCode).toBe(200);
    expect((await uploadAs(h.applicant, 'sealImage', 'seal.png', makeSealPng(40))).statusCode).toBe(200);
  });

  it('accepts a seal on a white square, or with an opaque white disc, and keeps it with its white turned transparent', async () => {
    const h = await holder();
    const size = 40;
    const whiteSquare = new Uint8Array(size * size * 4).fill(255);
    for (let i = 0; i < size * size; i++)
      if (Math.hypot((i % size) - 19.5, Math.floor(i / size) - 19.5) < 10) whiteSquare.set([220, 20, 30, 255], i * 4);
    // The red centre stays (its white share, 20 of 255, turns transparent); the white disc is gone.
    for (const [image, centre] of [
      [encodePng(size, size, whiteSquare), 235],
      [makeWhiteDiscSealPng(size), 0],
    ] as const) {
      const res = await uploadAs(h.applicant, 'sealImage', 'seal.png', image);
      expect(res.statusCode, res.body).toBe(200);
      const info = res.json().data.list[0] as { lgcSn: string };
      const stored = await app.inject({
        method: 'GET',
        url: `/api/fileP1/download/${info.lgcSn}`,
        headers: { cookie: h.applicant.cookie },
      });
      expect(stored.statusCode).toBe(200);
      const png = PNG.sync.read(stored.rawPayload);
      const alphaAt = (x: number, y: number) => png.data[(y * size + x) * 4 + 3];
      expect([alphaAt(0, 0), alphaAt(size - 1, size - 1)]).toEqual([0, 0]); // the corners
      expect(alphaAt(size / 2, size / 2)).toBe(centre);
    }
  });

  type Body = Record<string, unknown>;
  const applicationRefusals: Array<{
    name: string;
    body: (h: Holder, body: Body) => Promise<Body> | Body;
    field: string;
    rule?: string;
  }> = [
    {
      name: 'agreement not accepted (false)',
      body: (_h, b) => ({ ...b, agreementAccepted: false }),
      field: 'agreementAccepted',
      rule: 'eSignatureAgreement',
    },
    {
      name: 'agreement not accepted (missing)',
      body: (_h, { agreementAccepted: _a, ...b }) => b,
      field: 'agreementAccepted',
    },
    {
      name: 'unknown approver branch',
      body: (_h, b) => ({ ...b, approverBranch: 'OS_ATLANTIS' }),
      field: 'approverBranch',
      rule: 'unknownCode',
    },
    {
      name: "image: a colleague's upload",
      body: async (h, b) => ({
        ...b,
        imageFile: await api.uploadId(h.colleague.cookie, 'sealImage', 's.png', makeSealPng(60)),
      }),
      field: 'imageFile',
      rule: 'invalid',
    },
    {
      name: "image: another institution's user's upload",
      body: async (_h, b) => {
        const stranger = await api.caller((await buildInstitution(db)).id);
        return { ...b, imageFile: await api.uploadId(stranger.cookie, 'sealImage', 's.png', makeSealPng(60)) };
      },
      field: 'imageFile',
      rule: 'invalid',
    },
    {
      name: 'image: a file of the wrong purpose (the authorization)',
      body: (_h, b) => ({ ...b, imageFile: b.authorizationFile }),
      field: 'imageFile',
      rule: 'invalid',
    },
    {
      name: 'image: an attachment-purpose PNG',
      body: async (h, b) => ({
        ...b,
        imageFile: await api.uploadId(h.applicant.cookie, 'attachment', 's.png', makeSealPng(60)),
      }),
      field: 'imageFile',
      rule: 'invalid',
    },
    {
      name: 'authorization: a file of the wrong purpose (the image)',
      body: (_h, b) => ({ ...b, authorizationFile: b.imageFile }),
      field: 'authorizationFile',
      rule: 'invalid',
    },
    {
      name: 'authorization: an id that does not exist',
      body: (_h, b) => ({ ...b, authorizationFile: 'no-such-file' }),
      field: 'authorizationFile',
      rule: 'invalid',
    },
    {
      name: 'image: already the image of another seal',
      body: async (h, b) => {
        const first = await sealRow(await api.applyForSeal(h.applicant));
        return { ...b, imageFile: first.imageFile };
      },
      field: 'imageFile',
      rule: 'invalid',
    },
    { name: 'seal name missing', body: (_h, { sealName: _s, ...b }) => b, field: 'sealName' },
    { name: 'seal name blank', body: (_h, b) => ({ ...b, sealName: '   ' }), field: 'sealName' },
    { name: 'seal name over 50 characters', body: (_h, b) => ({ ...b, sealName: 'x'.repeat(51) }), field: 'sealName' },
    { name: 'image missing', body: (_h, { imageFile: _i, ...b }) => b, field: 'imageFile' },
    { name: 'authorization missing', body: (_h, { authorizationFile: _a, ...b }) => b, field: 'authorizationFile' },
    { name: 'reason missing', body: (_h, { reason: _r, ...b }) => b, field: 'reason' },
    { name: 'period missing', body: (_h, { periodMonths: _p, ...b }) => b, field: 'periodMonths' },
    { name: 'period 0 months', body: (_h, b) => ({ ...b, periodMonths: 0 }), field: 'periodMonths' },
    { name: 'period 61 months', body: (_h, b) => ({ ...b, periodMonths: 61 }), field: 'periodMonths' },
    { name: 'period not whole', body: (_h, b) => ({ ...b, periodMonths: 1.5 }), field: 'periodMonths' },
    { name: 'approver branch missing', body: (_h, { approverBranch: _a, ...b }) => b, field: 'approverBranch' },
  ];

  const attachedFilesOf = async (h: Holder) =>
    (
      await db
        .selectFrom('fileObject')
        .select(['lgcSn', 'attachedTo'])
        .where('attachedTo', 'is not', null)
        .where((eb) => eb.or([eb('ownerUserId', '=', h.applicant.id), eb('ownerUserId', '=', h.colleague.id)]))
        .orderBy('id')
        .execute()
    ).map((f) => `${f.lgcSn} ${f.attachedTo}`);

  it.each(applicationRefusals)(
    'refuses an application with $name (422 naming $field) and writes nothing',
    async (row) => {
      const h = await holder();
      const body = await row.body(h, await api.applicationBody(h.applicant));
      const before = await sealCount(h.inst.id);
      const attachedBefore = await attachedFilesOf(h);
      const res = await post('/api/signet/seals', h.applicant, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('PRT_VALIDATION');
      const fields = res.json().data.fields as Array<{ field: string; rule: string }>;
      expect(fields.map((f) => f.field)).toContain(row.field);
      if (row.rule) expect(fields.find((f) => f.field === row.field)?.rule).toBe(row.rule);
      expect(await sealCount(h.inst.id)).toBe(before);
      // No upload was claimed: they stay usable for a corrected application.
      expect(await attachedFilesOf(h)).toEqual(attachedBefore);
    },
  );

  it('refuses in Chinese for a zh-CN reader (an upload and an application)', async () => {
    const h = await holder('zh-CN');
    const upload = await uploadAs(
      h.applicant,
      'sealImage',
      'seal.png',
      encodePng(48, 40, new Uint8Array(48 * 40 * 4)),
      'zh-CN',
    );
    expect(upload.json()).toMatchObject({ code: 'PRT_SEAL_IMAGE_NOT_SQUARE' });
    expect(upload.json().message).toContain('印章图片须为正方形');
    expect(upload.json().message).toContain('48 × 40');

    const body = { ...(await api.applicationBody(h.applicant)), agreementAccepted: false };
    const refused = await post('/api/signet/seals', h.applicant, body, 'zh-CN');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/[\u4e00-\u9fff]/);
    expect(refused.json().data.fields[0]).toMatchObject({ field: 'agreementAccepted' });
    expect(refused.json().data.fields[0].message).toMatch(/[\u4e00-\u9fff]/);
    const english = await post('/api/signet/seals', h.applicant, body, 'en-US');
    expect(english.json().message).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await sealCount(h.inst.id)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('seal states: every transition', () => {
  it('opening an application only reads it: it stays submitted, whoever opens it (issue 24: no GET changes state)', async () => {
    const { lgcSn } = await sealIn('submitted');
    for (const who of [reviewer, admin, reviewer]) {
      const opened = await get(`/api/backend/seals/${lgcSn}`, who);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().data).toMatchObject({ state: 'submitted', canDecide: true, reviewerName: null });
    }
    const row = await sealRow(lgcSn);
    expect(row).toMatchObject({ state: 'submitted', reviewerUserId: null, reviewStartedAt: null });
  });

  it('submitted → pendingApproval when a reviewer of its branch starts the review; another branch’s reviewer is told it does not exist', async () => {
    const { lgcSn } = await sealIn('submitted');
    for (const who of [otherReviewer, branchless]) {
      for (const res of [
        await get(`/api/backend/seals/${lgcSn}`, who),
        await post(`/api/backend/seals/${lgcSn}/claim`, who),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PRT_SEAL_NOT_FOUND');
      }
    }
    expect(await stateOf(lgcSn)).toBe('submitted');

    const claimed = await post(`/api/backend/seals/${lgcSn}/claim`, reviewer);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({ state: 'pendingApproval', canDecide: true });
    const row = await sealRow(lgcSn);
    expect(row).toMatchObject({ state: 'pendingApproval', reviewerUserId: reviewer.id });
    expect(row.reviewStartedAt).not.toBeNull();
    // Starting again (or by the system administrator) changes nothing: the reviewer stays.
    const again = await post(`/api/backend/seals/${lgcSn}/claim`, admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.state).toBe('pendingApproval');
    expect(await sealRow(lgcSn)).toEqual(row);
  });

  it.each(['effective', 'rejected', 'cancelled', 'expired'] as const)(
    'a %s application cannot be claimed (409 PRT_SEAL_DECIDED, in both languages)',
    async (state) => {
      const { lgcSn } = await sealIn(state);
      const before = await sealRow(lgcSn);
      const en = await post(`/api/backend/seals/${lgcSn}/claim`, reviewer);
      expect(en.statusCode).toBe(409);
      expect(en.json()).toMatchObject({ code: 'PRT_SEAL_DECIDED', message: expect.stringContaining('already') });
      expect(en.json().message).toContain(`(${STATE_WORDS[state][0]})`);
      const zh = await post(`/api/backend/seals/${lgcSn}/claim`, reviewer, undefined, 'zh-CN');
      // The state in the reader's words, never the API's.
      expect(zh.json().message).toBe(`该印章申请已处理（${STATE_WORDS[state][1]}）。`);
      expect(await sealRow(lgcSn)).toEqual(before);
    },
  );

  it.each(['submitted', 'pendingApproval'] as const)(
    '%s → effective on approval: certificate issued for the period, applicant messaged and mailed in their language',
    async (from) => {
      const h = await holder('zh-CN');
      const { lgcSn } = await sealIn(from, { h, periodMonths: 7 });
      const res = await post(`/api/backend/seals/${lgcSn}/approve`, reviewer);
      expect(res.statusCode, res.body).toBe(200);
      const item = res.json().data;
      expect(item).toMatchObject({ state: 'effective', canDecide: false, periodMonths: 7 });
      expect(item.certificateSerial).toMatch(/^[0-9a-f]+$/i);
      expect(new Date(item.validTo).toISOString()).toBe(plusMonths(new Date(item.validFrom), 7).toISOString());
      const row = await sealRow(lgcSn);
      expect(row.certificateDer).not.toBeNull();
      expect(row.privateKeySealed).not.toBeNull();
      expect(row.decidedAt).not.toBeNull();

      expect((await messagesOf(h.applicant.id)).filter((m) => m.type === 'sealApproved')).toEqual([
        expect.objectContaining({ link: `/userCenter/mySignature?seal=${lgcSn}`, subject: 'Contract seal' }),
      ]);
      const { mail } = await lastMailTo(db, h.applicant.email);
      expect(mail).toMatchObject({ template: 'sealDecided', locale: 'zh-CN' });
      expect(mail!.subject).toContain('已获批准');
      expect(mail!.textBody).toContain(row.sealNo);

      // Usable by its holder only: a colleague is told the institution's seals are held by others.
      const mine = (await get('/api/signet/seals/usable', h.applicant)).json().data;
      expect(mine.list.map((s: { lgcSn: string }) => s.lgcSn)).toEqual([lgcSn]);
      expect(mine.heldByColleagues).toBe(0);
      const colleagues = (await get('/api/signet/seals/usable', h.colleague)).json().data;
      expect(colleagues).toEqual({ list: [], heldByColleagues: 1 });
    },
  );

  it.each(['submitted', 'pendingApproval'] as const)(
    '%s → rejected, with the reason required, told to the applicant by message and mail',
    async (from) => {
      const h = await holder();
      const { lgcSn } = await sealIn(from, { h });
      for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
        const res = await post(`/api/backend/seals/${lgcSn}/reject`, reviewer, body);
        expect(res.statusCode).toBe(422);
        expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual(['reason']);
      }
      expect(await stateOf(lgcSn)).toBe(from);

      const res = await post(`/api/backend/seals/${lgcSn}/reject`, reviewer, { reason: 'The image is blurred.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        state: 'rejected',
        rejectReason: 'The image is blurred.',
        certificateSerial: null,
      });
      expect((await messagesOf(h.applicant.id)).map((m) => m.type)).toEqual(['sealRejected']);
      const { mail } = await lastMailTo(db, h.applicant.email);
      expect(mail).toMatchObject({ template: 'sealDecided', locale: 'en-US' });
      expect(mail!.subject).toMatch(/rejected/);
      expect(mail!.textBody).toContain('The image is blurred.');
      expect((await get('/api/signet/seals/usable', h.applicant)).json().data.list).toEqual([]);
    },
  );

  it('effective → cancelled by its applicant with the mailed code: certificate revoked, no longer usable', async () => {
    const { lgcSn, h } = await sealIn('effective');
    const sent = await post(cancelCodeUrl(lgcSn), h.applicant, undefined, 'zh-CN');
    expect(sent.json().data).toEqual({ resendAfterSeconds: 60 });
    const { mail, code } = await lastMailTo(db, h.applicant.email);
    expect(mail).toMatchObject({ template: 'emailCode', locale: 'zh-CN' });
    const res = await post(cancelUrl(lgcSn), h.applicant, { code: code!.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'cancelled', mine: true });
    expect(res.json().data.cancelledAt).not.toBeNull();
    const row = await sealRow(lgcSn);
    expect(row.revokedAt).not.toBeNull();
    expect(row.certificateSerial).not.toBeNull();
    // Its key is destroyed; its certificate stays for verification.
    expect(row.privateKeySealed).toBeNull();
    expect(row.certificateDer).not.toBeNull();
    expect((await get('/api/signet/seals/usable', h.applicant)).json().data.list).toEqual([]);
    const audit = await db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', lgcSn)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['seal.applied', 'seal.approved', 'seal.cancelled']);
  });

  it('effective → expired when the job runs after the end of its period (and not a moment before)', async () => {
    const { lgcSn, h } = await sealIn('effective', { periodMonths: 1 });
    const validTo = new Date((await sealRow(lgcSn)).validTo as Date);
    expect(await expireDueSeals(db, new Date(validTo.getTime() - 1000))).toEqual({ expired: 0 });
    expect(await stateOf(lgcSn)).toBe('effective');
    expect((await sealRow(lgcSn)).privateKeySealed).not.toBeNull();
    expect(await expireDueSeals(db, new Date(validTo.getTime() + 1000))).toEqual({ expired: 1 });
    const row = await sealRow(lgcSn);
    expect(row.state).toBe('expired');
    expect(row.expiredAt).not.toBeNull();
    expect(row.privateKeySealed).toBeNull();
    expect(row.certificateDer).not.toBeNull();
    expect((await get('/api/signet/seals/usable', h.applicant)).json().data.list).toEqual([]);
    const listed = await get('/api/signet/seals?state=expired', h.colleague);
    expect(listed.json().data.list.map((s: { lgcSn: string }) => s.lgcSn)).toEqual([lgcSn]);
  });

  it('an effective seal past its period is no longer offered even before the job runs', async () => {
    const { lgcSn, h } = await sealIn('effective');
    await db
      .updateTable('seal')
      .set({ validTo: new Date(Date.now() - 1000) })
      .where('lgcSn', '=', lgcSn)
      .execute();
    expect((await get('/api/signet/seals/usable', h.applicant)).json().data.list).toEqual([]);
  });
});

describe('seal states: every refused transition (nothing changes)', () => {
  const decided = ['effective', 'rejected', 'cancelled', 'expired'] as const;

  it.each(decided.flatMap((from) => (['approve', 'reject'] as const).map((act) => ({ from, act }))))(
    '$act a $from seal → 409 PRT_SEAL_DECIDED',
    async ({ from, act }) => {
      const { lgcSn } = await sealIn(from);
      const before = await sealRow(lgcSn);
      const res = await post(
        `/api/backend/seals/${lgcSn}/${act}`,
        reviewer,
        act === 'reject' ? { reason: 'Late' } : undefined,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRT_SEAL_DECIDED');
      expect(await sealRow(lgcSn)).toEqual(before);
    },
  );

  it.each(['submitted', 'pendingApproval', 'rejected', 'cancelled', 'expired'] as const)(
    'cancel a %s seal → 409 PRT_SEAL_NOT_EFFECTIVE (no code mailed either)',
    async (from) => {
      const { lgcSn, h } = await sealIn(from);
      await api.forgetCodes(h.applicant.email);
      const before = await sealRow(lgcSn);
      const mailsBefore = (await lastMailTo(db, h.applicant.email)).mail?.id;
      const code = await post(cancelCodeUrl(lgcSn), h.applicant);
      expect(code.statusCode).toBe(409);
      expect(code.json().code).toBe('PRT_SEAL_NOT_EFFECTIVE');
      expect((await lastMailTo(db, h.applicant.email)).mail?.id).toBe(mailsBefore);
      const res = await post(cancelUrl(lgcSn), h.applicant, { code: 'ABCD' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRT_SEAL_NOT_EFFECTIVE');
      expect(res.json().message).toBe(`Only an effective seal can be cancelled; this one is ${STATE_WORDS[from][0]}.`);
      const zh = await post(cancelUrl(lgcSn), h.applicant, { code: 'ABCD' }, 'zh-CN');
      expect(zh.json().message).toBe(`只有已生效的印章可以注销，该印章当前为「${STATE_WORDS[from][1]}」。`);
      expect(await sealRow(lgcSn)).toEqual(before);
    },
  );

  it('the expiry job leaves every seal that is not effective, or still within its period, alone', async () => {
    const seals = await Promise.all(
      (['submitted', 'pendingApproval', 'rejected', 'cancelled', 'effective'] as const).map((state) => sealIn(state)),
    );
    const now = new Date();
    await expireDueSeals(db, now);
    expect(await Promise.all(seals.map(({ lgcSn }) => stateOf(lgcSn)))).toEqual([
      'submitted',
      'pendingApproval',
      'rejected',
      'cancelled',
      'effective',
    ]);
  });

  it('cancel by a colleague who is not the applicant → 403; by another institution → 404', async () => {
    const { lgcSn, h } = await sealIn('effective');
    const stranger = await api.caller((await buildInstitution(db)).id);
    for (const url of [cancelCodeUrl(lgcSn), cancelUrl(lgcSn)]) {
      const byColleague = await post(url, h.colleague, { code: 'ABCD' });
      expect(byColleague.statusCode).toBe(403);
      expect(byColleague.json().code).toBe('PRT_NOT_SEAL_APPLICANT');
      for (const who of [stranger, reviewer, admin]) {
        const res = await post(url, who, { code: 'ABCD' });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PRT_SEAL_NOT_FOUND');
      }
    }
    expect(await stateOf(lgcSn)).toBe('effective');
  });

  it('a reviewer of another branch (or with none) cannot approve or reject: 404, as for opening it', async () => {
    const { lgcSn } = await sealIn('pendingApproval');
    const before = await sealRow(lgcSn);
    for (const who of [otherReviewer, branchless]) {
      for (const act of ['approve', 'reject'] as const) {
        const res = await post(
          `/api/backend/seals/${lgcSn}/${act}`,
          who,
          act === 'reject' ? { reason: 'No' } : undefined,
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('PRT_SEAL_NOT_FOUND');
      }
    }
    expect(await sealRow(lgcSn)).toEqual(before);
  });

  it('an institution user cannot use the back office at all (403 PRT_FORBIDDEN)', async () => {
    const { lgcSn, h } = await sealIn('submitted');
    for (const [method, url] of [
      ['GET', '/api/backend/seals'],
      ['GET', `/api/backend/seals/${lgcSn}`],
      ['GET', `/api/backend/seals/${lgcSn}/authorization`],
      ['POST', `/api/backend/seals/${lgcSn}/approve`],
      ['POST', `/api/backend/seals/${lgcSn}/reject`],
    ] as const) {
      const res = await api.inject(method, url, h.applicant.cookie, method === 'POST' ? { reason: 'x' } : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('PRT_FORBIDDEN');
    }
    expect(await stateOf(lgcSn)).toBe('submitted');
  });

  itOnPostgres(
    'two reviewers deciding at once: one decision stands',
    async () => {
      // Approval first loads the authority, so a rejection often commits before it reads the row:
      // two rejections take the same path and meet inside it. Several rounds, so a missing lock shows.
      const decide = (lgcSn: string, approve: boolean, who: Caller) =>
        approve
          ? post(`/api/backend/seals/${lgcSn}/approve`, who)
          : post(`/api/backend/seals/${lgcSn}/reject`, who, { reason: 'Duplicate' });
      for (const [first, second] of [
        [true, false],
        [false, false],
        [false, false],
        [true, true],
        [false, false],
      ]) {
        const { lgcSn, h } = await sealIn('pendingApproval');
        const results = await Promise.all([decide(lgcSn, first!, reviewer), decide(lgcSn, second!, admin)]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const decidedMessages = (await messagesOf(h.applicant.id)).filter((m) => m.type !== 'sealSubmitted');
        expect(decidedMessages).toHaveLength(1);
      }
    },
    60_000,
  );
});

describe('system administrator and the review queue', () => {
  it('sees and decides every branch; a branch reviewer sees only theirs', async () => {
    const h = await holder();
    const macau = await api.applyForSeal(h.applicant, { approverBranch: OTHER_BRANCH, sealName: 'Macau seal' });
    const hongKong = await api.applyForSeal(h.applicant, { sealName: 'HK seal' });
    const queue = async (who: Caller) =>
      (
        (await get(`/api/backend/seals?state=all&pageSize=100&q=${encodeURIComponent(h.inst.name)}`, who)).json().data
          .list as Array<{
          lgcSn: string;
          canDecide: boolean;
        }>
      ).map((s) => s.lgcSn);
    expect((await queue(admin)).sort()).toEqual([macau, hongKong].sort());
    expect(await queue(reviewer)).toEqual([hongKong]);
    expect(await queue(otherReviewer)).toEqual([macau]);
    expect(await queue(branchless)).toEqual([]);

    expect((await get(`/api/backend/seals/${macau}`, reviewer)).statusCode).toBe(404);
    expect((await get(`/api/backend/seals/${macau}`, admin)).json().data.state).toBe('submitted');
    const opened = await post(`/api/backend/seals/${macau}/claim`, admin);
    expect(opened.json().data).toMatchObject({
      state: 'pendingApproval',
      canDecide: true,
      applicantEmail: h.applicant.email,
    });
    expect((await get(`/api/backend/seals/${macau}/authorization`, admin)).statusCode).toBe(200);
    expect((await get(`/api/backend/seals/${macau}/authorization`, reviewer)).statusCode).toBe(404);
    expect((await get(`/api/backend/seals/${macau}/authorization`, otherReviewer)).statusCode).toBe(200);

    expect((await post(`/api/backend/seals/${macau}/approve`, admin)).json().data.state).toBe('effective');
    expect(
      (await post(`/api/backend/seals/${hongKong}/reject`, admin, { reason: 'Not needed' })).json().data.state,
    ).toBe('rejected');
    const toReview = await get(`/api/backend/seals?q=${encodeURIComponent(h.inst.name)}`, admin);
    expect(toReview.json().data.list).toEqual([]);
  });
});

describe("who reads a seal's files and list", () => {
  it("the institution's users see its seal's files; staff its image, and the authorization only as its branch's reviewers; anyone else is told it does not exist", async () => {
    const { lgcSn, h } = await sealIn('effective');
    const stranger = await api.caller((await buildInstitution(db)).id);
    const allowed = {
      image: [h.applicant, h.colleague, reviewer, otherReviewer, admin],
      authorization: [h.applicant, h.colleague],
    };
    const hiddenFrom = { image: [stranger], authorization: [stranger, reviewer, otherReviewer, admin] };
    for (const which of ['image', 'authorization'] as const) {
      const url = `/api/signet/seals/${lgcSn}/${which}`;
      for (const who of allowed[which]) {
        const res = await get(url, who);
        expect(res.statusCode, `${which}`).toBe(200);
        expect(res.headers['content-type']).toBe(which === 'image' ? 'image/png' : 'application/pdf');
      }
      for (const who of hiddenFrom[which]) {
        const hidden = await get(url, who);
        expect(hidden.statusCode, `${which}`).toBe(404);
        expect(hidden.json().code).toBe('PRT_SEAL_NOT_FOUND');
      }
    }
    // The branch's reviewers (and the system administrator) read it in the back office.
    for (const who of [reviewer, admin]) {
      expect((await get(`/api/backend/seals/${lgcSn}/authorization`, who)).statusCode).toBe(200);
    }
    expect((await get(`/api/backend/seals/${lgcSn}/authorization`, otherReviewer)).statusCode).toBe(404);
    const list = async (who: Caller) =>
      ((await get('/api/signet/seals', who)).json().data.list as Array<{ lgcSn: string; mine: boolean }>).map((s) => [
        s.lgcSn,
        s.mine,
      ]);
    expect(await list(h.applicant)).toEqual([[lgcSn, true]]);
    expect(await list(h.colleague)).toEqual([[lgcSn, false]]);
    expect(await list(stranger)).toEqual([]);
    expect((await get('/api/signet/seals/usable', stranger)).json().data.list).toEqual([]);
    const anonymous = await get('/api/signet/seals');
    expect(anonymous.statusCode).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------

describe('cancel codes', () => {
  it('a wrong code is refused and counted; the seal stays effective', async () => {
    const { lgcSn, h } = await sealIn('effective');
    const code = await api.mailedCode(h.applicant, cancelCodeUrl(lgcSn));
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    const res = await post(cancelUrl(lgcSn), h.applicant, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PRT_CODE_INCORRECT');
    expect(await stateOf(lgcSn)).toBe('effective');
    const row = await db
      .selectFrom('verificationCode')
      .select(['attempts', 'consumedAt'])
      .where('purpose', '=', `sealCancel:${lgcSn}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 1, consumedAt: null });
    // The right one still works.
    expect((await post(cancelUrl(lgcSn), h.applicant, { code })).json().data.state).toBe('cancelled');
  });

  it('an expired code is refused', async () => {
    const { lgcSn, h } = await sealIn('effective');
    const code = await api.mailedCode(h.applicant, cancelCodeUrl(lgcSn));
    await db
      .updateTable('verificationCode')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('purpose', '=', `sealCancel:${lgcSn}`)
      .execute();
    const res = await post(cancelUrl(lgcSn), h.applicant, { code });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PRT_CODE_EXPIRED');
    expect(await stateOf(lgcSn)).toBe('effective');
  });

  it('five wrong tries kill the code: even the right one is then refused', async () => {
    const { lgcSn, h } = await sealIn('effective');
    const code = await api.mailedCode(h.applicant, cancelCodeUrl(lgcSn));
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    for (let i = 0; i < 5; i++)
      expect((await post(cancelUrl(lgcSn), h.applicant, { code: wrong })).json().code).toBe('PRT_CODE_INCORRECT');
    expect((await post(cancelUrl(lgcSn), h.applicant, { code })).json().code).toBe('PRT_CODE_EXPIRED');
    expect(await stateOf(lgcSn)).toBe('effective');
  });

  it('a code is used once: cancelling again with it is refused', async () => {
    const { lgcSn, h } = await sealIn('effective');
    const code = await api.mailedCode(h.applicant, cancelCodeUrl(lgcSn));
    expect((await post(cancelUrl(lgcSn), h.applicant, { code })).statusCode).toBe(200);
    const again = await post(cancelUrl(lgcSn), h.applicant, { code });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('PRT_SEAL_NOT_EFFECTIVE');
    const row = await db
      .selectFrom('verificationCode')
      .select('consumedAt')
      .where('purpose', '=', `sealCancel:${lgcSn}`)
      .executeTakeFirstOrThrow();
    expect(row.consumedAt).not.toBeNull();
  });

  it('a code cannot be asked for again within 60 s (429 with the seconds left)', async () => {
    const { lgcSn, h } = await sealIn('effective');
    await api.mailedCode(h.applicant, cancelCodeUrl(lgcSn));
    const again = await post(cancelCodeUrl(lgcSn), h.applicant);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('PRT_RESEND_TOO_SOON');
    const seconds = Number(again.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(again.json().message).toContain(String(seconds));
    // After the pause a new code replaces the first, which is then simply wrong.
    const first = (await lastMailTo(db, h.applicant.email)).code!;
    await api.forgetCodes(h.applicant.email);
    const second = await api.mailedCode(h.applicant, cancelCodeUrl(lgcSn));
    if (first !== second)
      expect((await post(cancelUrl(lgcSn), h.applicant, { code: first })).json().code).toBe('PRT_CODE_INCORRECT');
    expect((await post(cancelUrl(lgcSn), h.applicant, { code: second })).statusCode).toBe(200);
  });

  it('a code issued for seal A does not cancel seal B', async () => {
    const h = await holder();
    const { lgcSn: a } = await sealIn('effective', { h });
    const { lgcSn: b } = await sealIn('effective', { h });
    const codeA = await api.mailedCode(h.applicant, cancelCodeUrl(a));
    // B has no code of its own: nothing live to compare with.
    const noCode = await post(cancelUrl(b), h.applicant, { code: codeA });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe('PRT_CODE_EXPIRED');
    // B has its own code: A's is simply wrong for B.
    const codeB = await api.mailedCode(h.applicant, cancelCodeUrl(b));
    if (codeA !== codeB)
      expect((await post(cancelUrl(b), h.applicant, { code: codeA })).json().code).toBe('PRT_CODE_INCORRECT');
    expect(await stateOf(b)).toBe('effective');
    expect((await post(cancelUrl(a), h.applicant, { code: codeA })).json().data.state).toBe('cancelled');
    expect(await stateOf(b)).toBe('effective');
  });

  it('code missing or longer than 4 characters → 422', async () => {
    const { lgcSn, h } = await sealIn('effective');
    for (const body of [{}, { code: '' }, { code: 'ABCDE' }]) {
      const res = await post(cancelUrl(lgcSn), h.applicant, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().data.fields[0].field).toBe('code');
    }
  });
});

describe('after a seal is cancelled', () => {
  it('it stamps nothing more, a file it signed shows it revoked, and a refused signature uses no code', async () => {
    const deal = await api.agreedDeal();
    const counterpartSeal = await api.effectiveSeal(deal.counterpart, reviewer, { sealName: '合同专用章' });
    const publisherSeal = await api.effectiveSeal(deal.publisher, reviewer);
    const spareSeal = await api.effectiveSeal(deal.publisher, reviewer, { sealName: 'Spare seal' });
    const id = deal.intentionLgcSn;
    expect((await api.uploadContract(deal.publisher.cookie, id, await makeTestPdf(2))).statusCode).toBe(200);
    expect((await post(`/api/contracts/${id}/confirm`, deal.publisher)).statusCode).toBe(200);
    const signed = await api.sign(deal.counterpart, id, [{ sealLgcSn: counterpartSeal, page: 1, x: 0.1, y: 0.7 }]);
    expect(signed.statusCode, signed.body).toBe(200);
    const file = new Uint8Array((await get(`/api/contracts/${id}/file`, deal.counterpart)).rawPayload);

    expect((await cancel(deal.counterpart, counterpartSeal)).statusCode).toBe(200);
    expect((await sealRow(counterpartSeal)).revokedAt).not.toBeNull();
    const form = new FormData();
    form.append('file', new Blob([file]), 'contract.pdf');
    const report = (
      await app.inject({ method: 'POST', url: '/api/verify', payload: form, remoteAddress: nextIp() })
    ).json().data;
    expect(report.signatures).toEqual([
      expect.objectContaining({ intact: true, issuedByPortal: true, revoked: true, sealName: '合同专用章' }),
    ]);
    // What it stamped is still listed on the cancelled seal.
    const mine = (await get('/api/signet/seals?state=cancelled', deal.counterpart)).json().data.list;
    expect(mine[0].stampedFiles).toEqual([expect.objectContaining({ intentionLgcSn: id })]);

    expect((await cancel(deal.publisher, publisherSeal)).statusCode).toBe(200);
    const usable = (await get('/api/signet/seals/usable', deal.publisher)).json().data.list;
    expect(usable.map((s: { lgcSn: string }) => s.lgcSn)).toEqual([spareSeal]);
    await api.forgetCodes(deal.publisher.email);
    const code = await api.mailedCode(deal.publisher, `/api/contracts/${id}/sign-code`);
    const refused = await post(`/api/contracts/${id}/sign`, deal.publisher, {
      code,
      placements: [{ sealLgcSn: publisherSeal, page: 2, x: 0.5, y: 0.5 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRT_SEAL_NOT_USABLE');
    expect(refused.json().message).toContain('cancelled');
    // The same code still signs with a usable seal.
    const ok = await post(`/api/contracts/${id}/sign`, deal.publisher, {
      code,
      placements: [{ sealLgcSn: spareSeal, page: 2, x: 0.5, y: 0.5 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.status).toBe('signed');
  });
});

// Last: runDue moves the jobs' clock (and the prune job with it) a month ahead.
describe('the scheduled expiry', () => {
  it('is registered with the job runner and expires a seal whose period has ended', async () => {
    const { lgcSn } = await sealIn('effective', { periodMonths: 1 });
    const validTo = new Date((await sealRow(lgcSn)).validTo as Date);
    expect(await app.jobs.runDue(new Date(validTo.getTime() + 60_000))).toContain(SEAL_EXPIRY_JOB_NAME);
    expect(await stateOf(lgcSn)).toBe('expired');
    // The job destroys the key with the expiry.
    expect((await sealRow(lgcSn)).privateKeySealed).toBeNull();
    const audit = await db.selectFrom('auditLog').select('action').where('targetId', '=', lgcSn).execute();
    expect(audit.map((a) => a.action)).toContain('seal.expired');
    expect(config.publicBaseUrl).toBeTruthy();
  });
});
