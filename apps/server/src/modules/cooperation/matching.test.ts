import { ROLE } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { onRequestPublished } from './matching.ts';

let db: Db;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

async function publisher() {
  const inst = await buildInstitution(db, { country: 'HK' });
  const owner = await buildUser(db, { institutionId: inst.id });
  return { inst, owner };
}

async function messagesOf(userId: number) {
  return db.selectFrom('message').selectAll().where('userId', '=', userId).execute();
}

async function pushedTo(requestId: number) {
  const rows = await db
    .selectFrom('cooperationPush')
    .select(['institutionId', 'kind'])
    .where('requestId', '=', requestId)
    .execute();
  return rows;
}

describe('matching on publish', () => {
  it('pushes to an interested institution elsewhere and messages its interested users and bank staff', async () => {
    const SUB = 'BILATERAL_LOAN';
    const { inst, owner } = await publisher();
    const other = await buildInstitution(db, { country: 'SG' });
    const interested = await buildUser(db, { institutionId: other.id, interestedTypes: [SUB, 'FORFAITING'] });
    const colleague = await buildUser(db, { institutionId: other.id, interestedTypes: ['FORFAITING'] });
    const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
    const request = await buildRequest(db, { ownerUserId: owner.id, institutionId: inst.id, subTypeCode: SUB });

    const changed = await inTransaction(db, (trx) => onRequestPublished(trx, request.id));

    expect(await pushedTo(request.id)).toEqual([{ institutionId: other.id, kind: 'system' }]);
    const match = await messagesOf(interested.id);
    expect(match).toHaveLength(1);
    expect(match[0]).toMatchObject({ type: 'match', requestId: request.id, institutionId: inst.id, readAt: null });
    expect(await messagesOf(colleague.id)).toHaveLength(0);
    const staffMessages = await messagesOf(staff.id);
    expect(staffMessages.map((m) => m.type)).toEqual(['requestPublished']);
    expect(changed).toEqual(expect.arrayContaining([interested.id, staff.id]));
    expect(changed).not.toContain(colleague.id);
    expect(changed).not.toContain(owner.id);
  });

  it('skips its own institution, uninterested, stopped and unapproved users, stopped institutions, out-of-scope countries and competitors', async () => {
    const SUB = 'SYNDICATED_LOAN';
    const { inst, owner } = await publisher();
    await buildUser(db, { institutionId: inst.id, interestedTypes: [SUB] });
    const stoppedUser = await buildUser(db, { interestedTypes: [SUB], status: 'stopped' });
    const underReview = await buildUser(db, { interestedTypes: [SUB], activation: '5' });
    const stoppedInst = await buildInstitution(db, { country: 'SG' });
    await db.updateTable('institution').set({ status: 'stopped' }).where('id', '=', stoppedInst.id).execute();
    await buildUser(db, { institutionId: stoppedInst.id, interestedTypes: [SUB] });
    const farAway = await buildInstitution(db, { country: 'US' });
    await buildUser(db, { institutionId: farAway.id, interestedTypes: [SUB] });
    const competitor = await buildInstitution(db, { country: 'SG' });
    const competitorUser = await buildUser(db, { institutionId: competitor.id, interestedTypes: [SUB] });
    await buildRequest(db, {
      ownerUserId: competitorUser.id,
      institutionId: competitor.id,
      subTypeCode: SUB,
      direction: 'REQUEST_FUNDING',
    });
    const counterpart = await buildInstitution(db, { country: 'SG' });
    const counterpartUser = await buildUser(db, { institutionId: counterpart.id, interestedTypes: [SUB] });
    // An effective request in the other direction does not make it a competitor.
    await buildRequest(db, {
      ownerUserId: counterpartUser.id,
      institutionId: counterpart.id,
      subTypeCode: SUB,
      direction: 'PROVIDE_FUNDING',
    });
    const request = await buildRequest(db, {
      ownerUserId: owner.id,
      institutionId: inst.id,
      subTypeCode: SUB,
      direction: 'REQUEST_FUNDING',
      scopeCountries: ['SG', 'HK', 'CN'],
    });

    const changed = await inTransaction(db, (trx) => onRequestPublished(trx, request.id));

    expect((await pushedTo(request.id)).map((p) => p.institutionId)).toEqual([counterpart.id]);
    expect(changed).toContain(counterpartUser.id);
    expect(changed).not.toContain(stoppedUser.id);
    expect(changed).not.toContain(underReview.id);
    expect(changed).not.toContain(competitorUser.id);
  });

  it('pushes nothing for a request that is not effective, and nothing twice', async () => {
    const SUB = 'CLUB_LOAN';
    const { inst, owner } = await publisher();
    const other = await buildInstitution(db);
    const interested = await buildUser(db, { institutionId: other.id, interestedTypes: [SUB] });
    const draft = await buildRequest(db, {
      ownerUserId: owner.id,
      institutionId: inst.id,
      subTypeCode: SUB,
      status: 'draft',
    });
    expect(await inTransaction(db, (trx) => onRequestPublished(trx, draft.id))).toEqual([]);
    expect(await pushedTo(draft.id)).toEqual([]);

    const request = await buildRequest(db, { ownerUserId: owner.id, institutionId: inst.id, subTypeCode: SUB });
    await inTransaction(db, (trx) => onRequestPublished(trx, request.id));
    const again = await inTransaction(db, (trx) => onRequestPublished(trx, request.id));
    expect((await pushedTo(request.id)).filter((p) => p.institutionId === other.id)).toHaveLength(1);
    const interestedMessages = await db
      .selectFrom('message')
      .select('id')
      .where('requestId', '=', request.id)
      .where('type', '=', 'match')
      .execute();
    expect(interestedMessages).toHaveLength(1);
    // Only staff are told again about a second run; no institution is pushed twice.
    expect(again).not.toContain(interested.id);
  });
});
