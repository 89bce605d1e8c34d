/**
 * Deleting a user who has records the institution keeps (issue 15, finding 6): refused with
 * PRT_USER_HAS_RECORDS (409, both languages, "stop the account instead"), never a 500 from a
 * foreign key; the account and its records stay. A user with only personal data is deleted.
 */

import { randomUUID } from 'node:crypto';
import { ROLE } from '@portal/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildFollow, buildMasterAgreement, buildRequest } from '../../../test/cooperation-factories.ts';
import { buildBank, buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const post = (url: string, cookie: string, lang = 'en-US') =>
  app.inject({ method: 'POST', url, headers: { cookie, lang } });

const partner = await buildInstitution(db, { name: 'Deleting Partner Bank' });
const stranger = await buildInstitution(db, { name: 'Stranger Bank' });
const bank = await buildBank(db);

const partnerAdmin = await buildUser(db, { institutionId: partner.id, roles: [ROLE.general, ROLE.institutionAdmin] });
const systemAdmin = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff, ROLE.systemAdmin] });
const strangerUser = await buildUser(db, { institutionId: stranger.id });
const strangerRequest = await buildRequest(db, { ownerUserId: strangerUser.id, institutionId: stranger.id });

const ADMINS = [
  ['an institution administrator', partnerAdmin, partner.id],
  ['the system administrator', systemAdmin, bank.id],
] as const;

type Records = { requests: number; intentions: number; agreements: number; pushes: number };
const none: Records = { requests: 0, intentions: 0, agreements: 0, pushes: 0 };

/** Each kind of record a user can have that the institution keeps, and how to give it. */
const RECORDS: [string, (userId: number, institutionId: number) => Promise<unknown>, Records][] = [
  [
    'a published request',
    (userId, institutionId) => buildRequest(db, { ownerUserId: userId, institutionId }),
    { ...none, requests: 1 },
  ],
  [
    'a draft',
    (userId, institutionId) => buildRequest(db, { ownerUserId: userId, institutionId, status: 'draft' }),
    { ...none, requests: 1 },
  ],
  [
    'an intention sent',
    (userId, institutionId) =>
      db
        .insertInto('cooperationIntention')
        .values({
          lgcSn: randomUUID(),
          requestId: strangerRequest.id,
          senderUserId: userId,
          senderInstitutionId: institutionId,
          recipientInstitutionId: stranger.id,
          message: 'Interested',
        })
        .execute(),
    { ...none, intentions: 1 },
  ],
  [
    'an intention answered',
    async (userId, institutionId) => {
      const own = await buildRequest(db, { ownerUserId: strangerUser.id, institutionId: stranger.id });
      await db
        .insertInto('cooperationIntention')
        .values({
          lgcSn: randomUUID(),
          requestId: own.id,
          senderUserId: strangerUser.id,
          senderInstitutionId: stranger.id,
          recipientInstitutionId: institutionId,
          message: 'Interested',
          status: 'agreed',
          respondedBy: userId,
          respondedAt: new Date(),
        })
        .execute();
    },
    { ...none, intentions: 1 },
  ],
  [
    'a master agreement submitted',
    (userId, institutionId) => buildMasterAgreement(db, { institutionId, userId, status: 'submitted' }),
    { ...none, agreements: 1 },
  ],
  [
    'a master agreement signed',
    async (userId) => {
      const row = await buildMasterAgreement(db, { institutionId: stranger.id, userId: strangerUser.id });
      await db.updateTable('masterAgreement').set({ signedBy: userId }).where('id', '=', row.id).execute();
    },
    { ...none, agreements: 1 },
  ],
  [
    'a push made',
    (userId) =>
      db
        .insertInto('cooperationPush')
        .values({ requestId: strangerRequest.id, institutionId: bank.id, kind: 'manual', pushedBy: userId })
        .onConflict((oc) => oc.columns(['requestId', 'institutionId']).doUpdateSet({ pushedBy: userId }))
        .execute(),
    { ...none, pushes: 1 },
  ],
];

describe('deleting a user who has records the institution keeps', () => {
  for (const [who, admin, institutionId] of ADMINS) {
    it.each(RECORDS)(
      `${who}: a user with %s is refused (409 PRT_USER_HAS_RECORDS), not 500`,
      async (_what, give, counts) => {
        const cookie = await sessionCookie(db, admin.id);
        const user = await buildUser(db, { institutionId });
        await give(user.id, institutionId);
        const res = await post(`/api/user/p1/institution/users/${user.lgcSn}/delete`, cookie);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().code).toBe('PRT_USER_HAS_RECORDS');
        const n = Object.values(counts);
        expect(res.json().message).toContain(`Stop the account instead`);
        expect(res.json().message).toContain(
          `${n[0]} cooperation request(s) or draft(s), ${n[1]} intention(s), ${n[2]} master agreement(s), ${n[3]} push(es)`,
        );
        expect(await db.selectFrom('appUser').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
        // Stopping is the way: it works, and the records stay.
        const stop = await app.inject({
          method: 'POST',
          url: `/api/user/p1/institution/users/${user.lgcSn}/stop`,
          headers: { cookie },
          payload: { reason: 'Left the institution' },
        });
        expect(stop.statusCode).toBe(200);
      },
    );
  }

  it('says so in Chinese', async () => {
    const user = await buildUser(db, { institutionId: partner.id });
    await buildRequest(db, { ownerUserId: user.id, institutionId: partner.id });
    await buildRequest(db, { ownerUserId: user.id, institutionId: partner.id, status: 'draft' });
    const res = await post(
      `/api/user/p1/institution/users/${user.lgcSn}/delete`,
      await sessionCookie(db, partnerAdmin.id),
      'zh-CN',
    );
    expect(res.json()).toMatchObject({
      code: 'PRT_USER_HAS_RECORDS',
      message: expect.stringContaining('合作需求或草稿 2 条'),
    });
    expect(res.json().message).toContain('请改为停用该账号');
  });

  it('deletes a user with personal data only: sessions, follows, messages go with the account', async () => {
    const user = await buildUser(db, { institutionId: partner.id });
    await sessionCookie(db, user.id);
    await buildFollow(db, user.id, strangerRequest.id);
    await db
      .insertInto('message')
      .values({ lgcSn: randomUUID(), userId: user.id, type: 'match', requestId: strangerRequest.id })
      .execute();
    const res = await post(
      `/api/user/p1/institution/users/${user.lgcSn}/delete`,
      await sessionCookie(db, partnerAdmin.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await db.selectFrom('appUser').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('counts every kind of record whose foreign key to app_user neither cascades nor is set null', async () => {
    // A new such foreign key must be added to recordsOfUser (management.service.ts), or deleting
    // a user who has one would fail.
    const rows = await sql<{ table: string; column: string }>`
      select c.conrelid::regclass::text as table, a.attname as column
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'app_user'::regclass and c.confdeltype in ('a', 'r')
      order by 1, 2`.execute(db);
    expect(rows.rows.map((r) => `${r.table}.${r.column}`)).toEqual([
      'app_user.invited_by',
      'contract.confirmed_by',
      'contract.uploaded_by',
      'contract_event.user_id',
      'contract_signature.user_id',
      'cooperation_intention.responded_by',
      'cooperation_intention.sender_user_id',
      'cooperation_push.pushed_by',
      'cooperation_request.owner_user_id',
      'master_agreement.signed_by',
      'master_agreement.user_id',
      'seal.applicant_user_id',
      'seal.reviewer_user_id',
    ]);
  });
});
