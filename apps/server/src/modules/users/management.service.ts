/**
 * Managing accounts. Bank staff stop and re-enable any account or institution (back office);
 * an institution administrator invites, changes, stops, re-enables and deletes the general users
 * of their own institution (SPEC §1, §6, §8). The system administrator cannot be modified.
 */
import { randomBytes } from 'node:crypto';
import type { Locale } from '@portal/shared';
import { findEntry } from '@portal/shared/dictionaries';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { sha256Hex } from '../../platform/codes.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { endSessionsOfUser, type SessionUser } from '../../platform/session.ts';
import { newLgcSn } from '../auth/auth.service.ts';
import { findUserByEmail, findUserByLgcSn, type UserRow } from './users.repository.ts';

export const INVITATION_TTL_DAYS = 7;
const SYSTEM_ADMIN = '99';

type Page = { pageNo: number; pageSize: number };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function baseUserQuery(db: Db) {
  return db.selectFrom('appUser as u').leftJoin('institution as i', 'i.id', 'u.institutionId');
}

async function pageOfUsers(query: ReturnType<typeof baseUserQuery>, page: Page) {
  const total = await totalOf(query);
  const rows = await query
    .select([
      'u.lgcSn',
      'u.email',
      'u.name',
      'u.phone',
      'u.roleCodes',
      'u.activation',
      'u.status',
      'u.stoppedReason',
      'u.passwordHash',
      'u.lastLoginAt',
      'u.createdAt',
      'u.profile',
      'i.name as instNm',
      'i.swiftCode',
      'i.status as institutionStatus',
    ])
    .orderBy('u.createdAt', 'desc')
    .orderBy('u.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
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
  let query = baseUserQuery(db);
  if (q.q) {
    const pattern = containsPattern(q.q);
    query = query.where((eb) =>
      eb.or([eb('u.email', 'ilike', pattern), eb('u.name', 'ilike', pattern), eb('i.name', 'ilike', pattern)]),
    );
  }
  if (q.status !== 'all') query = query.where('u.status', '=', q.status as 'active' | 'stopped');
  if (q.institution) query = query.where('i.lgcSn', '=', q.institution);
  return pageOfUsers(query, q);
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
      await trx
        .updateTable('appUser')
        .set({ status: 'stopped', stoppedReason: change.reason, updatedAt: new Date() })
        .where('id', '=', user.id)
        .execute();
      await endSessionsOfUser(trx, user.id);
    } else {
      await trx
        .updateTable('appUser')
        .set({
          status: 'active',
          stoppedReason: null,
          updatedAt: new Date(),
          ...(user.stoppedReason === 'dormant' ? { passwordResetRequired: true, dormantWarnedAt: null } : {}),
        })
        .where('id', '=', user.id)
        .execute();
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
  const last = await db
    .selectFrom('auditLog as a')
    .leftJoin('appUser as actor', 'actor.id', 'a.actorUserId')
    .select(['actor.institutionId'])
    .where('a.action', '=', AUDIT_ACTIONS.stopped)
    .where('a.targetType', '=', 'user')
    .where('a.targetId', '=', user.lgcSn)
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return false;
  return last.institutionId === null || Number(last.institutionId) !== Number(scope.institutionId);
}

export async function listInstitutions(db: Db, q: Page & { q?: string | undefined; status: string }) {
  let query = db.selectFrom('institution as i');
  if (q.q) {
    const pattern = containsPattern(q.q);
    query = query.where((eb) => eb.or([eb('i.name', 'ilike', pattern), eb('i.swiftCode', 'ilike', pattern)]));
  }
  if (q.status !== 'all') query = query.where('i.status', '=', q.status as 'active' | 'stopped');
  const total = await totalOf(query);
  const rows = await query
    .select((eb) => [
      'i.lgcSn',
      'i.name',
      'i.swiftCode',
      'i.kind',
      'i.country',
      'i.status',
      'i.createdAt',
      eb
        .selectFrom('appUser as u')
        .whereRef('u.institutionId', '=', 'i.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('userCount'),
    ])
    .orderBy('i.name')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0), createdAt: iso(r.createdAt)! })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Stopping an institution ends every session of its users and keeps them out until re-enabled. */
export async function setInstitutionStatus(
  db: Db,
  actor: SessionUser,
  lgcSn: string,
  stop: boolean,
  reason: string | null,
  ip: string,
) {
  const inst = await db
    .selectFrom('institution')
    .select(['id', 'lgcSn', 'name', 'kind'])
    .where('lgcSn', '=', lgcSn)
    .executeTakeFirst();
  if (!inst) throw new AppError('PRT_NOT_FOUND');
  // The bank's own institution is never stopped: its staff run the portal.
  if (inst.kind === 'bank' && stop) throw new AppError('PRT_FORBIDDEN');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('institution')
      .set({ status: stop ? 'stopped' : 'active', updatedAt: new Date() })
      .where('id', '=', inst.id)
      .execute();
    if (stop) {
      await trx
        .deleteFrom('userSession')
        .where('userId', 'in', trx.selectFrom('appUser').select('id').where('institutionId', '=', inst.id))
        .execute();
    }
    await recordAudit(trx, {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: stop ? AUDIT_ACTIONS.institutionStopped : AUDIT_ACTIONS.institutionEnabled,
      targetType: 'institution',
      targetId: inst.lgcSn,
      detail: { name: inst.name, ...(reason ? { reason } : {}) },
      ip,
    });
  });
}

// ---------- institution administrator ----------

export async function listInstitutionUsers(
  db: Db,
  admin: SessionUser,
  q: Page & { q?: string | undefined; status: string },
) {
  if (admin.institutionId === null) throw new AppError('PRT_INSTITUTION_QUERY_FAILED');
  let query = baseUserQuery(db).where('u.institutionId', '=', admin.institutionId);
  if (q.q) {
    const pattern = containsPattern(q.q);
    query = query.where((eb) => eb.or([eb('u.email', 'ilike', pattern), eb('u.name', 'ilike', pattern)]));
  }
  if (q.status !== 'all') query = query.where('u.status', '=', q.status as 'active' | 'stopped');
  return pageOfUsers(query, q);
}

/**
 * Invites a general user into the administrator's institution. A partner institution's
 * administrator may invite only people in the institution's region (continent); the bank's own
 * system administrator invites in-bank staff anywhere.
 */
export async function inviteUser(
  db: Db,
  config: Config,
  admin: SessionUser,
  input: { emailAdr: string; usrNm: string; country: string },
  ip: string,
): Promise<{ lgcSn: string }> {
  if (admin.institutionId === null) throw new AppError('PRT_NO_RIGHT_TO_INVITE');
  const inst = await db.selectFrom('institution').selectAll().where('id', '=', admin.institutionId).executeTakeFirst();
  if (!inst) throw new AppError('PRT_STAFF_INSTITUTION_UNKNOWN');
  if (inst.kind === 'bank' && !admin.roleCodes.includes(SYSTEM_ADMIN)) throw new AppError('PRT_NO_RIGHT_TO_INVITE');
  const inviteeContinent = findEntry('countries', input.country)?.continent;
  if (inst.kind === 'partner' && inviteeContinent !== inst.continent) throw new AppError('PRT_INVITE_SAME_REGION_ONLY');
  if (await findUserByEmail(db, input.emailAdr)) throw new AppError('PRT_EMAIL_EXISTS');

  const lgcSn = newLgcSn();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('appUser')
      .values({
        lgcSn,
        email: input.emailAdr,
        passwordHash: null,
        name: input.usrNm,
        institutionId: inst.id,
        roleCodes: sql<string[]>`${['10']}::text[]`,
        activation: '6',
        profileComplete: false,
        // The bank-managed fields the invitation decides (the invitee cannot change them).
        profile: JSON.stringify({
          usrNm: input.usrNm,
          country: input.country,
          continent: findEntry('countries', input.country)?.continent,
          instNm: inst.name,
          instSwiftCode: inst.swiftCode,
          userRole: 'general',
        }),
        invitedBy: admin.id,
        locale: admin.locale,
      })
      .execute();
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
      detail: { email: input.emailAdr, institution: inst.name },
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
  await trx
    .insertInto('verificationCode')
    .values({
      purpose: 'invite',
      email: invitation.email,
      codeHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
    })
    .execute();
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
  const row = await db
    .selectFrom('verificationCode')
    .select(['id', 'email'])
    .where('purpose', '=', 'invite')
    .where('codeHash', '=', sha256Hex(token))
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  if (!row) throw new AppError('PRT_INVITATION_INVALID');
  const user = await findUserByEmail(db, row.email);
  if (!user) throw new AppError('PRT_INVITATION_INVALID');
  if (user.passwordHash !== null) throw new AppError('PRT_USER_ALREADY_ACTIVATED');
  return { invitation: row, user };
}

export async function invitationInfo(db: Db, token: string) {
  const { user } = await liveInvitation(db, token);
  const inst =
    user.institutionId === null
      ? undefined
      : await db.selectFrom('institution').select('name').where('id', '=', user.institutionId).executeTakeFirst();
  return { emailAdr: user.email, usrNm: user.name, instNm: inst?.name ?? null };
}

/** The invitee sets a password and agrees; the account is activated (6) and must complete its profile. */
export async function acceptInvitation(db: Db, input: { token: string; pwd: string }, ip: string): Promise<void> {
  const { invitation, user } = await liveInvitation(db, input.token);
  const passwordHash = await hashPassword(input.pwd);
  await db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('verificationCode')
      .set({ consumedAt: new Date() })
      .where('id', '=', invitation.id)
      .where('consumedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!consumed) throw new AppError('PRT_USER_ALREADY_ACTIVATED');
    await trx
      .updateTable('appUser')
      .set({ passwordHash, agreementAccepted: true, updatedAt: new Date() })
      .where('id', '=', user.id)
      .execute();
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
    await trx
      .updateTable('appUser')
      .set({ name: input.usrNm, phone: input.phone || null, profile: JSON.stringify(profile), updatedAt: new Date() })
      .where('id', '=', user.id)
      .execute();
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
 * signed, pushes made. (app_user.invited_by is set null by the delete itself.)
 */
export async function recordsOfUser(db: Db, userId: number) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('cooperationRequest')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('ownerUserId', '=', userId)
        .as('requests'),
      eb
        .selectFrom('cooperationIntention')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where((w) => w.or([w('senderUserId', '=', userId), w('respondedBy', '=', userId)]))
        .as('intentions'),
      eb
        .selectFrom('masterAgreement')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where((w) => w.or([w('userId', '=', userId), w('signedBy', '=', userId)]))
        .as('agreements'),
      eb
        .selectFrom('cooperationPush')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('pushedBy', '=', userId)
        .as('pushes'),
    ])
    .executeTakeFirstOrThrow();
  return {
    requests: Number(row.requests ?? 0),
    intentions: Number(row.intentions ?? 0),
    agreements: Number(row.agreements ?? 0),
    pushes: Number(row.pushes ?? 0),
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
    await trx.updateTable('appUser').set({ invitedBy: null }).where('invitedBy', '=', user.id).execute();
    await trx.deleteFrom('verificationCode').where('email', '=', user.email).execute();
    const deleted = await trx.deleteFrom('appUser').where('id', '=', user.id).returning('id').executeTakeFirst();
    if (!deleted) throw new AppError('PRT_NO_USER_DELETED');
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
