/**
 * Signing under locks (issue 24, item 9), on PostgreSQL only (PGlite serves one transaction at a
 * time, so no lock is ever contended there):
 * - two parties signing one contract at once: the signature applied second (made over the first
 *   one's file) is never recorded as the earlier one, in the rows or in the trail;
 * - a seal cancelled while a signature with it is being made: either the signature comes first
 *   (recorded before the cancellation) or it is refused as cancelled; never both, the signature
 *   after.
 * Each race is run a bounded number of times with the second request started a little later each
 * time, so that the interleavings the old code got wrong come up.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution } from '../../../test/factories.ts';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { describeOnPostgres, itOnPostgres, onPostgres } from '../../../test/postgres-only.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';

const CYCLES = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const setup = onPostgres
  ? await (async () => {
      const { app, database } = await buildTestAppWithStorage('portal-signing-locks-');
      const db = database.db;
      const api = signingApi(app, db);
      const reviewer = await api.reviewer();
      const publisher = await api.caller((await buildInstitution(db, { name: 'Harbour Bank' })).id);
      const counterpart = await api.caller((await buildInstitution(db, { name: '北岸银行' })).id);
      return { db, api, reviewer, publisher, counterpart };
    })()
  : undefined;

/** A new agreed deal between the same two institutions, its contract uploaded and confirmed. */
async function confirmedContract(): Promise<string> {
  const { db, api, publisher, counterpart } = setup!;
  const request = await buildRequest(db, {
    ownerUserId: publisher.id,
    institutionId: publisher.institutionId,
    name: 'USD 5m forfaiting',
  });
  const sent = await api.inject('POST', '/api/bthw/SendBthw', counterpart.cookie, {
    requestLgcSn: request.lgcSn,
    message: 'We would like to take part.',
  });
  const id = sent.json().data.lgcSn as string;
  await api.inject('POST', '/api/bthw/agreeOrRefuse', publisher.cookie, { intentionLgcSn: id, decision: 'agree' });
  const up = await api.uploadContract(publisher.cookie, id, await makeTestPdf(2), 'Forfaiting agreement');
  if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
  const confirmed = await api.inject('POST', `/api/contracts/${id}/confirm`, counterpart.cookie);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  return id;
}

async function codeFor(who: Caller, url: string) {
  await setup!.api.forgetCodes(who.email);
  return setup!.api.mailedCode(who, url);
}

const signaturesOf = (id: string) =>
  setup!.db
    .selectFrom('contractSignature as s')
    .innerJoin('contract as c', 'c.id', 's.contractId')
    .innerJoin('cooperationIntention as n', 'n.id', 'c.intentionId')
    .select(['s.id', 's.party', 's.signedAt', 's.fileBefore', 's.fileAfter'])
    .where('n.lgcSn', '=', id)
    .execute();

describeOnPostgres('signing time taken under the contract lock', () => {
  itOnPostgres(
    'two parties signing at once: the signature applied second is never recorded as earlier',
    async () => {
      const { api, reviewer, publisher, counterpart } = setup!;
      // The publisher places three seals (more to read before its lock), the counterpart one:
      // started first, the publisher often reaches the lock second.
      const publisherSeals = [
        await api.effectiveSeal(publisher, reviewer),
        await api.effectiveSeal(publisher, reviewer, { sealName: 'Second seal' }),
        await api.effectiveSeal(publisher, reviewer, { sealName: 'Third seal' }),
      ];
      const counterpartSeal = await api.effectiveSeal(counterpart, reviewer, { sealName: '合同专用章' });
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const id = await confirmedContract();
        const publisherCode = await codeFor(publisher, `/api/contracts/${id}/sign-code`);
        const counterpartCode = await codeFor(counterpart, `/api/contracts/${id}/sign-code`);
        const signA = api.inject('POST', `/api/contracts/${id}/sign`, publisher.cookie, {
          code: publisherCode,
          placements: publisherSeals.map((sealLgcSn, index) => ({ sealLgcSn, page: 1, x: 0.1 + index * 0.3, y: 0.7 })),
        });
        await pause(cycle);
        const signB = api.inject('POST', `/api/contracts/${id}/sign`, counterpart.cookie, {
          code: counterpartCode,
          placements: [{ sealLgcSn: counterpartSeal, page: 2, x: 0.1, y: 0.7 }],
        });
        const [a, b] = await Promise.all([signA, signB]);
        expect(a.statusCode, a.body).toBe(200);
        expect(b.statusCode, b.body).toBe(200);

        const signatures = await signaturesOf(id);
        expect(signatures).toHaveLength(2);
        // Applied order: the second was made over the first one's file.
        const first = signatures.find((s) => !signatures.some((other) => other.fileAfter === s.fileBefore));
        const second = signatures.find((s) => s.fileBefore === first?.fileAfter);
        expect(first && second, `cycle ${cycle}: one signature over the other`).toBeTruthy();
        expect(
          new Date(second!.signedAt).getTime(),
          `cycle ${cycle}: ${second!.party} applied second, recorded at ${new Date(second!.signedAt).toISOString()}, before ${first!.party} at ${new Date(first!.signedAt).toISOString()}`,
        ).toBeGreaterThanOrEqual(new Date(first!.signedAt).getTime());
        // The contract page lists them in the order they were applied.
        const page = (await api.inject('GET', `/api/contracts/${id}`, publisher.cookie)).json().data;
        const signedEvents = (page.events as Array<{ kind: string; at: string }>).filter((e) => e.kind === 'signed');
        expect(signedEvents.map((e) => e.at)).toEqual(
          [...signedEvents.map((e) => e.at)].sort((x, y) => Date.parse(x) - Date.parse(y)),
        );
      }
    },
    240_000,
  );
});

describeOnPostgres('a seal cancelled while it signs', () => {
  itOnPostgres(
    'the signature comes before the cancellation or is refused as cancelled; never both, the signature after',
    async () => {
      const { db, api, reviewer, publisher } = setup!;
      const outcomes: string[] = [];
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const seal = await api.effectiveSeal(publisher, reviewer, { sealName: `Seal ${cycle}` });
        const id = await confirmedContract();
        const signCode = await codeFor(publisher, `/api/contracts/${id}/sign-code`);
        const cancelCode = await codeFor(publisher, `/api/signet/seals/${seal}/cancel-code`);
        const signing = api.inject('POST', `/api/contracts/${id}/sign`, publisher.cookie, {
          code: signCode,
          placements: [{ sealLgcSn: seal, page: 1, x: 0.6, y: 0.7 }],
        });
        await pause(cycle * 8);
        const cancelling = api.inject('POST', `/api/signet/seals/${seal}/cancel`, publisher.cookie, {
          code: cancelCode,
        });
        const [signed, cancelled] = await Promise.all([signing, cancelling]);
        expect(cancelled.statusCode, cancelled.body).toBe(200);
        if (signed.statusCode !== 200) {
          expect(signed.statusCode, signed.body).toBe(409);
          expect(signed.json().code).toBe('PRT_SEAL_NOT_USABLE');
          expect(await signaturesOf(id)).toHaveLength(0);
          outcomes.push('refused');
          continue;
        }
        outcomes.push('signed first');
        const [signature] = await signaturesOf(id);
        const sealRow = await db
          .selectFrom('seal')
          .select('cancelledAt')
          .where('lgcSn', '=', seal)
          .executeTakeFirstOrThrow();
        expect(new Date(signature!.signedAt).getTime(), `cycle ${cycle}: signed after the cancellation`).toBeLessThan(
          new Date(sealRow.cancelledAt as Date).getTime(),
        );
        // Served one after the other: the signature's transaction wrote its trail before the
        // cancellation's began to write.
        const audit = await db
          .selectFrom('auditLog')
          .select(['id', 'action'])
          .where((eb) =>
            eb.or([
              eb.and([eb('action', '=', 'seal.cancelled'), eb('targetId', '=', seal)]),
              eb.and([eb('action', '=', 'contract.signed'), eb(sql<string>`detail->>'intention'`, '=', id)]),
            ]),
          )
          .orderBy('id')
          .execute();
        expect(
          audit.map((row) => row.action),
          `cycle ${cycle}: cancelled while signing`,
        ).toEqual(['contract.signed', 'seal.cancelled']);
      }
      // Not a test of luck: report what happened in the cycles.
      console.info(`seal cancelled while signing: ${outcomes.join(', ')}`);
    },
    240_000,
  );
});
