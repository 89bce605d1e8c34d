import { findCooperationSubType, PUBLISH_CATEGORIES } from '@portal/shared/dictionaries';
import { FORM_KINDS, RELEASE_FORM_SHAPES } from '@portal/shared/schemas/cooperation';
import { describe, expect, it } from 'vitest';
import { formSections, isFieldRequired } from './release-fields.ts';
import { draftBody, formValuesFor } from './release-values.ts';

const sectionKeys = (kind: (typeof FORM_KINDS)[number]) => formSections(kind).map((section) => section.key);

describe('formSections', () => {
  it('gives the L/C form its L/C and bank sections, and a loan form its loan terms instead', () => {
    expect(sectionKeys('letterOfCredit')).toEqual([
      'basic',
      'commercial',
      'letterOfCredit',
      'banks',
      'riskPreference',
      'scope',
      'contact',
      'other',
    ]);
    expect(sectionKeys('loan')).toEqual(['basic', 'commercial', 'specific', 'scope', 'contact', 'other']);
  });

  it('shows every field of every form kind exactly once (scope countries inside the scope field)', () => {
    for (const kind of FORM_KINDS) {
      const shown = formSections(kind).flatMap((section) => section.fields.map((field) => field.name));
      const expected = Object.keys(RELEASE_FORM_SHAPES[kind].shape).filter(
        (name) => !['choiceCode', 'subTypeCode', 'scopeCountries'].includes(name),
      );
      expect(new Set(shown).size, kind).toBe(shown.length);
      expect([...shown].sort(), kind).toEqual([...expected].sort());
    }
  });
});

describe('isFieldRequired', () => {
  const forfaiting = findCooperationSubType('FORFAITING');
  const loan = findCooperationSubType('BILATERAL_LOAN');
  it('follows the schema and the cross-field rules', () => {
    const context = { sub: forfaiting, termType: 'COMMON', scopeLimited: false };
    expect(isFieldRequired('letterOfCredit', 'issuingBankSwift', context)).toBe(true);
    expect(isFieldRequired('letterOfCredit', 'acceptingBankSwift', context)).toBe(false);
    expect(isFieldRequired('letterOfCredit', 'baftVersion', context)).toBe(true);
    expect(isFieldRequired('letterOfCredit', 'riskPreferences', context)).toBe(true);
    expect(isFieldRequired('letterOfCredit', 'commonTerm', context)).toBe(true);
    expect(isFieldRequired('letterOfCredit', 'customTermDays', context)).toBe(false);
    expect(isFieldRequired('loan', 'periodYears', { sub: loan, termType: 'CUSTOMIZED', scopeLimited: true })).toBe(
      false,
    );
    expect(isFieldRequired('loan', 'scopeCountries', { sub: loan, termType: 'CUSTOMIZED', scopeLimited: true })).toBe(
      true,
    );
  });
});

describe('draft and form values', () => {
  const fundsIn = PUBLISH_CATEGORIES.find((category) => category.code === 'FUNDS_IN');
  const loan = fundsIn?.children.find((choice) => choice.code === 'FUNDS_IN_BILATERAL_LOAN');

  it('opens a choice with its codes and fixed direction over what was saved', () => {
    if (!loan) throw new Error('no loan choice');
    const values = formValuesFor(
      loan,
      { direction: 'PROVIDE_FUNDING', itDpchlstRqmNm: 'Loan' },
      { contactName: 'Amy' },
    );
    expect(values).toMatchObject({
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
      subTypeCode: 'BILATERAL_LOAN',
      direction: 'REQUEST_FUNDING',
      itDpchlstRqmNm: 'Loan',
      contactName: 'Amy',
      scopeLimited: false,
    });
  });

  it('sends only the filled-in fields of the form kind', () => {
    if (!fundsIn || !loan) throw new Error('no loan choice');
    const body = draftBody({
      category: fundsIn,
      choice: loan,
      kind: 'loan',
      values: { itDpchlstRqmNm: 'Loan', amount: null, remark: '', issuingBank: 'Not a loan field', rateMin: 0 },
      draftLgcSn: 'D1',
    });
    expect(body).toEqual({
      categoryCode: 'FUNDS_IN',
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
      subTypeCode: 'BILATERAL_LOAN',
      itDpchlstRqmNm: 'Loan',
      rateMin: 0,
      draftLgcSn: 'D1',
    });
    expect(draftBody({ category: fundsIn, choice: null, kind: null, values: { x: 1 }, draftLgcSn: null })).toEqual({
      categoryCode: 'FUNDS_IN',
    });
  });
});
