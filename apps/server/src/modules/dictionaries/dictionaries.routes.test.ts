import { ZSelectAllDictsResponse, ZSelectDictResponse } from '@portal/shared/schemas/dictionaries';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers.ts';

const { app } = await buildTestApp();
const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { res, body: res.json() };
};

describe('GET /api/dict/p1/selectDict', () => {
  it('returns every dictionary when no type is given', async () => {
    const { res, body } = await get('/api/dict/p1/selectDict');
    expect(res.statusCode).toBe(200);
    const { dictionaries } = ZSelectAllDictsResponse.parse(body.data);
    expect(Object.keys(dictionaries).sort()).toEqual(
      [
        'branches',
        'continents',
        'cooperationTypes',
        'countries',
        'currencies',
        'directions',
        'lcPaymentModes',
        'publishCategories',
        'rateTypes',
        'termTypes',
        'riskPreferencesForfaiting',
        'riskPreferencesGuarantee',
        'commonTerms',
        'guaranteeTypes',
        'transferredAssetTypes',
        'costBearers',
        'baftVersions',
        'customerTypes',
        'partyLocations',
      ].sort(),
    );
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('returns the 30 currencies of SPEC §3 in order, each in both languages', async () => {
    const { body } = await get('/api/dict/p1/selectDict?dictType=currencies');
    const { list } = ZSelectDictResponse.parse(body.data);
    expect(list.map((c) => c.code)).toEqual(
      'USD CNY EUR JPY GBP AUD HKD CAD NZD FRF CHF NLG DEM NTD IDR ZAR BRC ITL RUR KRW VND SGD MOP AED MNT HUF SPP MYR CLP PLN'.split(
        ' ',
      ),
    );
    for (const c of list) expect(c.en && /\p{Script=Han}/u.test(c.zh)).toBeTruthy();
  });

  it('returns at least 240 countries and regions, each in both languages', async () => {
    const { body } = await get('/api/dict/p1/selectDict?dictType=countries');
    const { list } = ZSelectDictResponse.parse(body.data);
    expect(list.length).toBeGreaterThanOrEqual(240);
    for (const c of list) {
      expect(c.en.length, c.code).toBeGreaterThan(1);
      expect(c.zh, c.code).toMatch(/\p{Script=Han}/u);
    }
  });

  it('returns the full cooperation taxonomy: 7 types and every sub-type, in both languages', async () => {
    const { body } = await get('/api/dict/p1/selectDict?dictType=cooperationTypes');
    const { list } = ZSelectDictResponse.parse(body.data);
    expect(list).toHaveLength(7);
    const subTypes = list.flatMap((t) => t.children ?? []);
    expect(subTypes).toHaveLength(41);
    const english = subTypes.map((s) => s.en.toLowerCase()).join('|');
    for (const name of ['forfaiting', 'international factoring', 'syndicated', 'panda bond', 'standby', 'cips']) {
      expect(english).toContain(name);
    }
    for (const s of subTypes) expect(s.zh).toMatch(/\p{Script=Han}/u);
  });

  it('rejects an unknown dictionary type, naming the field', async () => {
    const { res, body } = await get('/api/dict/p1/selectDict?dictType=planets');
    expect(res.statusCode).toBe(422);
    expect(body.data.fields[0]).toMatchObject({ field: 'dictType', rule: 'oneOf' });
    expect(body.data.fields[0].message).toMatch(/^Dictionary type must be one of: directions, /);
  });
});

describe('GET /api/org/p1/list/dic', () => {
  it.each([
    ['0', ['overseas', 'domestic']],
    ['1', ['overseas']],
    ['2', ['domestic']],
  ])('filters branches by bFlag %s', async (flag, kinds) => {
    const { body } = await get(`/api/org/p1/list/dic?bFlag=${flag}`);
    const found = new Set(body.data.list.map((b: { kind: string }) => b.kind));
    expect([...found].sort()).toEqual([...kinds].sort());
  });

  it('defaults to all branches', async () => {
    const all = await get('/api/org/p1/list/dic');
    const zero = await get('/api/org/p1/list/dic?bFlag=0');
    expect(all.body.data.list).toEqual(zero.body.data.list);
    expect(all.body.data.list.length).toBeGreaterThan(50);
  });
});
