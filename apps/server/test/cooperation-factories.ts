/**
 * Cooperation factories: requests (drafts too), follows and master agreements written straight
 * to the database, so a test states only what matters to it.
 */
import { randomUUID } from 'node:crypto';
import { findCooperationSubType, PUBLISH_CATEGORIES } from '@portal/shared/dictionaries';
import { formKindOf } from '@portal/shared/schemas/cooperation';
import type { Db } from '../src/db/database.ts';
import type { RequestStatusColumn } from '../src/db/schema.ts';
import { releaseFormToColumns } from '../src/modules/cooperation/index.ts';

/** Today plus `days`, as `YYYY-MM-DD` (UTC). */
export function isoDay(days = 0): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/** The first publish choice (category and choice code) leading to the sub-type and direction. */
export function choiceFor(subTypeCode: string, direction?: string) {
  for (const category of PUBLISH_CATEGORIES) {
    for (const choice of category.children) {
      if (choice.subTypeCode !== subTypeCode) continue;
      if (direction && choice.direction && choice.direction !== direction) continue;
      return { categoryCode: category.code, choiceCode: choice.code, direction: choice.direction };
    }
  }
  throw new Error(`No publish choice for ${subTypeCode} ${direction ?? ''}`);
}

export type RequestOverrides = {
  ownerUserId: number;
  institutionId: number;
  subTypeCode?: string;
  direction?: 'REQUEST_FUNDING' | 'PROVIDE_FUNDING';
  status?: RequestStatusColumn;
  invalidReason?: 'expired' | 'withdrawn' | 'takenDown' | null;
  name?: string;
  currency?: string;
  /** Decimal string. */
  amount?: string;
  price?: number;
  validFrom?: string;
  validUntil?: string;
  scopeCountries?: string[];
  bankBranch?: string | null;
  publishedAt?: Date;
  /** Extra form fields merged into `fields`. */
  fields?: Record<string, unknown>;
};

/**
 * A request as publishing it would write it: effective (unless `status` says otherwise), `fields`
 * holding a valid form and the list columns copied from it by `releaseFormToColumns`, as publish
 * does. Returns the inserted row.
 */
export async function buildRequest(db: Db, overrides: RequestOverrides) {
  const subTypeCode = overrides.subTypeCode ?? 'BILATERAL_LOAN';
  const sub = findCooperationSubType(subTypeCode);
  if (!sub) throw new Error(`Unknown sub-type ${subTypeCode}`);
  const choice = choiceFor(subTypeCode, overrides.direction);
  const direction = overrides.direction ?? choice.direction ?? 'REQUEST_FUNDING';
  const status = overrides.status ?? 'effective';
  const scopeCountries = overrides.scopeCountries ?? [];
  const name = overrides.name ?? `Test request ${randomUUID().slice(0, 8)}`;
  const currency = overrides.currency ?? 'USD';
  const amount = overrides.amount ?? '1000000.00';
  const price = overrides.price ?? 3.5;
  const validFrom = overrides.validFrom ?? isoDay(0);
  const validUntil = overrides.validUntil ?? isoDay(90);
  const fields = {
    choiceCode: choice.choiceCode,
    subTypeCode,
    itDpchlstRqmNm: name,
    direction,
    validFrom,
    validUntil,
    scopeLimited: scopeCountries.length > 0,
    scopeCountries,
    bankBranch: overrides.bankBranch ?? '',
    contactName: 'Test Contact',
    contactEmail: 'contact@bank.example',
    contactPhone: '+852 1234 5678',
    remark: '',
    description: 'Test description',
    attachments: [],
    currency,
    amount,
    termType: 'CUSTOMIZED',
    commonTerm: '',
    customTermDays: 180,
    price,
    ...overrides.fields,
  };
  return db
    .insertInto('cooperationRequest')
    .values({
      ...releaseFormToColumns(fields, choice.categoryCode, status === 'draft' ? 'draft' : 'published'),
      lgcSn: randomUUID(),
      ownerUserId: overrides.ownerUserId,
      institutionId: overrides.institutionId,
      status,
      invalidReason: status === 'invalid' ? (overrides.invalidReason ?? 'withdrawn') : null,
      publishedAt: status === 'draft' ? null : (overrides.publishedAt ?? new Date()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user follows the request. */
export async function buildFollow(db: Db, userId: number, requestId: number) {
  await db.insertInto('cooperationFollow').values({ userId, requestId }).execute();
}

/** A master-agreement intention of the institution, signed unless told otherwise. */
export async function buildMasterAgreement(
  db: Db,
  overrides: { institutionId: number; userId: number; subTypeCode?: string; status?: 'submitted' | 'signed' },
) {
  const status = overrides.status ?? 'signed';
  return db
    .insertInto('masterAgreement')
    .values({
      lgcSn: randomUUID(),
      institutionId: overrides.institutionId,
      userId: overrides.userId,
      subTypeCode: overrides.subTypeCode ?? 'FORFAITING',
      status,
      signedAt: status === 'signed' ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A publish body that passes the form of `subTypeCode` (every required field filled, the
 * sub-type's extra rules met), for tests of publish and of what follows it.
 */
export function validReleaseBody(
  subTypeCode = 'BILATERAL_LOAN',
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const sub = findCooperationSubType(subTypeCode);
  if (!sub) throw new Error(`Unknown sub-type ${subTypeCode}`);
  const choice = choiceFor(subTypeCode, overrides.direction as string | undefined);
  const kind = formKindOf(subTypeCode);
  const common: Record<string, unknown> = {
    choiceCode: choice.choiceCode,
    subTypeCode,
    itDpchlstRqmNm: `Request ${randomUUID().slice(0, 8)}`,
    direction: choice.direction ?? 'REQUEST_FUNDING',
    validFrom: isoDay(0),
    validUntil: isoDay(60),
    scopeLimited: false,
    scopeCountries: [],
    contactName: 'Alice Chan',
    contactEmail: 'alice@bank.example',
    contactPhone: '+852 2345 6789',
  };
  const commercial = { currency: 'USD', amount: '5000000.00', termType: 'COMMON', commonTerm: 'D180', price: 3.25 };
  const byKind: Record<string, Record<string, unknown>> = {
    letterOfCredit: {
      ...commercial,
      issuingBank: 'Bank of Testing',
      issuingBankSwift: 'TESTHKHH',
      applicant: 'Importer Ltd',
      beneficiary: 'Exporter Ltd',
      lcExpiryDate: isoDay(120),
      financingDays: 90,
    },
    tradeFinance: { ...commercial, applicant: 'Importer Ltd', beneficiary: 'Exporter Ltd', financingDays: 90 },
    loan: { ...commercial, rateType: 'FIXED', rateMin: 2.5, rateMax: 3.5 },
    project: { ...commercial, projectBackground: 'A port extension.', businessLocation: 'Lisbon' },
    bond: { ...commercial, bondIssuer: 'Testing Treasury' },
    guarantee: {
      ...commercial,
      guarantor: 'Bank of Testing',
      guarantorSwift: 'TESTHKHH',
      guaranteeType: 'PERFORMANCE',
    },
    settlement: { currency: 'CNY', annualSettlementVolume: '20000000.00' },
    assetTransfer: { ...commercial, transferredAssetType: 'TRADE_RECEIVABLE', assetDetails: 'Receivables of 2026.' },
    innovation: { description: 'A joint digital trade platform.' },
  };
  const extra: Record<string, unknown> = {};
  if (sub.riskPreference === 'forfaiting') extra.riskPreferences = ['ISSUER_RATED_A'];
  if (sub.riskPreference === 'guarantee') extra.riskPreferences = ['CASH_MARGIN'];
  if (sub.requiresMasterAgreement) {
    extra.baftVersion = 'BAFT_2018';
    extra.acceptableCountries = ['HK'];
  }
  return { ...common, ...byKind[kind ?? 'innovation'], ...extra, ...overrides };
}
