/**
 * From a release form to the columns of `cooperation_request` (docs/decisions/0006 "Model"): the
 * whole form goes to `fields`; the columns beside it are copies of what the lists filter, sort on
 * and show. The one mapping: publish and update, drafts, the demo seed and the test factories
 * all write a request's form through it.
 *
 * - A published form (checked with its schema) keeps the countries of its scope only when the
 *   scope is limited, in `fields` too; the term column the term type does not ask for is empty.
 * - A draft (its shape made partial) may lack anything: what is missing is an empty column, and
 *   `fields` keeps the draft as saved.
 */
import { findCooperationSubType } from '@portal/shared/dictionaries';
import type { Insertable } from 'kysely';
import type { CooperationRequestTable } from '../../db/schema.ts';

/** The columns a form decides; the caller adds the owner, the status and the dates. */
export type ReleaseColumns = Required<
  Pick<
    Insertable<CooperationRequestTable>,
    | 'categoryCode'
    | 'choiceCode'
    | 'typeCode'
    | 'subTypeCode'
    | 'direction'
    | 'name'
    | 'currency'
    | 'amount'
    | 'termType'
    | 'commonTerm'
    | 'customTermDays'
    | 'price'
    | 'validFrom'
    | 'validUntil'
    | 'scopeLimited'
    | 'scopeCountries'
    | 'bankBranch'
    | 'customerType'
    | 'intendedTimeLimit'
    | 'fields'
  >
>;

/** A release form's values (`TReleaseForm`, or a draft's part of one). */
export type ReleaseFormValues = Readonly<Record<string, unknown>>;

/**
 * The columns of a request whose form is `form`, in the publish category `categoryCode`.
 * `as: 'draft'` for a draft's partial form (its `fields` are kept exactly as saved).
 */
export function releaseFormToColumns(
  form: ReleaseFormValues,
  categoryCode: string,
  as: 'published' | 'draft' = 'published',
): ReleaseColumns {
  const text = (key: string) => {
    const value = form[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const num = (key: string) => {
    const value = form[key];
    return typeof value === 'number' ? value : null;
  };
  const subTypeCode = text('subTypeCode');
  const scopeLimited = form.scopeLimited === true;
  const scopeCountries = scopeLimited && Array.isArray(form.scopeCountries) ? (form.scopeCountries as string[]) : [];
  return {
    categoryCode,
    choiceCode: text('choiceCode'),
    typeCode: subTypeCode ? (findCooperationSubType(subTypeCode)?.parent ?? null) : null,
    subTypeCode,
    direction: text('direction'),
    name: text('itDpchlstRqmNm') ?? '',
    currency: text('currency'),
    amount: text('amount') ?? text('annualSettlementVolume'),
    termType: text('termType'),
    commonTerm: form.termType === 'COMMON' ? text('commonTerm') : null,
    customTermDays: form.termType === 'CUSTOMIZED' ? num('customTermDays') : null,
    price: num('price'),
    validFrom: text('validFrom'),
    validUntil: text('validUntil'),
    scopeLimited,
    scopeCountries,
    bankBranch: text('bankBranch'),
    customerType: text('customerType'),
    intendedTimeLimit: text('intendedTimeLimit'),
    fields: JSON.stringify(as === 'draft' ? form : { ...form, scopeCountries }),
  };
}
