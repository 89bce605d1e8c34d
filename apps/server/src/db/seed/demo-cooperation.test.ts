import { cooperationSubTypes, PUBLISH_CATEGORY_CODES } from '@portal/shared/dictionaries';
import { FORM_KINDS, formKindOf, RELEASE_FORM_SCHEMAS } from '@portal/shared/schemas/cooperation';
import { MESSAGE_TYPES } from '@portal/shared/schemas/messages';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { DEMO_REQUESTS, demoFormOf } from './demo-cooperation.ts';
import { seedDemoData } from './index.ts';

const { db } = await createTestDatabase();
await seedDemoData(db);
const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const todayIso = today.toISOString().slice(0, 10);

const requests = await db.selectFrom('cooperationRequest').selectAll().orderBy('id').execute();
const published = requests.filter((r) => r.status !== 'draft');

describe('demo cooperation data', () => {
  it('passes every published request through its release form schema, as the publish service does', () => {
    for (const request of DEMO_REQUESTS.filter((r) => r.state !== 'draft')) {
      const form = demoFormOf(request, today);
      const kind = formKindOf(String(form.subTypeCode))!;
      const result = RELEASE_FORM_SCHEMAS[kind].safeParse(form);
      expect(result.error?.issues ?? [], `demo request ${request.key}`).toEqual([]);
    }
    for (const row of published) {
      const kind = formKindOf(row.subTypeCode!)!;
      expect(RELEASE_FORM_SCHEMAS[kind].safeParse(row.fields).success, row.lgcSn).toBe(true);
    }
  });

  it('has at least 45 published requests across every category and most form kinds, in both languages', () => {
    expect(published.length).toBeGreaterThanOrEqual(45);
    expect(new Set(published.map((r) => r.categoryCode))).toEqual(new Set(PUBLISH_CATEGORY_CODES));
    const kinds = new Set(published.map((r) => formKindOf(r.subTypeCode!)));
    expect(kinds).toEqual(new Set(FORM_KINDS));
    const chinese = published.filter((r) => /[\u4e00-\u9fff]/.test(r.name));
    expect(chinese.length).toBeGreaterThanOrEqual(10);
    expect(published.length - chinese.length).toBeGreaterThanOrEqual(10);
    expect(new Set(published.map((r) => r.institutionId)).size).toBe(3);
  });

  it('keeps the list columns equal to the fields they copy', () => {
    for (const row of published) {
      const f = row.fields as Record<string, unknown>;
      const sub = cooperationSubTypes().find((s) => s.code === f.subTypeCode)!;
      expect(row.typeCode).toBe(sub.parent);
      expect(row.name).toBe(f.itDpchlstRqmNm);
      expect(row.direction).toBe(f.direction);
      expect(row.choiceCode).toBe(f.choiceCode);
      expect(row.validFrom).toBe(f.validFrom);
      expect(row.validUntil).toBe(f.validUntil);
      expect(row.currency).toBe(f.currency || null);
      if (f.amount) expect(Number(row.amount)).toBe(Number(f.amount));
      if (typeof f.price === 'number') expect(Number(row.price)).toBe(f.price);
      expect(row.termType).toBe(f.termType ?? null);
      expect(row.scopeCountries).toEqual(f.scopeCountries);
      expect(row.bankBranch).toBe(f.bankBranch || null);
      expect(row.publishedAt).not.toBeNull();
    }
  });

  it('makes most requests effective today, with a few expired, withdrawn, taken down and drafts', () => {
    const effective = published.filter((r) => r.status === 'effective');
    expect(effective.length).toBeGreaterThanOrEqual(38);
    for (const row of effective) {
      expect(row.validFrom! <= todayIso && todayIso <= row.validUntil!, row.lgcSn).toBe(true);
    }
    const reasons = published.filter((r) => r.status === 'invalid').map((r) => r.invalidReason);
    expect(new Set(reasons)).toEqual(new Set(['expired', 'withdrawn', 'takenDown']));
    for (const row of published.filter((r) => r.invalidReason === 'expired')) {
      expect(row.validUntil! < todayIso).toBe(true);
    }
    expect(requests.filter((r) => r.status === 'draft' && r.publishedAt === null).length).toBeGreaterThanOrEqual(3);
  });

  it('has intentions in every status between different institutions, each on an effective request', async () => {
    const intentions = await db
      .selectFrom('cooperationIntention as i')
      .innerJoin('cooperationRequest as r', 'r.id', 'i.requestId')
      .select([
        'i.status',
        'i.senderInstitutionId',
        'i.recipientInstitutionId',
        'r.institutionId',
        'r.status as requestStatus',
      ])
      .execute();
    expect(intentions.length).toBeGreaterThanOrEqual(10);
    expect(new Set(intentions.map((i) => i.status))).toEqual(new Set(['pending', 'agreed', 'rejected']));
    for (const i of intentions) {
      expect(i.senderInstitutionId).not.toBe(i.recipientInstitutionId);
      expect(i.recipientInstitutionId).toBe(i.institutionId);
      expect(i.requestStatus).toBe('effective');
    }
  });

  it('gives the demo users messages of all six types, some unread, and follows and pushes', async () => {
    const messages = await db.selectFrom('message').select(['type', 'readAt']).execute();
    // The six types of the marketplace (seals and contracts have their own demo step).
    expect(new Set(messages.map((m) => m.type))).toEqual(new Set(MESSAGE_TYPES.slice(0, 6)));
    expect(messages.some((m) => m.readAt === null)).toBe(true);
    expect(messages.some((m) => m.readAt !== null)).toBe(true);
    const pushes = await db.selectFrom('cooperationPush').select('kind').execute();
    expect(new Set(pushes.map((p) => p.kind))).toEqual(new Set(['system', 'manual']));
    const follows = await db.selectFrom('cooperationFollow').select('userId').execute();
    expect(follows.length).toBeGreaterThanOrEqual(10);
  });

  it('pushes Harbourview’s forfaiting request to Nordlys, whose Ingrid Berg is interested in forfaiting', async () => {
    const ingrid = await db
      .selectFrom('appUser')
      .select(['id', 'institutionId', 'interestedTypes'])
      .where('email', '=', 'ingrid.berg@nordlys.example')
      .executeTakeFirstOrThrow();
    expect(ingrid.interestedTypes).toContain('FORFAITING');
    const push = await db
      .selectFrom('cooperationPush as p')
      .innerJoin('cooperationRequest as r', 'r.id', 'p.requestId')
      .select('p.kind')
      .where('r.lgcSn', '=', 'demo-req-01')
      .where('p.institutionId', '=', ingrid.institutionId)
      .executeTakeFirst();
    expect(push?.kind).toBe('system');
    // Nordlys publishes no forfaiting itself, so a new forfaiting request still matches it.
    const own = published.filter((r) => r.institutionId === ingrid.institutionId && r.subTypeCode === 'FORFAITING');
    expect(own).toEqual([]);
  });

  it('gives Harbourview a signed master agreement and Nordlys none', async () => {
    const agreements = await db
      .selectFrom('masterAgreement as m')
      .innerJoin('institution as i', 'i.id', 'm.institutionId')
      .select(['i.lgcSn', 'm.status'])
      .execute();
    expect(agreements).toEqual([{ lgcSn: 'demo-inst-harbourview', status: 'signed' }]);
  });
});
