/**
 * A party opening the contract's file is part of the audit trail (issue 25, the evidence report's
 * "views"): the preview posts the view, the trail shows who viewed which version, from which
 * address and browser; the same person and version are recorded once an hour; staff and other
 * institutions are not parties.
 */
import { describe, expect, it } from 'vitest';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';

const { app, database } = await buildTestAppWithStorage('portal-contract-views-');
const db = database.db;
const api = signingApi(app, db);
const reviewer = await api.reviewer();

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) PortalTest/1.0';
const post = (url: string, who: Caller) =>
  app.inject({ method: 'POST', url, headers: { cookie: who.cookie, 'user-agent': BROWSER } });

/** An agreed deal (signing scene) with an uploaded contract; answers its id and its parties. */
async function uploadedDeal() {
  const deal = await api.agreedDeal();
  const up = await api.uploadContract(deal.publisher.cookie, deal.intentionLgcSn, await makeTestPdf(1), 'Forfaiting');
  expect(up.statusCode).toBe(200);
  return { id: deal.intentionLgcSn, publisher: deal.publisher, counterpart: deal.counterpart, outsider: deal.outsider };
}

const viewsOf = async (id: string, who: Caller) => {
  const view = await api.inject('GET', `/api/contracts/${id}`, who.cookie);
  return (
    view.json().data.events as { kind: string; ip: string; userAgent: string | null; actorName: string }[]
  ).filter((event) => event.kind === 'viewed');
};

describe('POST /api/contracts/:id/viewed', () => {
  it('records a party’s view in the trail with its address and browser, once an hour per person and version', async () => {
    const { id, publisher, counterpart } = await uploadedDeal();
    const first = await post(`/api/contracts/${id}/viewed`, counterpart);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ recorded: true });
    const [view] = await viewsOf(id, publisher);
    expect(view).toMatchObject({ kind: 'viewed', userAgent: BROWSER });
    expect(view?.ip).toBeTruthy();

    const again = await post(`/api/contracts/${id}/viewed`, counterpart);
    expect(again.json().data).toEqual({ recorded: false });
    expect(await viewsOf(id, publisher)).toHaveLength(1);

    // The other party's view is its own line.
    expect((await post(`/api/contracts/${id}/viewed`, publisher)).json().data).toEqual({ recorded: true });
    expect(await viewsOf(id, publisher)).toHaveLength(2);
  });

  it('is refused to bank staff (they read, they are no party) and unknown to another institution; nothing recorded', async () => {
    const { id, publisher, outsider } = await uploadedDeal();
    const staff = await post(`/api/contracts/${id}/viewed`, reviewer);
    expect(staff.statusCode).toBe(403);
    const other = await post(`/api/contracts/${id}/viewed`, outsider);
    expect(other.statusCode).toBe(404);
    expect(await viewsOf(id, publisher)).toEqual([]);
  });
});

describe('views in the evidence report', () => {
  it('a contract both parties viewed (with a browser’s full user agent) completes, and its report lists the views', {
    timeout: 120_000,
  }, async () => {
    const deal = await api.agreedDeal();
    const id = deal.intentionLgcSn;
    const publisherSeal = await api.effectiveSeal(deal.publisher, reviewer);
    const counterpartSeal = await api.effectiveSeal(deal.counterpart, reviewer, { sealName: '合同专用章' });
    expect((await api.uploadContract(deal.publisher.cookie, id, await makeTestPdf(2), 'Deal')).statusCode).toBe(200);
    expect((await api.inject('POST', `/api/contracts/${id}/confirm`, deal.counterpart.cookie)).statusCode).toBe(200);
    const chromium =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36';
    for (const who of [deal.publisher, deal.counterpart]) {
      const viewed = await app.inject({
        method: 'POST',
        url: `/api/contracts/${id}/viewed`,
        headers: { cookie: who.cookie, 'user-agent': chromium },
      });
      expect(viewed.json().data).toEqual({ recorded: true });
    }
    const first = await api.sign(deal.publisher, id, [{ sealLgcSn: publisherSeal, page: 1, x: 0.6, y: 0.7 }]);
    expect(first.statusCode, first.body).toBe(200);
    const second = await api.sign(deal.counterpart, id, [{ sealLgcSn: counterpartSeal, page: 2, x: 0.1, y: 0.7 }]);
    expect(second.statusCode, second.body).toBe(200);
    const view = await api.inject('GET', `/api/contracts/${id}`, deal.publisher.cookie);
    expect(view.json().data.status).toBe('signed');
    const report = await api.inject('GET', `/api/contracts/${id}/evidence?lang=en-US`, deal.publisher.cookie);
    expect(report.statusCode).toBe(200);
  });
});
