import { cooperationSubTypes, findCooperationSubType } from '@portal/shared/dictionaries';
import { FORM_KINDS, type FormKind, formKindOf, RELEASE_FORM_SCHEMAS } from '@portal/shared/schemas/cooperation';
import { describe, expect, it } from 'vitest';
import { isoDay, validReleaseBody } from '../../../test/cooperation-factories.ts';
import { buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { releaseFormToColumns } from './release-columns.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const owner = await buildUser(db);
const readerCookie = await sessionCookie(db, (await buildUser(db)).id);

/** The first sub-type published with each form kind. */
const SUB_TYPE_OF = Object.fromEntries(
  FORM_KINDS.map((kind) => [kind, cooperationSubTypes().find((s) => formKindOf(s.code) === kind)!.code]),
) as Record<FormKind, string>;

/** A form of the kind as its schema outputs it (defaults filled). */
function sampleForm(kind: FormKind, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return RELEASE_FORM_SCHEMAS[kind].parse(validReleaseBody(SUB_TYPE_OF[kind], overrides)) as Record<string, unknown>;
}

const commercial = { currency: 'USD', amount: '5000000.00', termType: 'COMMON', commonTerm: 'D180', price: 3.25 };
const noTerms = { termType: null, commonTerm: null, price: null };
/** What each kind's sample (cooperation-factories validReleaseBody) puts in the commercial columns. */
const EXPECTED: Record<FormKind, Record<string, unknown>> = {
  letterOfCredit: commercial,
  tradeFinance: commercial,
  loan: commercial,
  project: commercial,
  bond: commercial,
  guarantee: commercial,
  // The annual settlement volume is the amount the lists show.
  settlement: { currency: 'CNY', amount: '20000000.00', ...noTerms },
  assetTransfer: commercial,
  innovation: { currency: null, amount: null, ...noTerms },
};

describe('releaseFormToColumns', () => {
  it.each(FORM_KINDS)('copies the list columns of a %s form and keeps the whole form in fields', (kind) => {
    const form = sampleForm(kind);
    const columns = releaseFormToColumns(form, 'CATEGORY');
    expect(columns).toEqual({
      categoryCode: 'CATEGORY',
      choiceCode: form.choiceCode,
      typeCode: findCooperationSubType(SUB_TYPE_OF[kind])!.parent,
      subTypeCode: SUB_TYPE_OF[kind],
      direction: form.direction,
      name: form.itDpchlstRqmNm,
      customTermDays: null,
      validFrom: form.validFrom,
      validUntil: form.validUntil,
      scopeLimited: false,
      scopeCountries: [],
      bankBranch: null,
      customerType: null,
      intendedTimeLimit: null,
      fields: expect.any(String),
      ...EXPECTED[kind],
    });
    expect(JSON.parse(columns.fields)).toEqual(form);
  });

  it('copies customer type and intended time limit to their columns (decision 0021)', () => {
    const limit = isoDay(30);
    const columns = releaseFormToColumns(
      sampleForm('loan', { customerType: 'POLICY_BANK', intendedTimeLimit: limit }),
      'C',
    );
    expect([columns.customerType, columns.intendedTimeLimit]).toEqual(['POLICY_BANK', limit]);
  });

  it('copies only the term the term type asks for', () => {
    const common = releaseFormToColumns(sampleForm('loan', { customTermDays: 200 }), 'C');
    expect([common.termType, common.commonTerm, common.customTermDays]).toEqual(['COMMON', 'D180', null]);
    const custom = releaseFormToColumns(sampleForm('loan', { termType: 'CUSTOMIZED', customTermDays: 200 }), 'C');
    expect([custom.termType, custom.commonTerm, custom.customTermDays]).toEqual(['CUSTOMIZED', null, 200]);
    expect(JSON.parse(custom.fields)).toMatchObject({ commonTerm: 'D180', customTermDays: 200 });
  });

  it('keeps the scope countries only when the scope is limited, in the columns and in fields', () => {
    const open = releaseFormToColumns(sampleForm('bond', { scopeCountries: ['SG'] }), 'C');
    expect([open.scopeLimited, open.scopeCountries, JSON.parse(open.fields).scopeCountries]).toEqual([false, [], []]);
    const limited = releaseFormToColumns(sampleForm('bond', { scopeLimited: true, scopeCountries: ['SG', 'HK'] }), 'C');
    expect([limited.scopeLimited, limited.scopeCountries, JSON.parse(limited.fields).scopeCountries]).toEqual([
      true,
      ['SG', 'HK'],
      ['SG', 'HK'],
    ]);
  });

  it('maps a draft with missing fields to empty columns and keeps the draft as saved', () => {
    const draft = {
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
      scopeLimited: false,
      scopeCountries: ['SG'],
      bankBranch: '',
    };
    expect(releaseFormToColumns(draft, 'FUNDS_IN', 'draft')).toEqual({
      categoryCode: 'FUNDS_IN',
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
      typeCode: null,
      subTypeCode: null,
      direction: null,
      name: '',
      currency: null,
      amount: null,
      termType: null,
      commonTerm: null,
      customTermDays: null,
      price: null,
      validFrom: null,
      validUntil: null,
      scopeLimited: false,
      scopeCountries: [],
      bankBranch: null,
      customerType: null,
      intendedTimeLimit: null,
      fields: JSON.stringify(draft),
    });
  });
});

describe('a request written with releaseFormToColumns, read back on its detail page', () => {
  it.each(FORM_KINDS)('shows the %s form as it was given, and its list columns', async (kind) => {
    const form = sampleForm(kind, { scopeLimited: true, scopeCountries: ['HK'], bankBranch: 'CN_BEIJING' });
    const row = await db
      .insertInto('cooperationRequest')
      .values({
        ...releaseFormToColumns(form, 'CATEGORY'),
        lgcSn: `release-columns-${kind}`,
        ownerUserId: owner.id,
        institutionId: owner.institutionId!,
        status: 'effective',
        publishedAt: new Date(),
      })
      .returning('lgcSn')
      .executeTakeFirstOrThrow();
    const res = await app.inject({
      method: 'GET',
      url: `/api/bthw/detail/${row.lgcSn}`,
      headers: { cookie: readerCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.formKind).toBe(kind);
    expect(detail.categoryCode).toBe('CATEGORY');
    expect(detail.choiceCode).toBe(form.choiceCode);
    expect(detail.fields).toEqual(form);
    expect(RELEASE_FORM_SCHEMAS[kind].parse(detail.fields)).toEqual(form);
    const expected = EXPECTED[kind];
    expect(detail.item).toMatchObject({
      itDpchlstRqmNm: form.itDpchlstRqmNm,
      direction: form.direction,
      typeCode: findCooperationSubType(SUB_TYPE_OF[kind])!.parent,
      subTypeCode: SUB_TYPE_OF[kind],
      cmavyTpcd: expected.currency,
      idcstAstIvsAmt: expected.amount,
      bscrcCoAgrmTmdt: expected.termType ? '180 days' : null,
      price: expected.price === null ? null : '3.25%',
      validUntil: form.validUntil,
      status: 'effective',
      isMine: false,
    });
  });
});
