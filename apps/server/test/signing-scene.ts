/**
 * The scene the seal and contract tests share, built through the API as users would: two
 * institutions with an agreed intention, a reviewer of the Hong Kong branch, and helpers to
 * upload files, apply for and approve seals, and read the codes the portal mails.
 */
import { ROLE } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database.ts';
import { makeSealPng, makeTestPdf } from '../src/platform/signing/test-fixtures.ts';
import { buildRequest } from './cooperation-factories.ts';
import { buildInstitution, buildUser, lastMailTo, nextIp, sessionCookie, uploadFile } from './factories.ts';
import { samplePdf } from './sample-files.ts';

export const REVIEW_BRANCH = 'OS_HONG_KONG';

export type Caller = { id: number; email: string; cookie: string; institutionId: number };

/** What signedByBoth may change: the counterpart's seal image, and where it places it (fractions of the page, from the top left). */
export type SignedByBothOptions = {
  counterpartImage?: Uint8Array;
  counterpartAt?: { page: number; x: number; y: number };
};

export function signingApi(app: FastifyInstance, db: Db) {
  const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown, lang = 'en-US') =>
    app.inject({
      method,
      url,
      remoteAddress: nextIp(),
      headers: { ...(cookie ? { cookie } : {}), 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function caller(institutionId: number, overrides: Parameters<typeof buildUser>[1] = {}): Promise<Caller> {
    const user = await buildUser(db, { institutionId, ...overrides });
    return { id: user.id, email: user.email, cookie: await sessionCookie(db, user.id), institutionId };
  }

  /** A bank reviewer whose account's main contact branch is `branch`. */
  async function reviewer(branch = REVIEW_BRANCH): Promise<Caller> {
    const bank = await buildInstitution(db, { name: `The Bank ${branch}` });
    const user = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff] });
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify({ mainContactBranch: branch }) })
      .where('id', '=', user.id)
      .execute();
    return { id: user.id, email: user.email, cookie: await sessionCookie(db, user.id), institutionId: bank.id };
  }

  function upload(cookie: string, purpose: string, name: string, data: Uint8Array) {
    return uploadFile(app, { cookie }, { purpose, name, data });
  }

  async function uploadId(cookie: string, purpose: string, name: string, data: Uint8Array): Promise<string> {
    const res = await upload(cookie, purpose, name, data);
    if (res.statusCode !== 200) throw new Error(`upload ${purpose}: ${res.statusCode} ${res.body}`);
    return res.json().data.list[0].lgcSn as string;
  }

  /** A complete application body (its two files uploaded by `who`). */
  async function applicationBody(who: Caller, overrides: Record<string, unknown> = {}) {
    return {
      sealName: 'Contract seal',
      imageFile: await uploadId(who.cookie, 'sealImage', 'seal.png', makeSealPng(200)),
      periodMonths: 12,
      reason: 'Signing cooperation contracts on the portal',
      authorizationFile: await uploadId(
        who.cookie,
        'sealAuthorization',
        'authorization.pdf',
        samplePdf('Authorization'),
      ),
      approverBranch: REVIEW_BRANCH,
      agreementAccepted: true,
      ...overrides,
    };
  }

  async function applyForSeal(who: Caller, overrides: Record<string, unknown> = {}): Promise<string> {
    const res = await inject('POST', '/api/signet/seals', who.cookie, await applicationBody(who, overrides));
    if (res.statusCode !== 200) throw new Error(`apply: ${res.statusCode} ${res.body}`);
    return res.json().data.lgcSn as string;
  }

  /** An effective seal of `who`'s institution (applied for by `who`, approved by `by`). */
  async function effectiveSeal(who: Caller, by: Caller, overrides: Record<string, unknown> = {}): Promise<string> {
    const lgcSn = await applyForSeal(who, overrides);
    const res = await inject('POST', `/api/backend/seals/${lgcSn}/approve`, by.cookie);
    if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
    return lgcSn;
  }

  /** Two institutions with an agreed intention: the publisher's request, the counterpart's intention. */
  async function agreedDeal() {
    const publisherInst = await buildInstitution(db, {
      name: `Harbour Bank ${Math.random().toString(36).slice(2, 6)}`,
    });
    const counterpartInst = await buildInstitution(db, { name: `北岸银行 ${Math.random().toString(36).slice(2, 6)}` });
    const publisher = await caller(publisherInst.id, { name: 'Amy Chan' });
    const counterpart = await caller(counterpartInst.id, { name: 'Ingrid Berg', locale: 'zh-CN' });
    const outsider = await caller((await buildInstitution(db)).id);
    const request = await buildRequest(db, {
      ownerUserId: publisher.id,
      institutionId: publisherInst.id,
      name: 'USD 5m forfaiting',
    });
    const sent = await inject('POST', '/api/bthw/SendBthw', counterpart.cookie, {
      requestLgcSn: request.lgcSn,
      message: 'We would like to participate.',
    });
    const intentionLgcSn = sent.json().data.lgcSn as string;
    await inject('POST', '/api/bthw/agreeOrRefuse', publisher.cookie, { intentionLgcSn, decision: 'agree' });
    return { publisher, counterpart, outsider, publisherInst, counterpartInst, request, intentionLgcSn };
  }

  async function uploadContract(cookie: string, intentionLgcSn: string, pdf: Uint8Array, title?: string) {
    const form = new FormData();
    if (title !== undefined) form.append('title', title);
    form.append('file', new Blob([new Uint8Array(pdf)]), 'contract.pdf');
    return app.inject({
      method: 'POST',
      url: `/api/contracts/${intentionLgcSn}/upload`,
      remoteAddress: nextIp(),
      headers: { cookie },
      payload: form,
    });
  }

  /** Asks for a code to `url` and reads it from the outbox. */
  async function mailedCode(who: Caller, url: string): Promise<string> {
    const res = await inject('POST', url, who.cookie);
    if (res.statusCode !== 200) throw new Error(`code: ${res.statusCode} ${res.body}`);
    const { code } = await lastMailTo(db, who.email);
    if (!code) throw new Error('no code mailed');
    return code;
  }

  /** Lets a code be asked for again at once (the 60 s pause is the code module's own test). */
  async function forgetCodes(email: string) {
    await db
      .updateTable('verificationCode')
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where('email', '=', email.toLowerCase())
      .execute();
  }

  async function sign(who: Caller, intentionLgcSn: string, placements: object[]) {
    await forgetCodes(who.email);
    const code = await mailedCode(who, `/api/contracts/${intentionLgcSn}/sign-code`);
    return inject('POST', `/api/contracts/${intentionLgcSn}/sign`, who.cookie, { code, placements });
  }

  /**
   * An agreed deal whose two-page contract both parties have signed, through the API: the
   * publisher's seal on page 1, then the counterpart's seal (named 合同专用章) on page 2, or where
   * `counterpartAt` says, its image `counterpartImage` when given. Answers the deal, both seals and
   * the file as uploaded, after the first and after the second signature.
   */
  async function signedByBoth(by: Caller, { counterpartImage, counterpartAt }: SignedByBothOptions = {}) {
    const deal = await agreedDeal();
    const publisherSeal = await effectiveSeal(deal.publisher, by);
    const counterpartSeal = await effectiveSeal(deal.counterpart, by, {
      sealName: '合同专用章',
      ...(counterpartImage
        ? { imageFile: await uploadId(deal.counterpart.cookie, 'sealImage', 'seal.png', counterpartImage) }
        : {}),
    });
    const id = deal.intentionLgcSn;
    const original = await makeTestPdf(2);
    const uploaded = await uploadContract(deal.publisher.cookie, id, original, 'Forfaiting agreement');
    if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.body}`);
    const confirmed = await inject('POST', `/api/contracts/${id}/confirm`, deal.counterpart.cookie);
    if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
    const file = async () =>
      new Uint8Array((await inject('GET', `/api/contracts/${id}/file`, deal.publisher.cookie)).rawPayload);
    const first = await sign(deal.publisher, id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]);
    if (first.statusCode !== 200) throw new Error(`first signature: ${first.body}`);
    const partlySigned = await file();
    const second = await sign(deal.counterpart, id, [
      { sealLgcSn: counterpartSeal, ...(counterpartAt ?? { page: 2, x: 0.1, y: 0.7 }) },
    ]);
    if (second.statusCode !== 200) throw new Error(`second signature: ${second.body}`);
    return { deal, publisherSeal, counterpartSeal, original, partlySigned, fullySigned: await file() };
  }

  return {
    inject,
    caller,
    reviewer,
    upload,
    uploadId,
    applicationBody,
    applyForSeal,
    effectiveSeal,
    agreedDeal,
    uploadContract,
    mailedCode,
    forgetCodes,
    sign,
    signedByBoth,
    makeTestPdf,
  };
}
