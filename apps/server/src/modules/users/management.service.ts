/**
 * Managing accounts. Bank staff stop and re-enable any account or institution (back office);
 * an institution administrator invites, changes, stops, re-enables and deletes the general users
 * of their own institution (SPEC §1, §6, §8). The system administrator cannot be modified.
 */
import { randomBytes } from 'node:crypto';
import { type Locale, translate } from '@portal/shared';
import { findEntry } from '@portal/shared/dictionaries';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { sha256Hex } from '../../platform/codes.ts';
import { assertExportSize, type CsvColumn, csvTime, exportFetchSize } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { endSessionsOfUser, isInstitutionAdmin, type SessionUser } from '../../platform/session.ts';
import { findInstitution, institutionNameOf } from '../institutions/index.ts';
import {
  consumeInvitation,
  countRecordsOfUser,
  deleteCodesOf,
  deleteUser,
  findLastStopperInstitution,
  findLiveInvitation,
  findUsedInvitation,
  findUserByEmail,
  findUserByLgcSn,
  findUserPage,
  insertInvitationCode,
  insertUser,
  type UserListFilter,
  type UserRow,
  updateUser,
  wasUserDeleted,
} from './users.repository.ts';
import { staffBranchOf } from './users.service.ts';

export const INVITATION_TTL_DAYS = 7;
const SYSTEM_ADMIN = '99';

type Page = { pageNo: number; pageSize: number };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

async function pageOfUsers(db: Db, filter: UserListFilter, page: Page) {
  const { rows, total } = await findUserPage(db, filter, page);
  return {
    list: rows.map((r) => ({
      lgcSn: r.lgcSn,
      emailAdr: r.email,
      usrNm: r.name,
      phone: r.phone,
      jobTitle:
        typeof (r.profile as { jobTitle?: unknown }).jobTitle === 'string'
          ? (r.profile as { jobTitle: string }).jobTitle
          : null,
      instNm: r.instNm,
      instSwiftCode: r.swiftCode,
      rlTpcd: r.roleCodes,
      actvtInd: r.activation,
      status: r.status,
      stoppedReason: r.stoppedReason,
      invitationPending: r.passwordHash === null,
      institutionStopped: r.institutionStatus === 'stopped',
      mainContactBranch: staffBranchOf(r),
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: iso(r.createdAt)!,
    })),
    total,
    ...page,
  };
}

// ---------- back office ----------

export async function listUsers(
  db: Db,
  q: Page & { q?: string | undefined; status: string; institution?: string | undefined },
) {
  return pageOfUsers(
    db,
    { q: q.q, qMatchesInstitution: true, status: q.status, institutionLgcSn: q.institution },
    { pageNo: q.pageNo, pageSize: q.pageSize },
  );
}

type ManagedUserRow = Awaited<ReturnType<typeof listUsers>>['list'][number];

const ROLE_KEYS: Record<string, string> = {
  '10': 'general',
  '20': 'institutionAdmin',
  '50': 'bankStaff',
  '99': 'systemAdmin',
};

/**
 * Every account matching the back office's filters, for a spreadsheet: header, roles, states and
 * stop reasons in the reader's language. More rows than the export cap are refused.
 */
export async function exportUsers(
  db: Db,
  q: { q?: string | undefined; status: string; institution?: string | undefined },
  locale: Locale,
): Promise<{ columns: CsvColumn<ManagedUserRow>[]; rows: ManagedUserRow[] }> {
  const page = await listUsers(db, { ...q, pageNo: 1, pageSize: exportFetchSize() });
  assertExportSize(page.total);
  const t = (key: string) => translate(locale, `backoffice.export.accounts.${key}`);
  const role = (code: string) => (ROLE_KEYS[code] ? translate(locale, `accounts.roles.${ROLE_KEYS[code]}`) : code);
  const stopReason = (reason: string | null) =>
    reason === 'manual' || reason === 'dormant' ? translate(locale, `users.stoppedReasons.${reason}`) : reason;
  return {
    rows: page.list,
    columns: [
      { header: t('name'), value: (u) => u.usrNm },
      { header: t('email'), value: (u) => u.emailAdr },
      { header: t('phone'), value: (u) => u.phone },
      { header: t('jobTitle'), value: (u) => u.jobTitle },
      { header: t('institution'), value: (u) => u.instNm },
      { header: t('swift'), value: (u) => u.instSwiftCode },
      { header: t('roles'), value: (u) => u.rlTpcd.map(role).join(locale === 'zh-CN' ? '、' : ', ') },
      { header: t('activation'), value: (u) => translate(locale, `accounts.status.${u.actvtInd}`) },
      {
        header: t('status'),
        value: (u) =>
          [
            translate(locale, `users.status.${u.status}`),
            ...(u.invitationPending ? [translate(locale, 'users.status.invitationPending')] : []),
            ...(u.institutionStopped ? [translate(locale, 'users.status.institutionStopped')] : []),
          ].join(locale === 'zh-CN' ? '；' : '; '),
      },
      { header: t('stoppedReason'), value: (u) => (u.status === 'stopped' ? stopReason(u.stoppedReason) : '') },
      { header: t('lastLoginAt'), value: (u) => csvTime(u.lastLoginAt) },
      { header: t('createdAt'), value: (u) => csvTime(u.createdAt) },
    ],
  };
}

async function targetOf(db: Db, lgcSn: string): Promise<UserRow> {
  if (!lgcSn) throw new AppError('PRT_USER_NUMBER_EMPTY');
  const user = await findUserByLgcSn(db, lgcSn);
  if (!user) throw new AppError('PRT_USER_NOT_FOUND');
  if (user.roleCodes.includes(SYSTEM_ADMIN)) throw new AppError('PRT_SYSTEM_ADMIN_IMMUTABLE');
  return user;
}

/** Stops or re-enables an account. A stop ends its sessions; a re-enabled dormant account must reset its password. */
export async function setUserStatus(
  db: Db,
  actor: SessionUser,
  lgcSn: string,
  change: { stop: true; reason: string } | { stop: false },
  ip: string,
  scope?: { institutionId: number | null },
) {
  const user = scope ? await ownUser(db, actor, lgcSn) : await targetOf(db, lgcSn);
  if (user.id === actor.id) throw new AppError('PRT_CONFLICT');
  if (scope && !change.stop && user.status === 'stopped' && (await stoppedFromOutside(db, user, scope))) {
    throw new AppError('PRT_STOPPED_BY_BANK');
  }
  await db.transaction().execute(async (trx) => {
    if (change.stop) {
      await updateUser(trx, user.id, { status: 'stopped', stoppedReason: change.reason, updatedAt: new Date() });
      await endSessionsOfUser(trx, user.id);
    } else {
      await updateUser(trx, user.id, {
        status: 'active',
        stoppedReason: null,
        updatedAt: new Date(),
        ...(user.stoppedReason === 'dormant' ? { passwordResetRequired: true, dormantWarnedAt: null } : {}),
      });
    }
    await recordAudit(trx, {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: change.stop ? AUDIT_ACTIONS.stopped : AUDIT_ACTIONS.enabled,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { email: user.email, ...(change.stop ? { reason: change.reason } : {}) },
      ip,
    });
  });
}

/**
 * Whether the account's last stop came from outside the administrator's institution (bank staff,
 * or an actor no longer known): only the bank re-enables it then. The dormant sweep's stop is
 * logged under its own action, so an administrator may re-enable a dormant account.
 */
async function stoppedFromOutside(
  db: Db,
  user: Pick<UserRow, 'lgcSn'>,
  scope: { institutionId: number | null },
): Promise<boolean> {
  const last = await findLastStopperInstitution(db, user.lgcSn);
  if (!last) return false;
  return last.institutionId === null || Number(last.institutionId) !== Number(scope.institutionId);
}

// ---------- institution administrator ----------

export async function listInstitutionUsers(
  db: Db,
  admin: SessionUser,
  q: Page & { q?: string | undefined; status: string },
) {
  if (admin.institutionId === null) throw new AppError('PRT_INSTITUTION_QUERY_FAILED');
  return pageOfUsers(
    db,
    { q: q.q, qMatchesInstitution: false, status: q.status, institutionId: admin.institutionId },
    { pageNo: q.pageNo, pageSize: q.pageSize },
  );
}

/**
 * Invites a general user into the administrator's institution. A partner institution's
 * administrator may invite only people in the institution's region (continent); the bank's own
 * system administrator invites in-bank staff anywhere. Anyone else has no right to invite.
 */
export async function inviteUser(
  db: Db,
  config: Config,
  admin: SessionUser,
  input: { emailAdr: string; usrNm: string; country: string },
  ip: string,
): Promise<{ lgcSn: string }> {
  if (admin.institutionId === null || !isInstitutionAdmin(admin)) throw new AppError('PRT_NO_RIGHT_TO_INVITE');
  const inst = await findInstitution(db, admin.institutionId);
  if (!inst) throw new AppError('PRT_STAFF_INSTITUTION_UNKNOWN');
  if (inst.kind === 'bank' && !admin.roleCodes.includes(SYSTEM_ADMIN)) throw new AppError('PRT_NO_RIGHT_TO_INVITE');
  const inviteeContinent = findEntry('countries', input.country)?.continent;
  if (inst.kind === 'partner' && inviteeContinent !== inst.continent) throw new AppError('PRT_INVITE_SAME_REGION_ONLY');
  return writeInvitation(db, config, admin, { ...input, inst, roleCodes: ['10'], userRole: 'general' }, ip);
}

export type Invitee = {
  emailAdr: string;
  usrNm: string;
  country: string;
  inst: { id: number; name: string; swiftCode: string | null };
  roleCodes: string[];
  userRole: 'general' | 'admin' | 'staff';
  mainContactBranch?: string;
};

/**
 * Writes an invited account (activation 6, no password yet) with the roles the inviter decided,
 * sends its invitation and audits it. An e-mail that already has an account: PRT_USER_EXISTS.
 */
export async function writeInvitation(
  db: Db,
  config: Config,
  admin: SessionUser,
  input: Invitee,
  ip: string,
): Promise<{ lgcSn: string }> {
  if (await findUserByEmail(db, input.emailAdr)) throw new AppError('PRT_USER_EXISTS');
  const { inst } = input;
  const lgcSn = newPublicId();
  await db.transaction().execute(async (trx) => {
    await insertUser(trx, {
      lgcSn,
      email: input.emailAdr,
      passwordHash: null,
      name: input.usrNm,
      institutionId: inst.id,
      roleCodes: input.roleCodes,
      activation: '6',
      profileComplete: false,
      // The bank-managed fields the invitation decides (the invitee cannot change them).
      profile: JSON.stringify({
        usrNm: input.usrNm,
        country: input.country,
        continent: findEntry('countries', input.country)?.continent,
        instNm: inst.name,
        instSwiftCode: inst.swiftCode,
        userRole: input.userRole,
        ...(input.mainContactBranch ? { mainContactBranch: input.mainContactBranch } : {}),
      }),
      invitedBy: admin.id,
      locale: admin.locale,
    });
    await sendInvitation(trx, config, {
      email: input.emailAdr,
      locale: admin.locale as Locale,
      inviterName: admin.name,
      institution: inst.name,
    });
    await recordAudit(trx, {
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: AUDIT_ACTIONS.invited,
      targetType: 'user',
      targetId: lgcSn,
      detail: { email: input.emailAdr, institution: inst.name, roles: input.roleCodes },
      ip,
    });
  });
  return { lgcSn };
}

/**
 * The invitation of an account just written (no password yet), in the caller's transaction: a
 * one-time link, valid INVITATION_TTL_DAYS (only its hash is kept), e-mailed with the invitation
 * template. Sent by inviteUser and for the first system administrator (initial-admin.ts).
 */
export async function sendInvitation(
  trx: Db,
  config: Pick<Config, 'publicBaseUrl' | 'brand'>,
  invitation: { email: string; locale: Locale; inviterName: string; institution: string },
): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  await insertInvitationCode(trx, {
    email: invitation.email,
    codeHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  });
  await enqueueMail(
    trx,
    {
      to: invitation.email,
      locale: invitation.locale,
      template: 'invitation',
      params: {
        inviterName: invitation.inviterName,
        institution: invitation.institution,
        link: `${config.publicBaseUrl}/invitation?token=${token}`,
      },
    },
    config.brand,
  );
}

async function liveInvitation(db: Db, token: string) {
  const row = await findLiveInvitation(db, sha256Hex(token));
  if (!row) {
    // A used link of an account that has its password: the invitation was accepted already.
    const used = await findUsedInvitation(db, sha256Hex(token));
    const owner = used ? await findUserByEmail(db, used.email) : undefined;
    if (owner && owner.passwordHash !== null) throw new AppError('PRT_USER_ALREADY_ACTIVATED');
    throw new AppError('PRT_INVITATION_INVALID');
  }
  const user = await findUserByEmail(db, row.email);
  if (!user) throw new AppError('PRT_INVITATION_INVALID');
  if (user.passwordHash !== null) throw new AppError('PRT_USER_ALREADY_ACTIVATED');
  return { invitation: row, user };
}

export async function invitationInfo(db: Db, token: string) {
  const { user } = await liveInvitation(db, token);
  return { emailAdr: user.email, usrNm: user.name, instNm: await institutionNameOf(db, user.institutionId) };
}

/** The invitee sets a password and agrees; the account is activated (6) and must complete its profile. */
export async function acceptInvitation(db: Db, input: { token: string; pwd: string }, ip: string): Promise<void> {
  const { invitation, user } = await liveInvitation(db, input.token);
  const passwordHash = await hashPassword(input.pwd);
  await db.transaction().execute(async (trx) => {
    if (!(await consumeInvitation(trx, invitation.id))) throw new AppError('PRT_USER_ALREADY_ACTIVATED');
    await updateUser(trx, user.id, { passwordHash, agreementAccepted: true, updatedAt: new Date() });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.updated,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { invitation: 'accepted' },
      ip,
    });
  });
}

/**
 * A user the administrator may manage: of the same institution and an ordinary user (SPEC §1:
 * administrators manage ordinary users; only the system administrator manages administrators).
 */
async function ownUser(db: Db, admin: SessionUser, lgcSn: string): Promise<UserRow> {
  const user = await targetOf(db, lgcSn);
  if (user.institutionId !== admin.institutionId) throw new AppError('PRT_OWN_INSTITUTION_ONLY');
  if (user.roleCodes.includes('20') && !admin.roleCodes.includes(SYSTEM_ADMIN)) throw new AppError('PRT_FORBIDDEN');
  return user;
}

export async function updateInstitutionUser(
  db: Db,
  admin: SessionUser,
  lgcSn: string,
  input: { usrNm: string; phone: string; jobTitle: string },
  ip: string,
) {
  const user = await ownUser(db, admin, lgcSn);
  if (user.passwordHash === null) throw new AppError('PRT_INACTIVE_EXTERNAL_USER_IMMUTABLE');
  const profile = {
    ...(user.profile as Record<string, unknown>),
    usrNm: input.usrNm,
    phone: input.phone,
    jobTitle: input.jobTitle,
  };
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      name: input.usrNm,
      phone: input.phone || null,
      profile: JSON.stringify(profile),
      updatedAt: new Date(),
    });
    await recordAudit(trx, {
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: AUDIT_ACTIONS.updated,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { email: user.email },
      ip,
    });
  });
}

/**
 * What a user has that the institution keeps: every row whose foreign key to app_user neither
 * cascades nor is set null (a test compares this list with the database's constraints):
 * cooperation requests and drafts, intentions sent or answered, master agreements submitted or
 * signed, pushes made, seals applied for or reviewed, contract steps taken (the contract trail).
 * (app_user.invited_by is set null by the delete itself.)
 */
export async function recordsOfUser(db: Db, userId: number) {
  const row = await countRecordsOfUser(db, userId);
  return {
    requests: Number(row.requests ?? 0),
    intentions: Number(row.intentions ?? 0),
    agreements: Number(row.agreements ?? 0),
    pushes: Number(row.pushes ?? 0),
    seals: Number(row.seals ?? 0),
    // Every contract step a user took (upload, confirmation, signature) is in the trail.
    contracts: Number(row.contracts ?? 0),
  };
}

const isForeignKeyViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

/**
 * Deletes a user of the own institution (the system administrator: of the bank). A user with
 * records the institution keeps is never deleted: PRT_USER_HAS_RECORDS (409) names them and
 * says to stop the account instead, so the records stay with the institution. Sessions, known
 * devices, follows, messages and leave messages go with the user; files, feedback and audit
 * entries stay without their user.
 */
export async function deleteInstitutionUser(db: Db, admin: SessionUser, lgcSn: string, ip: string) {
  // A second delete of the same account: it is gone already, so no user was deleted.
  if (lgcSn && !(await findUserByLgcSn(db, lgcSn)) && (await wasUserDeleted(db, lgcSn))) {
    throw new AppError('PRT_NO_USER_DELETED');
  }
  const user = await ownUser(db, admin, lgcSn);
  if (user.id === admin.id) throw new AppError('PRT_CONFLICT');
  const records = await recordsOfUser(db, user.id);
  if (Object.values(records).some((n) => n > 0)) throw new AppError('PRT_USER_HAS_RECORDS', records);
  try {
    await deleteUserRow(db, admin, user, ip);
  } catch (error) {
    // A record written meanwhile still answers 409, never 500.
    if (isForeignKeyViolation(error)) throw new AppError('PRT_USER_HAS_RECORDS', await recordsOfUser(db, user.id));
    throw error;
  }
}

async function deleteUserRow(db: Db, admin: SessionUser, user: UserRow, ip: string) {
  await db.transaction().execute(async (trx) => {
    await deleteCodesOf(trx, user.email);
    if (!(await deleteUser(trx, user.id))) throw new AppError('PRT_NO_USER_DELETED');
    await recordAudit(trx, {
      actorUserId: admin.id,
      actorEmail: admin.email,
      action: AUDIT_ACTIONS.deleted,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: { email: user.email },
      ip,
    });
  });
}
