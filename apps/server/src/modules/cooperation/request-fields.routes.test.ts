/**
 * The request fields of SPEC §3 added by docs/decisions/0021 (customer type, intended time limit,
 * partner name, the L/C's guarantee bank and foreign/domestic applicant and beneficiary, the
 * update date), one row each: accepted by publish and returned by the detail page (and the lists
 * where SPEC puts them), refused with a message naming the field by its label in both languages,
 * and the same verdict from the schema the web form validates with.
 */
import { localizeIssues, translate } from '@portal/shared';
import { formKindOf, releaseFormSchema } from '@portal/shared/schemas/cooperation';
import { describe, expect, it } from 'vitest';
import { buildMasterAgreement, buildRequest, isoDay, validReleaseBody } from '../../../test/cooperation-factories.ts';
import { buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import * as m0018 from '../../db/migrations/0018_request_fields.ts';

const { app, database } = await buildTestApp();
const db = database.db;
const publisher = await buildUser(db);
const publisherCookie = await sessionCookie(db, publisher.id);
await buildMasterAgreement(db, { institutionId: publisher.institutionId!, userId: publisher.id });
const reader = await buildUser(db);
const readerCookie = await sessionCookie(db, reader.id);

const LC = 'EXPORT_NEGOTIATION';
const INNOVATION = 'THIRD_PARTY_INNOVATION_COOPERATION';

type FieldCase = {
  field: string;
  sub: string;
  good: unknown;
  bad: unknown;
  rule: string;
  /** The list item carries it (SPEC §3 list fields): [key, expected value]. */
  listed?: [key: string, value: unknown][];
};

const FIELD_CASES: FieldCase[] = [
  {
    field: 'customerType',
    sub: 'BILATERAL_LOAN',
    good: 'COMMERCIAL_BANK',
    bad: 'BANKISH',
    rule: 'invalid',
    listed: [
      ['customerType', 'COMMERCIAL_BANK'],
      ['customerTypeName', 'Commercial bank'],
    ],
  },
  {
    field: 'customerType',
    sub: LC,
    good: 'CORPORATE',
    bad: 7,
    rule: 'invalid',
    listed: [['customerTypeName', 'Corporate']],
  },
  {
    field: 'intendedTimeLimit',
    sub: 'BILATERAL_LOAN',
    good: isoDay(30),
    bad: isoDay(61),
    rule: 'afterValidity',
    listed: [['intendedTimeLimit', isoDay(30)]],
  },
  { field: 'intendedTimeLimit', sub: INNOVATION, good: isoDay(0), bad: isoDay(-1), rule: 'dateInPast' },
  { field: 'intendedTimeLimit', sub: 'GENERAL_BOND', good: isoDay(60), bad: '2026-02-30', rule: 'invalid' },
  { field: 'partnerName', sub: INNOVATION, good: 'LedgerTrade Consortium', bad: 'x'.repeat(101), rule: 'tooLong' },
  { field: 'guaranteeBank', sub: LC, good: 'Bank of Guarantees', bad: 'g'.repeat(101), rule: 'tooLong' },
  { field: 'guaranteeBank', sub: 'FORFAITING', good: '担保银行有限公司', bad: 'g'.repeat(101), rule: 'tooLong' },
  { field: 'applicantLocation', sub: LC, good: 'FOREIGN', bad: 'ABROAD', rule: 'invalid' },
  { field: 'beneficiaryLocation', sub: LC, good: 'DOMESTIC', bad: 'Y', rule: 'invalid' },
  { field: 'beneficiaryLocation', sub: 'USANCE_BILL_DISCOUNT', good: 'FOREIGN', bad: 'N', rule: 'invalid' },
];

const label = (field: string, locale: 'en-US' | 'zh-CN') => translate(locale, `errors.fields.${field}`);

async function publish(body: Record<string, unknown>, lang = 'en-US') {
  return app.inject({
    method: 'POST',
    url: '/api/bthw/publish',
    headers: { cookie: publisherCookie, 'accept-language': lang },
    payload: body,
  });
}
const get = (url: string, cookie = readerCookie) =>
  app.inject({ method: 'GET', url, headers: { cookie, 'accept-language': 'en-US' } });

describe('each new request field through publish, detail and lists', () => {
  it.each(FIELD_CASES)('$field on $sub: accepted ($good) and returned', async (c) => {
    const name = `Fields ${c.field} ${crypto.randomUUID().slice(0, 8)}`;
    const res = await publish(validReleaseBody(c.sub, { itDpchlstRqmNm: name, [c.field]: c.good }));
    expect(res.statusCode, res.body).toBe(200);
    const { lgcSn } = res.json().data;

    const detail = (await get(`/api/bthw/detail/${lgcSn}`)).json().data;
    expect(detail.fields[c.field]).toEqual(c.good);
    expect(Date.parse(detail.item.updateTime)).not.toBeNaN();
    for (const [key, value] of c.listed ?? []) expect(detail.item[key]).toEqual(value);

    const list = (await get(`/api/bthw/listPage?q=${encodeURIComponent(name)}`)).json().data.list;
    expect(list).toHaveLength(1);
    for (const [key, value] of c.listed ?? []) expect(list[0][key]).toEqual(value);
    const mine = (await get(`/api/bthw/myListPage?q=${encodeURIComponent(name)}`, publisherCookie)).json().data.list;
    expect(mine).toHaveLength(1);
    expect(mine[0].updateTime).toBe(detail.item.updateTime);
    for (const [key, value] of c.listed ?? []) expect(mine[0][key]).toEqual(value);
  });

  it.each(FIELD_CASES)('$field on $sub: $bad refused ($rule), naming the field in both languages', async (c) => {
    const body = validReleaseBody(c.sub, { [c.field]: c.bad });
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const res = await publish(body, locale);
      expect(res.statusCode, res.body).toBe(422);
      const found = res
        .json()
        .data.fields.find((f: { field: string; rule: string }) => f.field === c.field && f.rule === c.rule);
      expect(found, res.body).toBeDefined();
      expect(found.message).toContain(label(c.field, locale));
    }
    // The web form's schema says the same.
    const result = releaseFormSchema(formKindOf(c.sub)!, { today: isoDay(0) }).safeParse(body);
    expect(result.success).toBe(false);
    const issues = localizeIssues(result.error!.issues, 'en-US', body);
    expect(issues.find((f) => f.field === c.field && f.rule === c.rule)?.message).toContain(label(c.field, 'en-US'));
  });

  it('leaves every new field empty when the publisher does (all are optional)', async () => {
    const res = await publish(validReleaseBody(LC));
    expect(res.statusCode, res.body).toBe(200);
    const detail = (await get(`/api/bthw/detail/${res.json().data.lgcSn}`)).json().data;
    expect(detail.item).toMatchObject({ customerType: null, customerTypeName: null, intendedTimeLimit: null });
    expect(detail.fields).toMatchObject({
      customerType: '',
      intendedTimeLimit: '',
      guaranteeBank: '',
      applicantLocation: '',
      beneficiaryLocation: '',
    });
  });

  it('gives the update date of the last change: an edit moves it, the publish time stays', async () => {
    const res = await publish(validReleaseBody('BILATERAL_LOAN', { customerType: 'CORPORATE' }));
    const { lgcSn } = res.json().data;
    const before = (await get(`/api/bthw/detail/${lgcSn}`)).json().data.item;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const edit = await app.inject({
      method: 'POST',
      url: `/api/bthw/update/${lgcSn}`,
      headers: { cookie: publisherCookie },
      payload: validReleaseBody('BILATERAL_LOAN', { customerType: 'SOVEREIGN' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await get(`/api/bthw/detail/${lgcSn}`)).json().data.item;
    expect(after.createTime).toBe(before.createTime);
    expect(Date.parse(after.updateTime)).toBeGreaterThan(Date.parse(before.updateTime));
    expect(after.customerType).toBe('SOVEREIGN');
  });
});

describe('migration 0018 on existing requests', () => {
  it('turns the L/C Y/N domestic-beneficiary flag into the beneficiary location, (0018 down, then up, as an existing database is migrated)', async () => {
    // One after the other: on PostgreSQL concurrent inserts take their ids in any order, and the
    // rows are read back by id.
    const rows = [];
    for (const flag of ['Y', 'N', '']) {
      rows.push(
        await buildRequest(db, {
          ownerUserId: publisher.id,
          institutionId: publisher.institutionId!,
          subTypeCode: LC,
          fields: { domesticBeneficiary: flag, applicant: 'A', beneficiary: 'B' },
        }),
      );
    }
    const loan = await buildRequest(db, { ownerUserId: publisher.id, institutionId: publisher.institutionId! });
    const ids = [...rows, loan].map((row) => row.id);
    const fieldsOf = async () =>
      (
        await db
          .selectFrom('cooperationRequest')
          .select(['id', 'fields'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute()
      ).map((row) => row.fields);
    // The test database is at the latest migration: step 0018 down (these rows keep the old flag)
    // and up again, as an existing database is migrated.
    await m0018.down(db as never);
    await m0018.up(db as never);
    const [yes, no, blank, other] = await fieldsOf();
    expect(yes).toMatchObject({ beneficiaryLocation: 'DOMESTIC' });
    expect(no).toMatchObject({ beneficiaryLocation: 'FOREIGN' });
    expect(blank).toMatchObject({ beneficiaryLocation: '' });
    for (const fields of [yes, no, blank]) expect(fields).not.toHaveProperty('domesticBeneficiary');
    expect(other).not.toHaveProperty('beneficiaryLocation');
    const columns = await db
      .selectFrom('cooperationRequest')
      .select(['customerType', 'intendedTimeLimit'])
      .where('id', 'in', ids)
      .execute();
    expect(columns.every((c) => c.customerType === null && c.intendedTimeLimit === null)).toBe(true);
  });
});
