/**
 * Every release-form rule of SPEC §5, on both sides of each boundary: through the server
 * (POST /api/bthw/publish answers 422 naming the field and the rule, or publishes) and straight
 * against RELEASE_FORM_SCHEMAS, the schema the web form validates with, so both sides agree.
 */
import { localizeIssues, translate } from '@portal/shared';
import { formKindOf, releaseFormSchema } from '@portal/shared/schemas/cooperation';
import { describe, expect, it } from 'vitest';
import { buildMasterAgreement, isoDay, validReleaseBody } from '../../../test/cooperation-factories.ts';
import { buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const user = await buildUser(db);
await buildMasterAgreement(db, { institutionId: user.institutionId!, userId: user.id });
const cookie = await sessionCookie(db, user.id);

type Case = {
  name: string;
  sub: string;
  set?: Record<string, unknown>;
  drop?: string[];
  /** undefined: the form is valid. */
  error?: [field: string, rule: string];
  /** Further errors of the same answer (every rule is reported on the first attempt). */
  alsoErrors?: [field: string, rule: string][];
  /** A rule the schema cannot know: checked by the server only. */
  serverOnly?: boolean;
};

const LOAN = 'BILATERAL_LOAN';
const LC = 'EXPORT_NEGOTIATION';
const TRADE = 'ORDER_FINANCING';
const BOND = 'GENERAL_BOND';
const SETTLEMENT = 'CIPS_RMB_ACCOUNT';

const CASES: Case[] = [
  { name: 'every form kind valid: loan', sub: LOAN },
  { name: 'every form kind valid: letter of credit', sub: LC },
  { name: 'every form kind valid: trade finance', sub: TRADE },
  { name: 'every form kind valid: project', sub: 'PROJECT_FINANCING' },
  { name: 'every form kind valid: bond', sub: BOND },
  { name: 'every form kind valid: guarantee', sub: 'GUARANTEE_REISSUE_ADVISING' },
  { name: 'every form kind valid: settlement', sub: SETTLEMENT },
  { name: 'every form kind valid: asset transfer', sub: 'TRADE_ASSET_TRANSFER' },
  { name: 'every form kind valid: innovation', sub: 'THIRD_PARTY_INNOVATION_COOPERATION' },
  { name: 'every form kind valid: forfaiting', sub: 'FORFAITING' },
  // Request name: at most 100 characters
  { name: 'name of 100 characters', sub: LOAN, set: { itDpchlstRqmNm: 'n'.repeat(100) } },
  {
    name: 'name of 101 characters',
    sub: LOAN,
    set: { itDpchlstRqmNm: 'n'.repeat(101) },
    error: ['itDpchlstRqmNm', 'tooLong'],
  },
  { name: 'name empty', sub: LOAN, set: { itDpchlstRqmNm: '' }, error: ['itDpchlstRqmNm', 'required'] },
  { name: 'name blank', sub: LOAN, set: { itDpchlstRqmNm: '   ' }, error: ['itDpchlstRqmNm', 'required'] },
  // Short texts: at most 50
  { name: 'contact of 50 characters', sub: LOAN, set: { contactName: 'c'.repeat(50) } },
  {
    name: 'contact of 51 characters',
    sub: LOAN,
    set: { contactName: 'c'.repeat(51) },
    error: ['contactName', 'tooLong'],
  },
  { name: 'commodity of 50 characters', sub: TRADE, set: { commodity: 'c'.repeat(50) } },
  {
    name: 'commodity of 51 characters',
    sub: TRADE,
    set: { commodity: 'c'.repeat(51) },
    error: ['commodity', 'tooLong'],
  },
  { name: 'remark of 100 characters', sub: LOAN, set: { remark: 'r'.repeat(100) } },
  { name: 'remark of 101 characters', sub: LOAN, set: { remark: 'r'.repeat(101) }, error: ['remark', 'tooLong'] },
  // Amount: > 0, 15 digits before the point, 2 after
  { name: 'amount of 15 digits', sub: LOAN, set: { amount: '999999999999999.99' } },
  { name: 'amount of 16 digits', sub: LOAN, set: { amount: '1000000000000000' }, error: ['amount', 'amountDigits'] },
  { name: 'amount 0', sub: LOAN, set: { amount: '0' }, error: ['amount', 'positiveAmount'] },
  { name: 'amount 0.00', sub: LOAN, set: { amount: '0.00' }, error: ['amount', 'positiveAmount'] },
  { name: 'amount 0.01', sub: LOAN, set: { amount: '0.01' } },
  { name: 'amount with 3 decimal places', sub: LOAN, set: { amount: '1.234' }, error: ['amount', 'amountDigits'] },
  { name: 'amount negative', sub: LOAN, set: { amount: '-5' }, error: ['amount', 'positiveAmount'] },
  // Numbers are judged, never changed (issue 16): each of these is a field error, not a clamp.
  { name: 'amount -2500', sub: LOAN, set: { amount: '-2500' }, error: ['amount', 'positiveAmount'] },
  { name: 'amount of 17 digits', sub: LOAN, set: { amount: '12345678901234567' }, error: ['amount', 'amountDigits'] },
  { name: 'amount "1.35m"', sub: LOAN, set: { amount: '1.35m' }, error: ['amount', 'number'] },
  { name: 'amount with grouping', sub: LOAN, set: { amount: '1,234,567.89' }, error: ['amount', 'number'] },
  { name: 'amount 1234567.89', sub: LOAN, set: { amount: '1234567.89' } },
  {
    name: 'innovation amount "1.35m"',
    sub: 'THIRD_PARTY_INNOVATION_COOPERATION',
    set: { amount: '1.35m' },
    error: ['amount', 'number'],
  },
  { name: 'price 150', sub: LOAN, set: { price: 150 }, error: ['price', 'max'] },
  { name: 'price "1.35m"', sub: LOAN, set: { price: '1.35m' }, error: ['price', 'number'] },
  { name: 'financing days 9999', sub: TRADE, set: { financingDays: 9999 }, error: ['financingDays', 'max'] },
  { name: 'financing days "1.35m"', sub: TRADE, set: { financingDays: '1.35m' }, error: ['financingDays', 'number'] },
  { name: 'usance days -1', sub: LC, set: { usanceDays: -1 }, error: ['usanceDays', 'min'] },
  { name: 'period 1.5 years', sub: BOND, set: { periodYears: 1.5 }, error: ['periodYears', 'integer'] },
  { name: 'rate 0.123', sub: LOAN, set: { rateMin: 0.123, rateMax: 1 } },
  { name: 'rate -0.123', sub: LOAN, set: { rateMin: -0.123 }, error: ['rateMin', 'min'] },
  { name: 'amount missing', sub: LOAN, drop: ['amount'], error: ['amount', 'required'] },
  {
    name: 'settlement volume of 16 digits',
    sub: SETTLEMENT,
    set: { annualSettlementVolume: '1234567890123456' },
    error: ['annualSettlementVolume', 'amountDigits'],
  },
  // Financing days 1..720
  { name: 'financing days 0', sub: TRADE, set: { financingDays: 0 }, error: ['financingDays', 'min'] },
  { name: 'financing days 1', sub: TRADE, set: { financingDays: 1 } },
  { name: 'financing days 720', sub: TRADE, set: { financingDays: 720 } },
  { name: 'financing days 721', sub: TRADE, set: { financingDays: 721 }, error: ['financingDays', 'max'] },
  { name: 'financing days 1.5', sub: TRADE, set: { financingDays: 1.5 }, error: ['financingDays', 'integer'] },
  // Usance days 0..720
  { name: 'usance days 0', sub: LC, set: { usanceDays: 0 } },
  { name: 'usance days 720', sub: LC, set: { usanceDays: 720 } },
  { name: 'usance days 721', sub: LC, set: { usanceDays: 721 }, error: ['usanceDays', 'max'] },
  // Custom term 1..720
  { name: 'custom term 720 days', sub: LOAN, set: { termType: 'CUSTOMIZED', commonTerm: '', customTermDays: 720 } },
  {
    name: 'custom term 721 days',
    sub: LOAN,
    set: { termType: 'CUSTOMIZED', commonTerm: '', customTermDays: 721 },
    error: ['customTermDays', 'max'],
  },
  {
    name: 'custom term missing',
    sub: LOAN,
    set: { termType: 'CUSTOMIZED', commonTerm: '' },
    error: ['customTermDays', 'required'],
  },
  {
    name: 'common term missing',
    sub: LOAN,
    set: { termType: 'COMMON', commonTerm: '' },
    error: ['commonTerm', 'required'],
  },
  {
    name: 'term missing, with other errors: all on the first attempt',
    sub: LOAN,
    set: { termType: 'COMMON', commonTerm: '', amount: '-2500' },
    error: ['commonTerm', 'required'],
    alsoErrors: [['amount', 'positiveAmount']],
  },
  {
    name: 'term dropped',
    sub: TRADE,
    set: { termType: 'COMMON' },
    drop: ['commonTerm'],
    error: ['commonTerm', 'required'],
  },
  { name: 'term type missing', sub: LOAN, drop: ['termType'], error: ['termType', 'required'] },
  // Financing cost 0..1000 bps
  { name: 'financing cost 0 bps', sub: TRADE, set: { financingCostBps: 0 } },
  { name: 'financing cost 1000 bps', sub: TRADE, set: { financingCostBps: 1000 } },
  { name: 'financing cost 1001 bps', sub: TRADE, set: { financingCostBps: 1001 }, error: ['financingCostBps', 'max'] },
  // Period 0..100 years
  { name: 'period 0 years', sub: BOND, set: { periodYears: 0 } },
  { name: 'period 100 years', sub: BOND, set: { periodYears: 100 } },
  { name: 'period 101 years', sub: BOND, set: { periodYears: 101 }, error: ['periodYears', 'max'] },
  // Participation ratio 0..1, two decimals
  { name: 'participation 0', sub: LC, set: { participationRatio: 0 } },
  { name: 'participation 1', sub: LC, set: { participationRatio: 1 } },
  { name: 'participation 0.25', sub: LC, set: { participationRatio: 0.25 } },
  { name: 'participation 1.01', sub: LC, set: { participationRatio: 1.01 }, error: ['participationRatio', 'max'] },
  {
    name: 'participation 0.123',
    sub: LC,
    set: { participationRatio: 0.123 },
    error: ['participationRatio', 'decimalPlaces2'],
  },
  // Estimated transactions 0..1000
  { name: 'transactions 1000', sub: SETTLEMENT, set: { estimatedTransactions: 1000 } },
  {
    name: 'transactions 1001',
    sub: SETTLEMENT,
    set: { estimatedTransactions: 1001 },
    error: ['estimatedTransactions', 'max'],
  },
  // Price 0..100 %, four decimals
  { name: 'price 0', sub: LOAN, set: { price: 0 } },
  { name: 'price 100', sub: LOAN, set: { price: 100 } },
  { name: 'price 100.01', sub: LOAN, set: { price: 100.01 }, error: ['price', 'max'] },
  { name: 'price negative', sub: LOAN, set: { price: -0.01 }, error: ['price', 'min'] },
  { name: 'price with 4 decimal places', sub: LOAN, set: { price: 3.1234 } },
  { name: 'price with 5 decimal places', sub: LOAN, set: { price: 3.12345 }, error: ['price', 'decimalPlaces4'] },
  { name: 'rate with 5 decimal places', sub: LOAN, set: { rateMin: 1.00001 }, error: ['rateMin', 'decimalPlaces4'] },
  // Rate range
  { name: 'rate min = max', sub: LOAN, set: { rateMin: 3, rateMax: 3 } },
  { name: 'rate min > max', sub: LOAN, set: { rateMin: 4, rateMax: 3 }, error: ['rateMax', 'rateRange'] },
  // SWIFT codes: 8 or 11 upper-case letters and digits
  { name: 'SWIFT of 7', sub: LC, set: { issuingBankSwift: 'ABCDHKH' }, error: ['issuingBankSwift', 'swift'] },
  { name: 'SWIFT of 8', sub: LC, set: { issuingBankSwift: 'ABCDHKHH' } },
  { name: 'SWIFT of 11', sub: LC, set: { issuingBankSwift: 'ABCDHKHH123' } },
  { name: 'SWIFT of 12', sub: LC, set: { issuingBankSwift: 'ABCDHKHH1234' }, error: ['issuingBankSwift', 'swift'] },
  { name: 'SWIFT in lower case', sub: LC, set: { issuingBankSwift: 'abcdhkhh' }, error: ['issuingBankSwift', 'swift'] },
  { name: 'SWIFT all digits', sub: LC, set: { issuingBankSwift: '12345678' }, error: ['issuingBankSwift', 'swift'] },
  { name: 'optional SWIFT empty', sub: LC, set: { confirmingBankSwift: '' } },
  {
    name: 'optional SWIFT of 9',
    sub: LC,
    set: { confirmingBankSwift: 'ABCDHKHH1' },
    error: ['confirmingBankSwift', 'swift'],
  },
  {
    name: 'guarantee bank SWIFT of 12',
    sub: 'GUARANTEE_REISSUE_ADVISING',
    set: { guarantorSwift: 'ABCDHKHH1234' },
    error: ['guarantorSwift', 'swift'],
  },
  // Dates
  { name: 'valid until = valid from', sub: LOAN, set: { validFrom: isoDay(5), validUntil: isoDay(5) } },
  {
    name: 'valid until before valid from',
    sub: LOAN,
    set: { validFrom: isoDay(5), validUntil: isoDay(4) },
    error: ['validUntil', 'dateOrder'],
  },
  {
    name: 'valid until in the past',
    sub: LOAN,
    set: { validFrom: isoDay(-10), validUntil: isoDay(-1) },
    error: ['validUntil', 'dateInPast'],
  },
  {
    name: 'valid until in the past, with other errors: all on the first attempt',
    sub: LOAN,
    set: { validFrom: isoDay(-10), validUntil: isoDay(-1), itDpchlstRqmNm: '', price: 150 },
    error: ['validUntil', 'dateInPast'],
    alsoErrors: [
      ['itDpchlstRqmNm', 'required'],
      ['price', 'max'],
    ],
  },
  { name: 'valid until today', sub: LOAN, set: { validFrom: isoDay(-10), validUntil: isoDay(0) } },
  { name: 'L/C expiry in the past', sub: LC, set: { lcExpiryDate: isoDay(-1) }, error: ['lcExpiryDate', 'dateInPast'] },
  {
    name: 'L/C expiry in the past, with other errors',
    sub: LC,
    set: { lcExpiryDate: isoDay(-1), issuingBankSwift: 'ABC' },
    error: ['lcExpiryDate', 'dateInPast'],
    alsoErrors: [['issuingBankSwift', 'swift']],
  },
  { name: 'L/C expiry today', sub: LC, set: { lcExpiryDate: isoDay(0) } },
  { name: 'valid from not a date', sub: LOAN, set: { validFrom: '2026/01/01' }, error: ['validFrom', 'date'] },
  // Scope
  {
    name: 'scope limited without countries',
    sub: LOAN,
    set: { scopeLimited: true, scopeCountries: [] },
    error: ['scopeCountries', 'required'],
  },
  { name: 'scope limited with a country', sub: LOAN, set: { scopeLimited: true, scopeCountries: ['HK'] } },
  {
    name: 'scope with an unknown country',
    sub: LOAN,
    set: { scopeLimited: true, scopeCountries: ['ZZ'] },
    error: ['scopeCountries.0', 'unknownCode'],
  },
  // Risk preferences, BAFT version and acceptable countries
  {
    name: 'forfaiting without risk preference',
    sub: 'FORFAITING',
    set: { riskPreferences: [] },
    error: ['riskPreferences', 'atLeastOne'],
  },
  {
    name: 'risk participation without risk preference',
    sub: 'RISK_PARTICIPATION',
    set: { riskPreferences: [] },
    error: ['riskPreferences', 'atLeastOne'],
  },
  {
    name: 'guarantee without risk preference',
    sub: 'GUARANTEE_REISSUE_ADVISING',
    set: { riskPreferences: [] },
    error: ['riskPreferences', 'atLeastOne'],
  },
  {
    name: 'standby L/C without risk preference',
    sub: 'STANDBY_LC',
    set: { riskPreferences: [] },
    error: ['riskPreferences', 'atLeastOne'],
  },
  {
    name: 'forfaiting without BAFT version',
    sub: 'FORFAITING',
    set: { baftVersion: '' },
    error: ['baftVersion', 'required'],
  },
  {
    name: 'forfaiting without acceptable countries',
    sub: 'FORFAITING',
    set: { acceptableCountries: [] },
    error: ['acceptableCountries', 'required'],
  },
  { name: 'export negotiation needs no BAFT version', sub: LC, set: { baftVersion: '' } },
  // Required fields of each form kind
  { name: 'L/C without issuing bank', sub: LC, drop: ['issuingBank'], error: ['issuingBank', 'required'] },
  { name: 'L/C without expiry date', sub: LC, drop: ['lcExpiryDate'], error: ['lcExpiryDate', 'required'] },
  { name: 'trade finance without applicant', sub: TRADE, drop: ['applicant'], error: ['applicant', 'required'] },
  {
    name: 'trade finance without financing days',
    sub: TRADE,
    drop: ['financingDays'],
    error: ['financingDays', 'required'],
  },
  { name: 'loan without rate type', sub: LOAN, drop: ['rateType'], error: ['rateType', 'required'] },
  {
    name: 'project without background',
    sub: 'PROJECT_FINANCING',
    drop: ['projectBackground'],
    error: ['projectBackground', 'required'],
  },
  { name: 'bond without issuer', sub: BOND, drop: ['bondIssuer'], error: ['bondIssuer', 'required'] },
  {
    name: 'guarantee without type',
    sub: 'GUARANTEE_REISSUE_ADVISING',
    drop: ['guaranteeType'],
    error: ['guaranteeType', 'required'],
  },
  {
    name: 'settlement without volume',
    sub: SETTLEMENT,
    drop: ['annualSettlementVolume'],
    error: ['annualSettlementVolume', 'required'],
  },
  {
    name: 'asset transfer without details',
    sub: 'TRADE_ASSET_TRANSFER',
    drop: ['assetDetails'],
    error: ['assetDetails', 'required'],
  },
  {
    name: 'innovation without description',
    sub: 'THIRD_PARTY_INNOVATION_COOPERATION',
    drop: ['description'],
    error: ['description', 'required'],
  },
  { name: 'innovation amount optional', sub: 'THIRD_PARTY_INNOVATION_COOPERATION', set: { amount: '' } },
  { name: 'without currency', sub: LOAN, drop: ['currency'], error: ['currency', 'required'] },
  { name: 'unknown currency', sub: LOAN, set: { currency: 'XXX' }, error: ['currency', 'unknownCode'] },
  { name: 'without contact e-mail', sub: LOAN, drop: ['contactEmail'], error: ['contactEmail', 'required'] },
  {
    name: 'contact e-mail malformed',
    sub: LOAN,
    set: { contactEmail: 'not-an-address' },
    error: ['contactEmail', 'email'],
  },
  { name: 'contact phone malformed', sub: LOAN, set: { contactPhone: '12' }, error: ['contactPhone', 'phone'] },
  { name: 'without validity end', sub: LOAN, drop: ['validUntil'], error: ['validUntil', 'required'] },
  { name: 'without direction', sub: 'ORDER_FINANCING', drop: ['direction'], error: ['direction', 'required'] },
  {
    name: 'eleven attachments',
    sub: LOAN,
    set: { attachments: Array.from({ length: 11 }, (_, i) => `f${i}`) },
    error: ['attachments', 'tooManyItems'],
  },
];

function bodyOf(c: Case): Record<string, unknown> {
  const body = validReleaseBody(c.sub, c.set ?? {});
  for (const key of c.drop ?? []) delete body[key];
  return body;
}

const labelOf = (field: string) => translate('en-US', `errors.fields.${field.split('.')[0]}`);

describe('release rules through POST /api/bthw/publish', () => {
  it.each(CASES)('$name', async (c) => {
    const res = await app.inject({ method: 'POST', url: '/api/bthw/publish', headers: { cookie }, payload: bodyOf(c) });
    if (!c.error) {
      expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: '0' });
      return;
    }
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('PRT_VALIDATION');
    const [field, rule] = c.error;
    const found = body.data.fields.find((f: { field: string; rule: string }) => f.field === field && f.rule === rule);
    expect(found, JSON.stringify(body.data.fields)).toBeDefined();
    expect(found.message).toContain(labelOf(field));
    expect(body.message).toContain(found.message);
    for (const [otherField, otherRule] of c.alsoErrors ?? []) {
      const other = body.data.fields.find(
        (f: { field: string; rule: string }) => f.field === otherField && f.rule === otherRule,
      );
      expect(other, JSON.stringify(body.data.fields)).toBeDefined();
    }
  });

  it('names the field in Chinese for a Chinese reader', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/bthw/publish',
      headers: { cookie, 'accept-language': 'zh-CN' },
      payload: bodyOf({ name: 'swift', sub: LC, set: { issuingBankSwift: 'ABC' } }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0].message).toContain('开证行SWIFT代码');
  });
});

describe('release rules in RELEASE_FORM_SCHEMAS (the web form)', () => {
  it.each(CASES.filter((c) => !c.serverOnly))('$name', (c) => {
    const body = bodyOf(c);
    const kind = formKindOf(c.sub)!;
    const result = releaseFormSchema(kind, { today: isoDay(0) }).safeParse(body);
    if (!c.error) {
      expect(result.success, JSON.stringify(result.error?.issues)).toBe(true);
      return;
    }
    expect(result.success).toBe(false);
    const fields = localizeIssues(result.error!.issues, 'en-US', body);
    const [field, rule] = c.error;
    const found = fields.find((f) => f.field === field && f.rule === rule);
    expect(found, JSON.stringify(fields)).toBeDefined();
    expect(found!.message).toContain(labelOf(field));
    for (const [otherField, otherRule] of c.alsoErrors ?? []) {
      expect(
        fields.find((f) => f.field === otherField && f.rule === otherRule),
        JSON.stringify(fields),
      ).toBeDefined();
    }
  });
});

describe('publish keeps the numbers as sent', () => {
  it('stores amount, price and days exactly as typed', async () => {
    const set = { amount: '999999999999999.99', price: 3.1234, financingDays: 720, financingCostBps: 1000 };
    const res = await app.inject({
      method: 'POST',
      url: '/api/bthw/publish',
      headers: { cookie },
      payload: bodyOf({ name: 'exact', sub: TRADE, set }),
    });
    expect(res.json(), res.body).toMatchObject({ code: '0' });
    const detail = await app.inject({
      method: 'GET',
      url: `/api/bthw/detail/${res.json().data.lgcSn}`,
      headers: { cookie },
    });
    expect(detail.json().data.fields).toMatchObject(set);
    expect(detail.json().data.item.idcstAstIvsAmt).toBe('999999999999999.99');
  });
});
