/**
 * Nothing that grants access is a field a user edits (DESIGN: security model; issue 15): the
 * profile saves of an account that may be active never move it into another institution nor
 * change its roles or activation; a changed bank-managed field is refused by name, never dropped.
 * Institution administrators cannot grant more than their routes say; a bank decision ends the
 * user's sessions.
 */

import { randomUUID } from 'node:crypto';
import { ROLE } from '@portal/shared';
import {
  BANK_MANAGED_PROFILE_FIELDS,
  STAFF_BANK_MANAGED_PROFILE_FIELDS,
  type TProfile,
} from '@portal/shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildBank, buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';
import { hongKongProfile } from '../../../test/registration.ts';

const { app, database } = await buildTestApp();
const db = database.db;

const post = (url: string, cookie: string, payload?: object, lang = 'en-US') =>
  app.inject({ method: 'POST', url, headers: { cookie, lang }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const home = await buildInstitution(db, { name: 'Harbour Home Bank', country: 'HK' });
const other = await buildInstitution(db, { name: 'Victim Trade Bank', country: 'HK' });
const bank = await buildBank(db);

/** A registered, approved profile of the home institution. */
const homeProfile: TProfile = {
  ...hongKongProfile,
  instNm: home.name,
  instSwiftCode: home.swiftCode!,
  usrNm: 'Mallory Mover',
  jobTitle: 'Dealer',
};

async function activeUser(profile: Partial<TProfile> = homeProfile, roles: string[] = [ROLE.general]) {
  const user = await buildUser(db, { institutionId: home.id, roles });
  await db
    .updateTable('appUser')
    .set({ profile: JSON.stringify(profile) })
    .where('id', '=', user.id)
    .execute();
  return { user, cookie: await sessionCookie(db, user.id) };
}

/** The other institution has received an intention: what a mover wants to read and answer. */
const victim = await buildUser(db, { institutionId: other.id });
const victimRequest = await buildRequest(db, { ownerUserId: victim.id, institutionId: other.id });
const outsider = await buildUser(db);
const outsiderRow = await db
  .selectFrom('appUser')
  .select('institutionId')
  .where('id', '=', outsider.id)
  .executeTakeFirstOrThrow();
const victimIntention = await db
  .insertInto('cooperationIntention')
  .values({
    lgcSn: randomUUID(),
    requestId: victimRequest.id,
    senderUserId: outsider.id,
    senderInstitutionId: outsiderRow.institutionId!,
    recipientInstitutionId: other.id,
    message: 'Interested',
  })
  .returning('lgcSn')
  .executeTakeFirstOrThrow();

async function stillAtHome(userId: number, cookie: string, roles: string[] = [ROLE.general]) {
  const row = await db
    .selectFrom('appUser')
    .select(['institutionId', 'roleCodes', 'activation', 'profile'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  expect(row.institutionId).toBe(home.id);
  expect(row.roleCodes).toEqual(roles);
  expect(row.activation).toBe('1');
  expect((await get('/api/user/p1/detail', cookie)).json().data.instNm).toBe(home.name);
  // Cannot read, nor answer, the other institution's received intentions.
  const received = (await get('/api/bthw/queryMyMessagesListPage?box=received', cookie)).json().data;
  expect(received.list.map((i: { lgcSn: string }) => i.lgcSn)).not.toContain(victimIntention.lgcSn);
  const answer = await post('/api/bthw/agreeOrRefuse', cookie, {
    intentionLgcSn: victimIntention.lgcSn,
    decision: 'agree',
  });
  expect(answer.statusCode, answer.body).toBe(403);
  expect(answer.json().code).toBe('PRT_NOT_INTENTION_RECIPIENT');
  return row;
}

/** One changed value for every bank-managed field (and what else must change with it). */
const CHANGES: Record<(typeof BANK_MANAGED_PROFILE_FIELDS)[number], Partial<TProfile>> = {
  instNm: { instNm: other.name },
  instSwiftCode: { instSwiftCode: other.swiftCode! },
  continent: { continent: 'EUROPE' },
  country: { country: 'SG' },
  userRole: { userRole: 'admin' },
  branchType: { branchType: 'branch' },
  branchName: { branchName: 'Kowloon Branch' },
  branchSwiftCode: { branchSwiftCode: 'HRBRHKHHKLN' },
  branchRegistrationPlace: { branchRegistrationPlace: 'HK' },
  headOfficeEmployee: { headOfficeEmployee: true },
  actingOnBehalf: { actingOnBehalf: true, actingForInstitution: other.name },
  actingForInstitution: { actingForInstitution: other.name },
};

describe('updateUserInfo of an active account: bank-managed fields', () => {
  it('covers every bank-managed field', () => {
    expect(Object.keys(CHANGES).sort()).toEqual([...BANK_MANAGED_PROFILE_FIELDS].sort());
  });

  it.each(BANK_MANAGED_PROFILE_FIELDS.map((field) => [field, CHANGES[field]] as const))(
    'refuses a changed %s by name (422 bankManaged); the account stays where it was',
    async (field, change) => {
      const { user, cookie } = await activeUser();
      const res = await post('/api/user/p1/updateUserInfo', cookie, { profile: { ...homeProfile, ...change } });
      const row = await stillAtHome(user.id, cookie);
      expect(row.profile).toEqual(homeProfile);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('PRT_VALIDATION');
      expect(res.json().data.fields).toContainEqual(
        expect.objectContaining({ field: `profile.${field}`, rule: 'bankManaged' }),
      );
    },
  );

  it('refuses the probe: another institution’s SWIFT, name, country and continent, in both languages', async () => {
    const { user, cookie } = await activeUser();
    const moved = {
      ...homeProfile,
      instNm: 'The Bank',
      instSwiftCode: bank.swiftCode!,
      country: 'CN',
      continent: 'ASIA',
    };
    const en = await post('/api/user/p1/updateUserInfo', cookie, { profile: moved });
    await stillAtHome(user.id, cookie);
    expect(en.statusCode).toBe(422);
    expect(en.json().data.fields.map((f: { field: string }) => f.field)).toEqual([
      'profile.instNm',
      'profile.instSwiftCode',
      'profile.country',
    ]);
    expect(en.json().data.fields[1].message).toBe(
      'Institution SWIFT code was checked by the Bank and changes only through the Bank (contact your account manager); to move to another institution, register again.',
    );
    const zh = await post('/api/user/p1/updateUserInfo', cookie, { profile: moved }, 'zh-CN');
    expect(zh.json().data.fields[1].message).toMatch(/只能由银行变更.*请重新注册/);
    await stillAtHome(user.id, cookie);
    // The bank's SWIFT code gave no master-agreement rights either.
    expect((await get('/api/bthw/masterAgreement', cookie)).json().data.signed).toBe(false);
  });

  it('saves the other fields when the bank-managed ones keep their values', async () => {
    const { user, cookie } = await activeUser();
    const res = await post('/api/user/p1/updateUserInfo', cookie, {
      profile: { ...homeProfile, jobTitle: 'Head of Dealing', officeAddress: '2 Harbour Road' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stillAtHome(user.id, cookie);
    expect(row.profile).toMatchObject({ jobTitle: 'Head of Dealing', instSwiftCode: home.swiftCode });
  });

  it('refuses fields that are not in the profile (roles, institution, activation) rather than ignoring them', async () => {
    const { user, cookie } = await activeUser();
    const res = await post('/api/user/p1/updateUserInfo', cookie, {
      profile: { ...homeProfile, institutionId: other.id },
      rlTpcd: [ROLE.bankStaff, ROLE.systemAdmin],
      actvtInd: '1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields.map((f: { rule: string }) => f.rule)).toEqual(['unknownKeys', 'unknownKeys']);
    await stillAtHome(user.id, cookie);
  });

  it('accountInfo returns the values the form sends back unchanged', async () => {
    const { cookie } = await activeUser();
    const info = (await get('/api/user/p1/accountInfo', cookie)).json().data;
    const res = await post('/api/user/p1/updateUserInfo', cookie, { profile: { ...homeProfile, ...info.profile } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('updateUserInfo never sets a bank-managed field the account lacks (issue 24 item 7)', () => {
  const STAFF_FIELDS = [...BANK_MANAGED_PROFILE_FIELDS, ...STAFF_BANK_MANAGED_PROFILE_FIELDS];
  const STAFF_CHANGES: Record<(typeof STAFF_FIELDS)[number], Partial<TProfile>> = {
    ...CHANGES,
    mainContactBranch: { mainContactBranch: 'OS_HONG_KONG' },
  };

  it.each(STAFF_FIELDS.map((field) => [field, STAFF_CHANGES[field]] as const))(
    'a staff account without %s cannot set one itself (422 bankManaged)',
    async (field, change) => {
      // The bank removed the value (the continent goes with its country: it is derived from it).
      const removed: Record<string, unknown> = { ...homeProfile };
      delete removed[field];
      if (field === 'continent') delete removed.country;
      const { user, cookie } = await activeUser(removed as Partial<TProfile>, [ROLE.bankStaff]);
      const res = await post('/api/user/p1/updateUserInfo', cookie, { profile: { ...homeProfile, ...change } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().data.fields).toContainEqual(
        expect.objectContaining({ field: `profile.${field}`, rule: 'bankManaged' }),
      );
      const row = await db.selectFrom('appUser').select('profile').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.profile).toEqual(removed);
    },
  );

  it('a staff account whose branch was removed reviews no branch’s seal applications after trying', async () => {
    const { user, cookie } = await activeUser({ ...homeProfile, mainContactBranch: undefined }, [ROLE.bankStaff]);
    const queue = async () => (await get('/api/backend/seals?state=all', cookie)).json().data.total;
    expect(await queue()).toBe(0);
    const res = await post('/api/user/p1/updateUserInfo', cookie, {
      profile: { ...homeProfile, mainContactBranch: 'OS_HONG_KONG' },
    });
    expect(res.statusCode).toBe(422);
    expect(await queue()).toBe(0);
    const row = await db.selectFrom('appUser').select('profile').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect((row.profile as Record<string, unknown>).mainContactBranch).toBeUndefined();
  });

  it('still saves a profile that leaves the blank fields blank', async () => {
    const { cookie } = await activeUser({ ...homeProfile, mainContactBranch: undefined, branchName: undefined }, [
      ROLE.bankStaff,
    ]);
    const res = await post('/api/user/p1/updateUserInfo', cookie, {
      profile: { ...homeProfile, jobTitle: 'Reviewer' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('completeInfo of an invited account', () => {
  /** As an invitation writes it: the institution, the invitee's country, role general. */
  async function invited(profile: Record<string, unknown>) {
    const user = await buildUser(db, { institutionId: home.id, activation: '6', profileComplete: false });
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify(profile) })
      .where('id', '=', user.id)
      .execute();
    return { user, cookie: await sessionCookie(db, user.id) };
  }
  const invitation = { usrNm: 'Ivy Invitee', country: 'SG', instNm: home.name, instSwiftCode: home.swiftCode };

  it('cannot name another institution, region or role', async () => {
    const { user, cookie } = await invited(invitation);
    const res = await post('/api/user/p1/completeInfo', cookie, {
      profile: {
        ...homeProfile,
        instNm: other.name,
        instSwiftCode: other.swiftCode,
        continent: 'EUROPE',
        country: 'PT',
        userRole: 'admin',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json()
        .data.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(
      ['profile.continent', 'profile.country', 'profile.instNm', 'profile.instSwiftCode', 'profile.userRole'].sort(),
    );
    const row = await db
      .selectFrom('appUser')
      .select(['institutionId', 'profileComplete', 'roleCodes'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ institutionId: home.id, profileComplete: false, roleCodes: [ROLE.general] });
  });

  it('completes with the invitation’s values and fills in what it lacked (branch details)', async () => {
    const { user, cookie } = await invited(invitation);
    // The form is prefilled with the continent of the country and the role of the account.
    const info = (await get('/api/user/p1/accountInfo', cookie)).json().data;
    expect(info.profile).toMatchObject({ continent: 'ASIA', userRole: 'general', instSwiftCode: home.swiftCode });
    const res = await post('/api/user/p1/completeInfo', cookie, {
      profile: { ...homeProfile, ...invitation, continent: 'ASIA', branchType: 'branch', branchName: 'Singapore' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ cplInd: '0', actvtInd: '6', instNm: home.name });
    const row = await db
      .selectFrom('appUser')
      .select(['institutionId', 'profile'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.institutionId).toBe(home.id);
    expect(row.profile).toMatchObject({ branchType: 'branch', branchName: 'Singapore' });
    // Filled in once: from now on the branch is the bank's too.
    const later = await post('/api/user/p1/updateUserInfo', cookie, {
      profile: { ...homeProfile, ...invitation, continent: 'ASIA', branchType: 'subsidiary', branchName: 'Singapore' },
    });
    expect(later.json().data.fields).toEqual([expect.objectContaining({ field: 'profile.branchType' })]);
  });
});

describe('improve/info: a rejected account resubmits', () => {
  it('may name another institution, because it goes back to review (5) and the reviewer sees it', async () => {
    const user = await buildUser(db, { institutionId: home.id, activation: '7' });
    const cookie = await sessionCookie(db, user.id);
    const res = await post('/api/user/p1/improve/info', cookie, {
      profile: {
        ...homeProfile,
        instNm: 'Brand New Bank',
        instSwiftCode: 'BRNWPTPL',
        continent: 'EUROPE',
        country: 'PT',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ actvtInd: '5', instNm: 'Brand New Bank' });
    // Under review: nothing beyond its own information.
    expect((await get('/api/bthw/queryMyMessagesListPage', cookie)).json().code).toBe('PRT_ACCOUNT_NOT_ACTIVE');
    const audit = await db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('targetId', '=', user.lgcSn)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'user.resubmitted', detail: { swift: 'BRNWPTPL' } });
  });
});

describe('institution administrator routes grant nothing more', () => {
  const adminOf = async () => {
    const admin = await buildUser(db, { institutionId: home.id, roles: [ROLE.general, ROLE.institutionAdmin] });
    return { admin, cookie: await sessionCookie(db, admin.id) };
  };

  it.each([
    ['roles', { rlTpcd: [ROLE.bankStaff, ROLE.systemAdmin] }],
    ['institution', { institution: other.lgcSn }],
    ['activation', { actvtInd: '1' }],
  ])('update refuses a %s field by name (422 unknownKeys)', async (_what, extra) => {
    const { cookie } = await adminOf();
    const target = await buildUser(db, { institutionId: home.id });
    const res = await post(`/api/user/p1/institution/users/${target.lgcSn}/update`, cookie, {
      usrNm: 'Renamed',
      ...extra,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields[0]).toMatchObject({ rule: 'unknownKeys' });
    const row = await db
      .selectFrom('appUser')
      .select(['name', 'roleCodes', 'institutionId'])
      .where('id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: target.name, roleCodes: [ROLE.general], institutionId: home.id });
  });

  it('invite refuses a role or an institution (422), and invites role 10 into the own institution only', async () => {
    const { cookie } = await adminOf();
    const asked = { emailAdr: `boss-${randomUUID().slice(0, 6)}@harbour.example`, usrNm: 'Boss', country: 'HK' };
    const res = await post('/api/user/p1/institution/users/invite', cookie, { ...asked, rlTpcd: [ROLE.systemAdmin] });
    expect(res.statusCode).toBe(422);
    expect((await post('/api/user/p1/institution/users/invite', cookie, asked)).statusCode).toBe(200);
    const row = await db
      .selectFrom('appUser')
      .select(['roleCodes', 'institutionId', 'activation', 'profile'])
      .where('email', '=', asked.emailAdr)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ roleCodes: [ROLE.general], institutionId: home.id, activation: '6' });
    expect(row.profile).toMatchObject({ instSwiftCode: home.swiftCode, continent: 'ASIA', userRole: 'general' });
  });

  it('cannot re-enable an account the bank stopped; can re-enable one it stopped itself', async () => {
    const { cookie } = await adminOf();
    const staff = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff] });
    const staffCookie = await sessionCookie(db, staff.id);
    const target = await buildUser(db, { institutionId: home.id });
    await post(`/api/backend/users/${target.lgcSn}/stop`, staffCookie, { reason: 'Fraud alert' });
    const res = await post(`/api/user/p1/institution/users/${target.lgcSn}/enable`, cookie, undefined, 'zh-CN');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PRT_STOPPED_BY_BANK', message: expect.stringMatching(/银行/) });
    expect(
      (await db.selectFrom('appUser').select('status').where('id', '=', target.id).executeTakeFirstOrThrow()).status,
    ).toBe('stopped');
    // The bank can.
    expect((await post(`/api/backend/users/${target.lgcSn}/enable`, staffCookie)).statusCode).toBe(200);
    // Stopped by the administrator: the administrator re-enables.
    await post(`/api/user/p1/institution/users/${target.lgcSn}/stop`, cookie, { reason: 'Leave' });
    expect((await post(`/api/user/p1/institution/users/${target.lgcSn}/enable`, cookie)).statusCode).toBe(200);
  });

  it('cannot re-enable or change itself', async () => {
    const { admin, cookie } = await adminOf();
    expect((await post(`/api/user/p1/institution/users/${admin.lgcSn}/enable`, cookie)).statusCode).toBe(403);
  });
});

describe('bank decisions end the user’s sessions and are audited', () => {
  it.each(['approve', 'reject'] as const)('review %s', async (decision) => {
    const applicant = await buildUser(db, { institutionId: home.id, activation: '5' });
    await db
      .updateTable('appUser')
      .set({ profile: JSON.stringify(homeProfile) })
      .where('id', '=', applicant.id)
      .execute();
    const applicantCookie = await sessionCookie(db, applicant.id);
    const staff = await buildUser(db, { institutionId: bank.id, roles: [ROLE.bankStaff] });
    const res = await post(
      `/api/backend/registrations/${applicant.lgcSn}/decision`,
      await sessionCookie(db, staff.id),
      {
        decision,
        note: 'Checked',
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/user/p1/detail', applicantCookie)).json().code).toBe('YBLSYSTE0005');
    const audit = await db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', applicant.lgcSn)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe(decision === 'approve' ? 'review.approved' : 'review.rejected');
  });
});
