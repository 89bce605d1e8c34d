/**
 * Contracts through the API (issue "Electronic seals and contracts", Done when): who reads and
 * who acts on a contract, the upload rules, every state change and every refused one, the
 * signing refusals (each consuming nothing and changing nothing), two parties signing at the same
 * moment, the list with its status filter, and what each side is told.
 */

import { ROLE } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, lastMailTo, sessionCookie } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { describeOnPostgres } from '../../../test/postgres-only.ts';
import { pdfOfSize, pdfWithCompressedJavaScript, samplePdf, samplePng } from '../../../test/sample-files.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { inspectPdfSignatures } from '../../platform/signing/pdf-verify.ts';
import { encryptPdf, makeTestPdf, pdfText, runPdfsig } from '../../platform/signing/test-fixtures.ts';

const { app, database, config } = await buildTestAppWithStorage('portal-contracts-');
const db = database.db;
const api = signingApi(app, db);

const MB = 1024 * 1024;
const reviewer = await api.reviewer();
const bank = await buildInstitution(db, { name: 'The Bank (head office)' });
const admin = await (async (): Promise<Caller> => {
  const user = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff, ROLE.systemAdmin] });
  return { id: user.id, email: user.email, cookie: await sessionCookie(db, user.id), institutionId: bank.id };
})();

const get = (url: string, who?: Caller, lang = 'en-US') => api.inject('GET', url, who?.cookie, undefined, lang);
const post = (url: string, who?: Caller, payload?: unknown, lang = 'en-US') =>
  api.inject('POST', url, who?.cookie, payload, lang);

const sendIntention = async (who: Caller, requestLgcSn: string) => {
  const res = await post('/api/bthw/SendBthw', who, { requestLgcSn, message: 'We would like to take part.' });
  if (res.statusCode !== 200) throw new Error(`send: ${res.body}`);
  return res.json().data.lgcSn as string;
};
const answer = async (who: Caller, intentionLgcSn: string, decision: 'agree' | 'refuse') => {
  const res = await post('/api/bthw/agreeOrRefuse', who, { intentionLgcSn, decision });
  if (res.statusCode !== 200) throw new Error(`answer: ${res.body}`);
};

/**
 * An agreed deal, plus colleagues of both parties, and two institutions that took part in the same
 * request without a deal: one whose intention was refused (the rival), one whose is pending.
 */
async function scene() {
  const deal = await api.agreedDeal();
  const publisherColleague = await api.caller(deal.publisherInst.id, { name: 'Publisher Colleague' });
  const counterpartColleague = await api.caller(deal.counterpartInst.id, { name: 'Counterpart Colleague' });
  const rival = await api.caller((await buildInstitution(db, { name: 'Rival Bank' })).id);
  const rejectedIntention = await sendIntention(rival, deal.request.lgcSn);
  await answer(deal.publisher, rejectedIntention, 'refuse');
  const waiting = await api.caller((await buildInstitution(db, { name: 'Waiting Bank' })).id);
  const pendingIntention = await sendIntention(waiting, deal.request.lgcSn);
  return {
    ...deal,
    id: deal.intentionLgcSn,
    publisherColleague,
    counterpartColleague,
    rival,
    rejectedIntention,
    waiting,
    pendingIntention,
  };
}
type Scene = Awaited<ReturnType<typeof scene>>;

const contractOf = (intentionLgcSn: string) =>
  db
    .selectFrom('contract as c')
    .innerJoin('cooperationIntention as n', 'n.id', 'c.intentionId')
    .selectAll('c')
    .where('n.lgcSn', '=', intentionLgcSn)
    .executeTakeFirst();
const signaturesOf = async (intentionLgcSn: string) => {
  const contract = await contractOf(intentionLgcSn);
  if (!contract) return [];
  return db.selectFrom('contractSignature').selectAll().where('contractId', '=', contract.id).orderBy('id').execute();
};
const eventsOf = async (id: string, who: Caller) =>
  ((await get(`/api/contracts/${id}`, who)).json().data.events as Array<{ kind: string }>).map((e) => e.kind);
const messagesOf = (userId: number, type: string) =>
  db
    .selectFrom('message')
    .select(['type', 'link', 'subject'])
    .where('userId', '=', userId)
    .where('type', '=', type as never)
    .orderBy('id')
    .execute();

const upload = (who: Caller, id: string, pdf: Uint8Array, title?: string) =>
  api.uploadContract(who.cookie, id, pdf, title);

async function uploadedAndConfirmed(s: Scene, pages = 2) {
  const up = await upload(s.publisher, s.id, await makeTestPdf(pages), 'Forfaiting agreement');
  if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
  const confirmed = await post(`/api/contracts/${s.id}/confirm`, s.counterpart);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
}

async function withSeals(s: Scene) {
  return {
    publisherSeal: await api.effectiveSeal(s.publisher, reviewer),
    counterpartSeal: await api.effectiveSeal(s.counterpart, reviewer, { sealName: '合同专用章' }),
  };
}

/** The portal CA's certificate: the trust root of every seal certificate. */
async function authorityCertificate() {
  const row = await db.selectFrom('signingAuthority').select('certificateDer').executeTakeFirstOrThrow();
  return new Uint8Array(row.certificateDer);
}

// ---------------------------------------------------------------------------------------------

describe('uploading a contract: refusals (nothing written, nobody told)', () => {
  type Row = {
    name: string;
    who: (s: Scene) => Caller;
    intention?: (s: Scene) => string;
    file: () => Promise<Uint8Array> | Uint8Array;
    status: number;
    code: string;
  };
  const pdf = () => makeTestPdf(1);
  const refused =
    (status: number, code: string) =>
    (name: string, who: Row['who'], file: Row['file'] = pdf, intention?: Row['intention']): Row => ({
      name,
      who,
      intention,
      file,
      status,
      code,
    });
  const notFound = refused(404, 'PRT_CONTRACT_NOT_FOUND');
  const forbidden = refused(403, 'PRT_FORBIDDEN');
  const notPdf = refused(415, 'PRT_UNSUPPORTED_MEDIA_TYPE');
  const unreadable = refused(422, 'PRT_PDF_UNREADABLE');
  const publisher = (s: Scene) => s.publisher;
  const counterpart = (s: Scene) => s.counterpart;
  // [name, who uploads, the intention uploaded to]: each not agreed, so 409.
  const notAgreed = (
    [
      ['for a pending intention (by its recipient)', 'publisher', 'pendingIntention'],
      ['for a pending intention (by its sender)', 'waiting', 'pendingIntention'],
      ['for a refused intention (by its recipient)', 'publisher', 'rejectedIntention'],
      ['for a refused intention (by its sender)', 'rival', 'rejectedIntention'],
    ] as const
  ).map(([name, who, intention]) =>
    refused(409, 'PRT_INTENTION_NOT_AGREED')(
      name,
      (s) => s[who],
      pdf,
      (s) => s[intention],
    ),
  );
  const rows: Row[] = [
    notFound('by an outsider', (s) => s.outsider),
    notFound('by the refused rival (a third institution of the same request)', (s) => s.rival),
    forbidden('by bank staff (they only read)', () => reviewer),
    forbidden('by the system administrator', () => admin),
    notFound('for an unknown intention', publisher, pdf, () => 'no-such-intention'),
    ...notAgreed,
    notPdf('not a PDF (a PNG)', publisher, samplePng),
    notPdf('not a PDF (text)', counterpart, () => Buffer.from('just some text, named contract.pdf')),
    notPdf('empty', counterpart, () => new Uint8Array()),
    refused(413, 'PRT_PAYLOAD_TOO_LARGE')('over 10 MB', publisher, () => pdfOfSize(10 * MB + 1)),
    unreadable('an encrypted PDF', publisher, async () => encryptPdf(await makeTestPdf(1))),
    unreadable('a damaged PDF', publisher, () => Buffer.from('%PDF-1.7\n1 0 obj <<< broken\n%%EOF')),
    refused(422, 'PRT_PDF_ACTIVE_CONTENT')('a PDF that runs JavaScript', publisher, pdfWithCompressedJavaScript),
  ];

  it.each(rows)('$name → $status $code', async (row) => {
    const s = await scene();
    const id = row.intention?.(s) ?? s.id;
    const res = await upload(row.who(s), id, await row.file());
    expect(res.statusCode, res.body).toBe(row.status);
    expect(res.json().code).toBe(row.code);
    expect(await contractOf(id)).toBeUndefined();
    expect(await contractOf(s.id)).toBeUndefined();
    expect(await messagesOf(s.publisher.id, 'contractUploaded')).toEqual([]);
    expect(await messagesOf(s.counterpart.id, 'contractUploaded')).toEqual([]);
    const view = await get(`/api/contracts/${s.id}`, s.publisher);
    expect(view.json().data).toMatchObject({ status: 'notUploaded', events: [], can: { upload: true } });
  });

  it('a form without a file → 422 naming file', async () => {
    const s = await scene();
    const form = new FormData();
    form.append('title', 'No file');
    const res = await app.inject({
      method: 'POST',
      url: `/api/contracts/${s.id}/upload`,
      headers: { cookie: s.publisher.cookie },
      payload: form,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].field).toBe('file');
  });

  it('exactly 10 MB is accepted', async () => {
    const s = await scene();
    const big = Buffer.concat([samplePdf(), Buffer.alloc(10 * MB - samplePdf().length, 0x20)]);
    expect(big.length).toBe(10 * MB);
    const res = await upload(s.publisher, s.id, big);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
});

describe('contract states: every change and every refused one', () => {
  it('uploaded → deleted → uploaded again → confirmed; each refusal changes nothing', async () => {
    const s = await scene();
    const url = (what: string) => `/api/contracts/${s.id}/${what}`;
    const del = (who: Caller) => post('/api/cooperationManage/contractUploadDel', who, { intentionLgcSn: s.id });

    // Nothing uploaded: nothing to delete or confirm.
    for (const res of [await del(s.publisher), await post(url('confirm'), s.counterpart)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRT_CONTRACT_NOT_UPLOADED');
    }

    const first = await upload(s.counterpartColleague, s.id, await makeTestPdf(1), 'Draft v1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'uploaded',
      title: 'Draft v1',
      myParty: 'counterpart',
      can: { upload: false, delete: true, confirm: true, sign: false },
    });
    const firstFile = (await contractOf(s.id))!.currentFile;

    for (const who of [s.publisher, s.counterpart]) {
      const again = await upload(who, s.id, await makeTestPdf(2));
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PRT_CONTRACT_EXISTS');
    }
    expect((await contractOf(s.id))!.currentFile).toBe(firstFile);

    // Either party deletes it before confirmation; the trail keeps both steps.
    const deleted = await del(s.publisher);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data).toMatchObject({
      status: 'notUploaded',
      file: null,
      contractLgcSn: null,
      can: { upload: true },
    });
    expect(deleted.json().data.events.map((e: { kind: string }) => e.kind)).toEqual(['uploaded', 'deleted']);
    expect(await contractOf(s.id)).toBeUndefined();
    const stale = await db
      .selectFrom('fileObject')
      .select('attachedTo')
      .where('lgcSn', '=', firstFile)
      .executeTakeFirst();
    expect(stale?.attachedTo ?? null).toBeNull();

    const second = await upload(s.publisher, s.id, await makeTestPdf(2));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.title).toBe('USD 5m forfaiting');
    const confirmed = await post(url('confirm'), s.counterpart);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: 'uploaded',
      confirmed: true,
      can: { upload: false, delete: false, confirm: false, sign: true },
    });
    const before = await contractOf(s.id);

    const refusals: Array<[string, () => Promise<{ statusCode: number; json: () => { code: string } }>, string]> = [
      ['confirm twice', () => post(url('confirm'), s.publisher), 'PRT_CONTRACT_CONFIRMED'],
      ['delete after confirmation', () => del(s.counterpart), 'PRT_CONTRACT_CONFIRMED'],
      ['upload after confirmation', async () => upload(s.publisher, s.id, await makeTestPdf(1)), 'PRT_CONTRACT_EXISTS'],
    ];
    for (const [name, act, code] of refusals) {
      const res = await act();
      expect(res.statusCode, name).toBe(409);
      expect(res.json().code, name).toBe(code);
    }
    expect(await contractOf(s.id)).toEqual(before);
    expect(await eventsOf(s.id, s.publisher)).toEqual(['uploaded', 'deleted', 'uploaded', 'confirmed']);
    const audit = await db
      .selectFrom('auditLog')
      .select('action')
      .where('actorUserId', 'in', [s.publisher.id, s.counterpart.id, s.counterpartColleague.id])
      .where('action', 'like', 'contract.%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'contract.uploaded',
      'contract.deleted',
      'contract.uploaded',
      'contract.confirmed',
    ]);
  });

  it('confirmed → signing (first signature) → signed (second); the signed file and evidence only then', async () => {
    const s = await scene();
    const { publisherSeal } = await withSeals(s);
    // The counterpart's colleague signs, with the seal issued to them (a seal stamps only for its holder).
    const counterpartSeal = await api.effectiveSeal(s.counterpartColleague, reviewer, { sealName: '合同专用章' });
    await uploadedAndConfirmed(s);
    for (const path of ['file?version=signed', 'evidence']) {
      for (const who of [s.publisher, s.counterpart, reviewer]) {
        const res = await get(`/api/contracts/${s.id}/${path}`, who);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().code).toBe('PRT_CONTRACT_NOT_FOUND');
      }
    }
    const first = await api.sign(s.publisher, s.id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'signing', can: { sign: false } });
    expect((await get(`/api/contracts/${s.id}/evidence`, s.publisher)).statusCode).toBe(404);
    expect((await get(`/api/contracts/${s.id}`, s.counterpart)).json().data.can.sign).toBe(true);

    const second = await api.sign(s.counterpartColleague, s.id, [
      { sealLgcSn: counterpartSeal, page: 2, x: 0.1, y: 0.7 },
      { sealLgcSn: counterpartSeal, page: 1, x: 0.1, y: 0.1 },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const view = second.json().data;
    expect(view).toMatchObject({
      status: 'signed',
      signedPdfUrl: `/api/contracts/${s.id}/file?version=signed`,
      evidenceUrl: `/api/contracts/${s.id}/evidence`,
    });
    expect(view.parties).toEqual([
      expect.objectContaining({
        party: 'publisher',
        signerName: 'Amy Chan',
        seals: [expect.objectContaining({ sealName: 'Contract seal' })],
      }),
      expect.objectContaining({
        party: 'counterpart',
        signerName: 'Counterpart Colleague',
        seals: [expect.objectContaining({ sealName: '合同专用章' })],
      }),
    ]);
    expect(view.events.map((e: { kind: string }) => e.kind)).toEqual([
      'uploaded',
      'confirmed',
      'codeSent',
      'placed',
      'signed',
      'codeSent',
      'placed',
      'placed',
      'signed',
      'evidence',
      'evidence',
      'completed',
    ]);
    const original = await get(`/api/contracts/${s.id}/file?version=original`, s.publisher);
    const signed = await get(`/api/contracts/${s.id}/file?version=signed`, s.publisher);
    expect(signed.headers['content-disposition']).toMatch(/^attachment/);
    expect(signed.rawPayload.subarray(0, original.rawPayload.length).equals(original.rawPayload)).toBe(true);
    expect(signed.rawPayload.length).toBeGreaterThan(original.rawPayload.length);
  });
});

// ---------------------------------------------------------------------------------------------

describe('who reads and who acts on a contract', async () => {
  // One signed contract; every caller on every route.
  const s = await scene();
  const { publisherSeal, counterpartSeal } = await withSeals(s);
  await uploadedAndConfirmed(s);
  expect((await api.sign(s.publisher, s.id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }])).statusCode).toBe(
    200,
  );
  expect(
    (await api.sign(s.counterpart, s.id, [{ sealLgcSn: counterpartSeal, page: 1, x: 0.1, y: 0.7 }])).statusCode,
  ).toBe(200);

  type Who =
    | 'publisher'
    | 'publisherColleague'
    | 'counterpart'
    | 'counterpartColleague'
    | 'staff'
    | 'admin'
    | 'outsider'
    | 'rival'
    | 'waiting';
  const callers: Record<Who, Caller> = {
    publisher: s.publisher,
    publisherColleague: s.publisherColleague,
    counterpart: s.counterpart,
    counterpartColleague: s.counterpartColleague,
    staff: reviewer,
    admin,
    outsider: s.outsider,
    rival: s.rival,
    waiting: s.waiting,
  };
  const parties: Who[] = ['publisher', 'publisherColleague', 'counterpart', 'counterpartColleague'];
  const readers: Who[] = [...parties, 'staff', 'admin'];
  const strangers: Who[] = ['outsider', 'rival', 'waiting'];

  type Route = {
    name: string;
    call: (who: Caller) => ReturnType<typeof get>;
    party: [number, string?];
    staff: [number, string?];
  };
  const routes: Route[] = [
    { name: 'GET view', call: (w) => get(`/api/contracts/${s.id}`, w), party: [200], staff: [200] },
    { name: 'GET file (current)', call: (w) => get(`/api/contracts/${s.id}/file`, w), party: [200], staff: [200] },
    {
      name: 'GET file (original)',
      call: (w) => get(`/api/contracts/${s.id}/file?version=original`, w),
      party: [200],
      staff: [200],
    },
    {
      name: 'GET file (signed)',
      call: (w) => get(`/api/contracts/${s.id}/file?version=signed`, w),
      party: [200],
      staff: [200],
    },
    { name: 'GET evidence', call: (w) => get(`/api/contracts/${s.id}/evidence`, w), party: [200], staff: [200] },
    {
      name: 'POST upload',
      call: async (w) => api.uploadContract(w.cookie, s.id, await makeTestPdf(1)),
      party: [409, 'PRT_CONTRACT_EXISTS'],
      staff: [403, 'PRT_FORBIDDEN'],
    },
    {
      name: 'POST contractUploadDel',
      call: (w) => post('/api/cooperationManage/contractUploadDel', w, { intentionLgcSn: s.id }),
      party: [409, 'PRT_CONTRACT_CONFIRMED'],
      staff: [403, 'PRT_FORBIDDEN'],
    },
    {
      name: 'POST confirm',
      call: (w) => post(`/api/contracts/${s.id}/confirm`, w),
      party: [409, 'PRT_CONTRACT_CONFIRMED'],
      staff: [403, 'PRT_FORBIDDEN'],
    },
    {
      name: 'POST sign-code',
      call: (w) => post(`/api/contracts/${s.id}/sign-code`, w),
      party: [409, 'PRT_CONTRACT_ALREADY_SIGNED'],
      staff: [403, 'PRT_FORBIDDEN'],
    },
    {
      name: 'POST sign',
      call: (w) =>
        post(`/api/contracts/${s.id}/sign`, w, {
          code: 'ABCD',
          placements: [{ sealLgcSn: publisherSeal, page: 1, x: 0.1, y: 0.1 }],
        }),
      party: [409, 'PRT_CONTRACT_ALREADY_SIGNED'],
      staff: [403, 'PRT_FORBIDDEN'],
    },
  ];
  const cases = routes.flatMap((route) =>
    (Object.keys(callers) as Who[]).map((who) => {
      const [status, code] = strangers.includes(who)
        ? [404, 'PRT_CONTRACT_NOT_FOUND']
        : parties.includes(who)
          ? route.party
          : route.staff;
      return { route: route.name, who, status, code: code ?? null, call: route.call };
    }),
  );

  it.each(cases)('$route by $who → $status', async ({ who, status, code, call }) => {
    const before = await contractOf(s.id);
    const res = await call(callers[who]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    if (code) expect(res.json().code).toBe(code);
    if (status === 200 && String(res.headers['content-type']).startsWith('application/pdf')) {
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(await contractOf(s.id)).toEqual(before);
  });

  it('staff read the page with no side and nothing to do', async () => {
    for (const who of [reviewer, admin]) {
      const view = (await get(`/api/contracts/${s.id}`, who)).json().data;
      expect(view).toMatchObject({
        myParty: null,
        status: 'signed',
        can: { upload: false, delete: false, confirm: false, sign: false },
      });
    }
    expect((await get(`/api/contracts/${s.id}`, s.publisherColleague)).json().data.myParty).toBe('publisher');
  });

  it('the two parties list it; nobody else does', async () => {
    const listed = async (who: Caller) =>
      (
        (await get('/api/cooperationManage/queryCooperationInfos?pageSize=100', who)).json().data.list as Array<{
          intentionLgcSn: string;
        }>
      ).map((i) => i.intentionLgcSn);
    for (const who of parties) expect(await listed(callers[who])).toContain(s.id);
    for (const who of [...strangers, 'staff', 'admin'] as Who[]) expect(await listed(callers[who])).not.toContain(s.id);
    expect(readers).toHaveLength(6);
  });
});

// ---------------------------------------------------------------------------------------------

describe('signing: refusals consume nothing and change nothing', async () => {
  const s = await scene();
  const { publisherSeal, counterpartSeal } = await withSeals(s);
  const cancelledSeal = await api.effectiveSeal(s.publisher, reviewer, { sealName: 'Cancelled seal' });
  await api.forgetCodes(s.publisher.email);
  const cancelCode = await api.mailedCode(s.publisher, `/api/signet/seals/${cancelledSeal}/cancel-code`);
  expect((await post(`/api/signet/seals/${cancelledSeal}/cancel`, s.publisher, { code: cancelCode })).statusCode).toBe(
    200,
  );
  const lapsedSeal = await api.effectiveSeal(s.publisher, reviewer, { sealName: 'Lapsed seal' });
  await db
    .updateTable('seal')
    .set({ validTo: new Date(Date.now() - 60_000) })
    .where('lgcSn', '=', lapsedSeal)
    .execute();
  const expiredSeal = await api.effectiveSeal(s.publisher, reviewer, { sealName: 'Expired seal' });
  await db
    .updateTable('seal')
    .set({ state: 'expired', expiredAt: new Date(), validTo: new Date(Date.now() - 60_000) })
    .where('lgcSn', '=', expiredSeal)
    .execute();
  const pendingSeal = await api.applyForSeal(s.publisher, { sealName: 'Not yet approved' });
  // Issued to a colleague at the same institution: a seal stamps only for its holder.
  const colleagueSeal = await api.effectiveSeal(s.publisherColleague, reviewer, { sealName: 'Colleague seal' });
  await uploadedAndConfirmed(s, 2);
  const before = await contractOf(s.id);
  // One code for every row: a refusal must leave it usable.
  const code = await api.mailedCode(s.publisher, `/api/contracts/${s.id}/sign-code`);
  const purpose = `contractSign:${before!.lgcSn}`;

  const at = (sealLgcSn: string, page = 1, x = 0.5, y = 0.5) => ({ sealLgcSn, page, x, y });
  type Row = {
    name: string;
    body: () => Record<string, unknown>;
    status: number;
    code: string;
    field?: string;
    rule?: string;
  };
  /** A row whose body is the good code and these placements. */
  const refused =
    (status: number, errorCode: string) =>
    (name: string, placements: () => unknown[], field?: string, rule?: string): Row => ({
      name,
      body: () => ({ code, placements: placements() }),
      status,
      code: errorCode,
      field,
      rule,
    });
  const invalid = refused(422, 'PRT_VALIDATION');
  const otherInstitution = refused(403, 'PRT_SEAL_OTHER_INSTITUTION');
  const notHolder = refused(403, 'PRT_SEAL_NOT_HOLDER');
  const notUsable = refused(409, 'PRT_SEAL_NOT_USABLE');
  const outsidePage = refused(422, 'PRT_STAMP_OUTSIDE_PAGE');
  const rows: Row[] = [
    invalid('no seal placed', () => [], 'placements', 'stampRequired'),
    { name: 'placements missing', body: () => ({ code }), status: 422, code: 'PRT_VALIDATION', field: 'placements' },
    otherInstitution("another institution's seal", () => [at(counterpartSeal)]),
    otherInstitution("its own seal and another institution's", () => [at(publisherSeal), at(counterpartSeal, 2)]),
    notHolder("a colleague's seal", () => [at(colleagueSeal)]),
    notHolder("its own seal and a colleague's", () => [at(publisherSeal), at(colleagueSeal, 2)]),
    notUsable('a cancelled seal', () => [at(cancelledSeal)]),
    notUsable('a seal past its period (before the job runs)', () => [at(lapsedSeal)]),
    notUsable('an expired seal', () => [at(expiredSeal)]),
    notUsable('a seal not yet approved', () => [at(pendingSeal)]),
    refused(404, 'PRT_SEAL_NOT_FOUND')('an unknown seal', () => [at('no-such-seal')]),
    outsidePage('a page beyond the last', () => [at(publisherSeal, 3)]),
    invalid('page 0', () => [at(publisherSeal, 0)], 'page'),
    invalid('x below 0', () => [at(publisherSeal, 1, -0.1)], 'x'),
    invalid('y above 1', () => [at(publisherSeal, 1, 0.5, 1.2)], 'y'),
    outsidePage('a stamp crossing the right edge (x 0.95)', () => [at(publisherSeal, 1, 0.95)]),
    outsidePage('a stamp crossing the bottom edge (y 0.98)', () => [at(publisherSeal, 2, 0.1, 0.98)]),
    outsidePage('one good stamp and one off the page', () => [at(publisherSeal), at(publisherSeal, 2, 1, 1)]),
    invalid('more than 20 stamps', () => Array.from({ length: 21 }, () => at(publisherSeal)), 'placements'),
    {
      name: 'no code',
      body: () => ({ placements: [at(publisherSeal)] }),
      status: 422,
      code: 'PRT_VALIDATION',
      field: 'code',
    },
    {
      name: 'a wrong code',
      body: () => ({ code: code === 'AAAA' ? 'BBBB' : 'AAAA', placements: [at(publisherSeal)] }),
      status: 400,
      code: 'PRT_CODE_INCORRECT',
    },
  ];

  it.each(rows)('$name → $status $code', async (row) => {
    const res = await post(`/api/contracts/${s.id}/sign`, s.publisher, row.body());
    expect(res.statusCode, res.body).toBe(row.status);
    expect(res.json().code).toBe(row.code);
    if (row.field) {
      const fields = res.json().data.fields as Array<{ field: string; rule: string }>;
      const named = fields.find((f) => f.field.split('.').pop() === row.field);
      expect(named, JSON.stringify(fields)).toBeDefined();
      if (row.rule) expect(named?.rule).toBe(row.rule);
    }
    expect(await contractOf(s.id)).toEqual(before);
    expect(await signaturesOf(s.id)).toEqual([]);
    // Nothing recorded but the codes mailed.
    expect((await eventsOf(s.id, s.publisher)).filter((kind) => kind !== 'codeSent')).toEqual([
      'uploaded',
      'confirmed',
    ]);
    const live = await db
      .selectFrom('verificationCode')
      .select(['consumedAt'])
      .where('purpose', '=', purpose)
      .executeTakeFirstOrThrow();
    expect(live.consumedAt, 'the code was used up').toBeNull();
    expect(await messagesOf(s.counterpart.id, 'contractSigned')).toEqual([]);
  });

  it("a colleague's seal is refused in the reader's language, naming the seal", async () => {
    const sign = (lang: string) =>
      post(`/api/contracts/${s.id}/sign`, s.publisher, { code, placements: [at(colleagueSeal)] }, lang);
    const sealNo = (
      await db.selectFrom('seal').select('sealNo').where('lgcSn', '=', colleagueSeal).executeTakeFirstOrThrow()
    ).sealNo;
    expect((await sign('en-US')).json().message).toBe(
      `Only the holder of the seal “Colleague seal” (${sealNo}) can stamp with it: it was issued to a colleague.`,
    );
    expect((await sign('zh-CN')).json().message).toBe(
      `印章「Colleague seal」（${sealNo}）只能由其持有人使用：该印章签发给了您的同事。`,
    );
  });

  it.each([
    ['cancelled', () => cancelledSeal, 'Cancelled seal', '已注销'],
    ['expired', () => expiredSeal, 'Expired seal', '已过期'],
    ['submitted', () => pendingSeal, 'Not yet approved', '已提交'],
  ] as const)(
    'an unusable (%s) seal is refused naming its state in the reader’s words',
    async (state, seal, name, zh) => {
      const sign = (lang: string) =>
        post(`/api/contracts/${s.id}/sign`, s.publisher, { code, placements: [at(seal())] }, lang);
      expect((await sign('en-US')).json().message).toMatch(
        new RegExp(`^The seal “${name}” \\(.+\\) cannot stamp: it is ${state}\\.$`),
      );
      const chinese = (await sign('zh-CN')).json().message;
      expect(chinese).toMatch(new RegExp(`^印章「${name}」（.+）不能用于盖章：当前为「${zh}」。$`));
    },
  );

  it('after all those refusals the same code signs', async () => {
    const res = await post(`/api/contracts/${s.id}/sign`, s.publisher, {
      code,
      placements: [at(publisherSeal, 2, 0.7, 0.7)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('signing');
    const reused = await post(`/api/contracts/${s.id}/sign`, s.publisherColleague, {
      code,
      placements: [at(publisherSeal)],
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('PRT_CONTRACT_ALREADY_SIGNED');
    const used = await db
      .selectFrom('verificationCode')
      .select('consumedAt')
      .where('purpose', '=', purpose)
      .executeTakeFirstOrThrow();
    expect(used.consumedAt).not.toBeNull();
  });

  it('twice by one party (even by a colleague) → 409, nothing changes', async () => {
    const after = await contractOf(s.id);
    for (const who of [s.publisher, s.publisherColleague]) {
      await api.forgetCodes(who.email);
      const codeRes = await post(`/api/contracts/${s.id}/sign-code`, who);
      expect(codeRes.statusCode).toBe(409);
      expect(codeRes.json().code).toBe('PRT_CONTRACT_ALREADY_SIGNED');
      const res = await post(`/api/contracts/${s.id}/sign`, who, { code: 'ABCD', placements: [at(publisherSeal)] });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PRT_CONTRACT_ALREADY_SIGNED');
    }
    expect(await contractOf(s.id)).toEqual(after);
    expect(await signaturesOf(s.id)).toHaveLength(1);
  });

  it('before confirmation (and before any upload) → 409, and no code is mailed', async () => {
    const t = await scene();
    const seals = await withSeals(t);
    const mailBefore = (await lastMailTo(db, t.publisher.email)).mail?.id;
    const noContract = await post(`/api/contracts/${t.id}/sign-code`, t.publisher);
    expect(noContract.statusCode).toBe(409);
    expect(noContract.json().code).toBe('PRT_CONTRACT_NOT_UPLOADED');
    expect((await upload(t.publisher, t.id, await makeTestPdf(1))).statusCode).toBe(200);
    const unconfirmed = await contractOf(t.id);
    await api.forgetCodes(t.counterpart.email);
    for (const who of [t.publisher, t.counterpart]) {
      const codeRes = await post(`/api/contracts/${t.id}/sign-code`, who);
      expect(codeRes.statusCode).toBe(409);
      expect(codeRes.json().code).toBe('PRT_CONTRACT_NOT_CONFIRMED');
    }
    const res = await post(`/api/contracts/${t.id}/sign`, t.publisher, {
      code: 'ABCD',
      placements: [at(seals.publisherSeal)],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRT_CONTRACT_NOT_CONFIRMED');
    expect(await contractOf(t.id)).toEqual(unconfirmed);
    expect((await lastMailTo(db, t.publisher.email)).mail?.id).toBe(mailBefore);
  });

  it('the sign code cannot be asked for again within 60 s', async () => {
    const t = await scene();
    await uploadedAndConfirmed(t);
    await api.mailedCode(t.counterpart, `/api/contracts/${t.id}/sign-code`);
    const again = await post(`/api/contracts/${t.id}/sign-code`, t.counterpart);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('PRT_RESEND_TOO_SOON');
  });
});

// ---------------------------------------------------------------------------------------------

describeOnPostgres('two parties signing at the same moment', () => {
  it('both succeed, one on top of the other: two signatures, both intact', async () => {
    const s = await scene();
    const { publisherSeal, counterpartSeal } = await withSeals(s);
    await uploadedAndConfirmed(s, 2);
    const publisherCode = await api.mailedCode(s.publisher, `/api/contracts/${s.id}/sign-code`);
    const counterpartCode = await api.mailedCode(s.counterpart, `/api/contracts/${s.id}/sign-code`);

    const [a, b] = await Promise.all([
      post(`/api/contracts/${s.id}/sign`, s.publisher, {
        code: publisherCode,
        placements: [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }],
      }),
      post(`/api/contracts/${s.id}/sign`, s.counterpart, {
        code: counterpartCode,
        placements: [{ sealLgcSn: counterpartSeal, page: 2, x: 0.1, y: 0.7 }],
      }),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    // Each answer shows the contract as it stood once that signature was made, or later.
    const statuses = [a.json().data.status, b.json().data.status];
    expect(statuses).toContain('signed');
    for (const status of statuses) expect(['signing', 'signed']).toContain(status);

    const contract = await contractOf(s.id);
    expect(contract?.state).toBe('signed');
    const signatures = await signaturesOf(s.id);
    expect(signatures.map((sig) => sig.party).sort()).toEqual(['counterpart', 'publisher']);
    // The later signature was made over the earlier one's result.
    const [earlier, later] = signatures;
    expect(later?.fileBefore).toBe(earlier?.fileAfter);
    // The completed file: the later signature's file with the evidence reports and B-LTA appended.
    const completed = await db
      .selectFrom('contractEvent')
      .select(['sha256Before', 'sha256After'])
      .where('kind', '=', 'completed')
      .where('sha256Before', '=', later!.sha256After)
      .executeTakeFirst();
    const current = await db
      .selectFrom('fileObject')
      .select('sha256')
      .where('lgcSn', '=', contract!.currentFile)
      .executeTakeFirstOrThrow();
    expect(completed?.sha256After).toBe(current.sha256);

    const file = await get(`/api/contracts/${s.id}/file?version=signed`, s.counterpart);
    const bytes = new Uint8Array(file.rawPayload);
    const report = await inspectPdfSignatures(bytes, { trustedRoots: [await authorityCertificate()] });
    expect(report.signatures).toHaveLength(2);
    for (const signature of report.signatures) {
      expect(signature.intact).toBe(true);
      expect(signature.certificate?.issuedByTrustedRoot).toBe(true);
    }
    // After the later signature come the validation data and the document timestamp (PAdES B-LTA),
    // which pdfsig lists third.
    const { signatures: checked } = runPdfsig(bytes);
    expect(checked.slice(0, 2).map((sig) => sig.signatureValidation)).toEqual([
      'Signature is Valid.',
      'Signature is Valid.',
    ]);
    expect(checked[2]?.fieldName).toBe('Timestamp_1');
    expect(await eventsOf(s.id, s.publisher)).toEqual(expect.arrayContaining(['signed', 'signed']));
    expect((await eventsOf(s.id, s.publisher)).filter((kind) => kind === 'signed')).toHaveLength(2);
  }, 60_000);

  it('one party signing twice at once: one signature', async () => {
    const s = await scene();
    const { publisherSeal } = await withSeals(s);
    await uploadedAndConfirmed(s, 1);
    const code = await api.mailedCode(s.publisher, `/api/contracts/${s.id}/sign-code`);
    const body = { code, placements: [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }] };
    const results = await Promise.all([
      post(`/api/contracts/${s.id}/sign`, s.publisher, body),
      post(`/api/contracts/${s.id}/sign`, s.publisher, body),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    // The other is told what happened: signed already (not that its code, used by the first, expired).
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PRT_CONTRACT_ALREADY_SIGNED');
    expect(await signaturesOf(s.id)).toHaveLength(1);
    expect((await contractOf(s.id))?.state).toBe('signing');
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------

describe('one party signing again', () => {
  // On PGlite too: the second request reads the contract unsigned, then waits for the database
  // while the first signs and uses up the shared code.
  it('twice at once with the same code: one signature, the other told it is signed already', async () => {
    const s = await scene();
    const { publisherSeal } = await withSeals(s);
    await uploadedAndConfirmed(s, 1);
    const code = await api.mailedCode(s.publisher, `/api/contracts/${s.id}/sign-code`);
    const body = { code, placements: [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }] };
    const results = await Promise.all([
      post(`/api/contracts/${s.id}/sign`, s.publisher, body),
      post(`/api/contracts/${s.id}/sign`, s.publisher, body, 'zh-CN'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode !== 200)!;
    expect(refused.json().code, refused.body).toBe('PRT_CONTRACT_ALREADY_SIGNED');
    expect(refused.json().message).toBe(
      refused === results[1] ? '贵机构已签署该合同。' : 'Your institution has already signed this contract.',
    );
    expect(await signaturesOf(s.id)).toHaveLength(1);
  }, 60_000);

  it('again after the first signature, with its used code: told it is signed already', async () => {
    const s = await scene();
    const { publisherSeal } = await withSeals(s);
    await uploadedAndConfirmed(s, 1);
    const code = await api.mailedCode(s.publisher, `/api/contracts/${s.id}/sign-code`);
    const body = { code, placements: [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }] };
    expect((await post(`/api/contracts/${s.id}/sign`, s.publisher, body)).statusCode).toBe(200);
    for (const lang of ['en-US', 'zh-CN']) {
      const again = await post(`/api/contracts/${s.id}/sign`, s.publisher, body, lang);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('PRT_CONTRACT_ALREADY_SIGNED');
    }
    expect(await signaturesOf(s.id)).toHaveLength(1);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------

describe('the list of cooperations with their contract status', () => {
  it('shows each status and filters by it', async () => {
    const s = await scene();
    const { publisherSeal, counterpartSeal } = await withSeals(s);
    // Three more deals of the same publisher, each with a new counterpart.
    const dealWith = async (name: string) => {
      const inst = await buildInstitution(db, { name });
      const counterpart = await api.caller(inst.id);
      const request = await buildRequest(db, {
        ownerUserId: s.publisher.id,
        institutionId: s.publisherInst.id,
        name: `Request of ${name}`,
      });
      const id = await sendIntention(counterpart, request.lgcSn);
      await answer(s.publisher, id, 'agree');
      return { id, counterpart, inst };
    };
    const uploaded = await dealWith('Uploaded Bank');
    const signing = await dealWith('Signing Bank');
    const signed = await dealWith('Signed Bank');
    expect((await upload(s.publisher, uploaded.id, await makeTestPdf(1))).statusCode).toBe(200);
    for (const deal of [signing, signed]) {
      expect((await upload(deal.counterpart, deal.id, await makeTestPdf(1))).statusCode).toBe(200);
      expect((await post(`/api/contracts/${deal.id}/confirm`, s.publisher)).statusCode).toBe(200);
      expect(
        (await api.sign(s.publisher, deal.id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }])).statusCode,
      ).toBe(200);
    }
    const other = await api.effectiveSeal(signed.counterpart, reviewer);
    expect(
      (await api.sign(signed.counterpart, signed.id, [{ sealLgcSn: other, page: 1, x: 0.1, y: 0.7 }])).statusCode,
    ).toBe(200);

    type Info = {
      intentionLgcSn: string;
      contractStatus: string;
      myParty: string;
      counterpartName: string;
      signedByMe: boolean;
      signedByOther: boolean;
      confirmed: boolean;
      signedPdfUrl: string | null;
      evidenceUrl: string | null;
    };
    const list = async (who: Caller, status?: string) => {
      const res = await get(
        `/api/cooperationManage/queryCooperationInfos?pageSize=100${status ? `&status=${status}` : ''}`,
        who,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { list: Info[]; total: number };
    };
    const all = await list(s.publisher);
    expect(all.total).toBe(4);
    const byId = new Map(all.list.map((info) => [info.intentionLgcSn, info]));
    expect(byId.get(s.id)).toMatchObject({
      contractStatus: 'notUploaded',
      myParty: 'publisher',
      counterpartName: s.counterpartInst.name,
      confirmed: false,
      signedPdfUrl: null,
    });
    expect(byId.get(uploaded.id)).toMatchObject({
      contractStatus: 'uploaded',
      confirmed: false,
      signedByMe: false,
      counterpartName: 'Uploaded Bank',
    });
    expect(byId.get(signing.id)).toMatchObject({
      contractStatus: 'signing',
      confirmed: true,
      signedByMe: true,
      signedByOther: false,
      evidenceUrl: null,
    });
    expect(byId.get(signed.id)).toMatchObject({
      contractStatus: 'signed',
      signedByMe: true,
      signedByOther: true,
      signedPdfUrl: `/api/contracts/${signed.id}/file?version=signed`,
      evidenceUrl: `/api/contracts/${signed.id}/evidence`,
    });
    for (const [status, id] of [
      ['notUploaded', s.id],
      ['uploaded', uploaded.id],
      ['signing', signing.id],
      ['signed', signed.id],
    ] as const) {
      const page = await list(s.publisher, status);
      expect(
        page.list.map((info) => info.intentionLgcSn),
        status,
      ).toEqual([id]);
      expect(page.total).toBe(1);
    }
    // The other side sees the same contract from its side.
    const theirs = await list(signing.counterpart);
    expect(theirs.list).toEqual([
      expect.objectContaining({
        intentionLgcSn: signing.id,
        myParty: 'counterpart',
        contractStatus: 'signing',
        signedByMe: false,
        signedByOther: true,
      }),
    ]);
    expect((await list(signing.counterpart, 'signed')).list).toEqual([]);
    // A pending or refused intention is not a cooperation with a contract.
    expect((await list(s.rival)).list).toEqual([]);
    expect((await list(s.waiting)).list).toEqual([]);
    const bad = await get('/api/cooperationManage/queryCooperationInfos?status=lost', s.publisher);
    expect(bad.statusCode).toBe(422);
    expect(counterpartSeal).toBeTruthy();
  }, 90_000);
});

// ---------------------------------------------------------------------------------------------

describe('what each side is told', () => {
  it('the other side is messaged and mailed (in its language) on upload and on each signature', async () => {
    const s = await scene();
    const { publisherSeal, counterpartSeal } = await withSeals(s);
    const link = `/previewContract?id=${s.id}`;

    expect((await upload(s.publisher, s.id, await makeTestPdf(1), 'Forfaiting agreement')).statusCode).toBe(200);
    expect(await messagesOf(s.counterpart.id, 'contractUploaded')).toEqual([
      { type: 'contractUploaded', link, subject: 'Forfaiting agreement' },
    ]);
    expect(await messagesOf(s.publisher.id, 'contractUploaded')).toEqual([]);
    let mail = (await lastMailTo(db, s.counterpart.email)).mail!;
    expect(mail).toMatchObject({ template: 'contractEvent', locale: 'zh-CN' });
    expect(mail.subject).toContain('合同已上传');
    expect(mail.textBody).toContain(`${config.publicBaseUrl}${link}`);
    expect(mail.textBody).toContain(s.publisherInst.name);

    expect((await post(`/api/contracts/${s.id}/confirm`, s.counterpart)).statusCode).toBe(200);
    expect(
      (await api.sign(s.counterpart, s.id, [{ sealLgcSn: counterpartSeal, page: 1, x: 0.1, y: 0.7 }])).statusCode,
    ).toBe(200);
    expect(await messagesOf(s.publisher.id, 'contractSigned')).toEqual([
      { type: 'contractSigned', link, subject: 'Forfaiting agreement' },
    ]);
    expect(await messagesOf(s.counterpart.id, 'contractSigned')).toEqual([]);
    mail = (await lastMailTo(db, s.publisher.email)).mail!;
    expect(mail).toMatchObject({ template: 'contractEvent', locale: 'en-US' });
    expect(mail.subject).toContain(`${s.counterpartInst.name} signed “Forfaiting agreement”`);
    expect(mail.textBody).toContain(`${config.publicBaseUrl}${link}`);

    expect(
      (await api.sign(s.publisher, s.id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }])).statusCode,
    ).toBe(200);
    expect(await messagesOf(s.counterpart.id, 'contractSigned')).toEqual([
      { type: 'contractSigned', link, subject: 'Forfaiting agreement' },
    ]);
    mail = (await lastMailTo(db, s.counterpart.email)).mail!;
    expect(mail).toMatchObject({ template: 'contractEvent', locale: 'zh-CN' });
    expect(mail.subject).toContain('已由双方签署');

    // Now, and only now, the evidence report: for both parties and staff, in the reader's language.
    for (const [who, lang] of [
      [s.publisher, 'en-US'],
      [s.counterpart, 'zh-CN'],
      [reviewer, 'en-US'],
    ] as const) {
      const evidence = await get(`/api/contracts/${s.id}/evidence`, who, lang);
      expect(evidence.statusCode).toBe(200);
      expect(evidence.headers['content-type']).toBe('application/pdf');
      expect(evidence.headers['content-disposition']).toMatch(/^attachment/);
    }
    expect((await get(`/api/contracts/${s.id}/evidence`, s.outsider)).statusCode).toBe(404);

    // A download link sends no `lang` header: the language chosen in the portal rides in the
    // address and wins over the browser's Accept-Language.
    const chosen = await get(`/api/contracts/${s.id}/evidence?lang=zh-CN`, s.publisher, 'en-US');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.headers['content-language']).toBe('zh-CN');
    expect(decodeURIComponent(String(chosen.headers['content-disposition']))).toContain('存证报告');
    expect(pdfText(new Uint8Array(chosen.rawPayload))).toContain('存证报告');
    const english = await get(`/api/contracts/${s.id}/evidence?lang=en-US`, s.counterpart, 'zh-CN');
    expect(pdfText(new Uint8Array(english.rawPayload))).toContain('Evidence report');
    const unknown = await get(`/api/contracts/${s.id}/evidence?lang=fr-FR`, s.publisher, 'en-US');
    expect(unknown.statusCode).toBe(422);
  }, 60_000);
});
