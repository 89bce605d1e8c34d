/**
 * A contract whose cooperation request was withdrawn by its publisher or taken down by the bank
 * (issue 24, item 8): no new step is taken on it (upload, confirmation, sign code, signature),
 * each refusal says why in the reader's language and changes nothing; the page and the list say
 * the request is closed and offer none of those steps; an unconfirmed upload may still be deleted.
 */
import { translate } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';

const { app, database } = await buildTestAppWithStorage('portal-closed-request-');
const db = database.db;
const api = signingApi(app, db);
const reviewer = await api.reviewer();
const publisher = await api.caller((await buildInstitution(db, { name: 'Harbour Bank' })).id);
const counterpart = await api.caller((await buildInstitution(db, { name: '北岸银行' })).id, { locale: 'zh-CN' });
const publisherSeal = await api.effectiveSeal(publisher, reviewer);
const counterpartSeal = await api.effectiveSeal(counterpart, reviewer, { sealName: '合同专用章' });

const post = (url: string, who: Caller, payload?: unknown, lang = 'en-US') =>
  api.inject('POST', url, who.cookie, payload, lang);
const must = async (res: Promise<{ statusCode: number; body: string }>) => {
  const done = await res;
  if (done.statusCode !== 200) throw new Error(`${done.statusCode} ${done.body}`);
};

type Stage = 'agreed' | 'uploaded' | 'confirmed' | 'signedByPublisher';

/** A deal between the two institutions, taken to `stage`. */
async function dealAt(stage: Stage) {
  const request = await buildRequest(db, {
    ownerUserId: publisher.id,
    institutionId: publisher.institutionId,
    name: 'USD 5m forfaiting',
  });
  const sent = await post('/api/bthw/SendBthw', counterpart, { requestLgcSn: request.lgcSn, message: 'Count us in.' });
  const id = sent.json().data.lgcSn as string;
  await must(post('/api/bthw/agreeOrRefuse', publisher, { intentionLgcSn: id, decision: 'agree' }));
  if (stage !== 'agreed') await must(api.uploadContract(publisher.cookie, id, await makeTestPdf(1), 'Forfaiting'));
  if (stage === 'confirmed' || stage === 'signedByPublisher') {
    await must(post(`/api/contracts/${id}/confirm`, counterpart));
  }
  if (stage === 'signedByPublisher') {
    await must(api.sign(publisher, id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]));
  }
  return { id, requestLgcSn: request.lgcSn };
}

const CLOSURES = {
  withdrawn: {
    close: (requestLgcSn: string) => must(post(`/api/bthw/invalidate/${requestLgcSn}`, publisher)),
    code: 'PRT_CONTRACT_REQUEST_WITHDRAWN',
  },
  takenDown: {
    close: (requestLgcSn: string) =>
      must(post(`/api/backend/cooperation/${requestLgcSn}/takeDown`, reviewer, { reason: 'Misleading terms' })),
    code: 'PRT_CONTRACT_REQUEST_TAKEN_DOWN',
  },
} as const;

/** What the contract is now: its row, signatures, trail and files (a refusal changes none). */
const snapshot = async (id: string) => ({
  contract: await db
    .selectFrom('contract as c')
    .innerJoin('cooperationIntention as n', 'n.id', 'c.intentionId')
    .select(['c.state', 'c.confirmedAt', 'c.currentFile'])
    .where('n.lgcSn', '=', id)
    .executeTakeFirst(),
  signatures: (await db.selectFrom('contractSignature').select('id').execute()).length,
  events: (await db.selectFrom('contractEvent').select('id').execute()).length,
  files: (await db.selectFrom('fileObject').select('id').execute()).length,
});

/** Each step refused once the request is closed, from the stage the step needs. */
const STEPS: Array<{ step: string; stage: Stage; who: Caller; act: (id: string) => Promise<unknown> }> = [
  {
    step: 'upload',
    stage: 'agreed',
    who: counterpart,
    act: async (id) => api.uploadContract(counterpart.cookie, id, await makeTestPdf(1), 'Forfaiting'),
  },
  {
    step: 'confirm',
    stage: 'uploaded',
    who: counterpart,
    act: (id) => post(`/api/contracts/${id}/confirm`, counterpart),
  },
  {
    step: 'sign code',
    stage: 'confirmed',
    who: publisher,
    act: (id) => post(`/api/contracts/${id}/sign-code`, publisher),
  },
  {
    step: 'second signature',
    stage: 'signedByPublisher',
    who: counterpart,
    act: (id) =>
      post(`/api/contracts/${id}/sign`, counterpart, {
        code: '0000',
        placements: [{ sealLgcSn: counterpartSeal, page: 1, x: 0.1, y: 0.7 }],
      }),
  },
];

describe.each(Object.entries(CLOSURES))('the request %s', (closure, { close, code }) => {
  it.each(STEPS)('$step is refused with a reason in both languages, and nothing changes', async ({ stage, act }) => {
    const { id, requestLgcSn } = await dealAt(stage);
    await close(requestLgcSn);
    const before = await snapshot(id);
    const res = (await act(id)) as { statusCode: number; json: () => { code: string; message: string } };
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(code);
    expect(res.json().message).toBe(translate('en-US', `errors.${code}`));
    expect(await snapshot(id)).toEqual(before);
  });

  it('a signature with a code asked for before the request closed is refused; the code stays unused', async () => {
    const { id, requestLgcSn } = await dealAt('confirmed');
    await api.forgetCodes(counterpart.email);
    const signCode = await api.mailedCode(counterpart, `/api/contracts/${id}/sign-code`);
    await close(requestLgcSn);
    const before = await snapshot(id);
    const res = await post(
      `/api/contracts/${id}/sign`,
      counterpart,
      { code: signCode, placements: [{ sealLgcSn: counterpartSeal, page: 1, x: 0.1, y: 0.7 }] },
      'zh-CN',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code, message: translate('zh-CN', `errors.${code}`) });
    expect(await snapshot(id)).toEqual(before);
    const unused = await db
      .selectFrom('verificationCode')
      .select('consumedAt')
      .where('email', '=', counterpart.email.toLowerCase())
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(unused.consumedAt).toBeNull();
  });

  it('the page and the list say the request is closed and offer no step but deleting an unconfirmed upload', async () => {
    const { id, requestLgcSn } = await dealAt('uploaded');
    await close(requestLgcSn);
    for (const who of [publisher, counterpart]) {
      const view = (await api.inject('GET', `/api/contracts/${id}`, who.cookie)).json().data;
      expect(view.requestClosed).toBe(closure);
      expect(view.can).toEqual({ upload: false, delete: true, confirm: false, sign: false });
      const list = (
        await api.inject('GET', '/api/cooperationManage/queryCooperationInfos?pageSize=50', who.cookie)
      ).json().data.list as Array<{ intentionLgcSn: string; requestClosed: string | null }>;
      expect(list.find((row) => row.intentionLgcSn === id)?.requestClosed).toBe(closure);
    }
    const deleted = await post(`/api/cooperationManage/contractUploadDel`, publisher, { intentionLgcSn: id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.can).toEqual({ upload: false, delete: false, confirm: false, sign: false });
  });
});

describe('an open request (and one past its validity) still takes every step', () => {
  it('the page says nothing is closed', async () => {
    const { id } = await dealAt('confirmed');
    const view = (await api.inject('GET', `/api/contracts/${id}`, publisher.cookie)).json().data;
    expect(view.requestClosed).toBeNull();
    expect(view.can.sign).toBe(true);
  });

  it('an expired request is not closed: its deal is still signed', async () => {
    const { id, requestLgcSn } = await dealAt('confirmed');
    await db
      .updateTable('cooperationRequest')
      .set({ status: 'invalid', invalidReason: 'expired' })
      .where('lgcSn', '=', requestLgcSn)
      .execute();
    const signed = await api.sign(publisher, id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.requestClosed).toBeNull();
  });
});
