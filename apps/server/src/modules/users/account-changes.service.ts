import { ROLE } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { endSessionsOfUser, type SessionUser } from '../../platform/session.ts';
import {
  countRecordsOfUser,
  deleteCodesOf,
  deleteUser,
  findLastStopperInstitution,
  findUserByLgcSn,
  type UserRow,
  updateUser,
  wasUserDeleted,
} from './users.repository.ts';

async function targetOf(db: Db, lgcSn: string): Promise<UserRow> {
  if (!lgcSn) throw new AppError('PRT_USER_NUMBER_EMPTY');
  const user = await findUserByLgcSn(db, lgcSn);
  if (!user) throw new AppError('PRT_USER_NOT_FOUND');
  if (user.roleCodes.includes(ROLE.systemAdmin)) throw new AppError('PRT_SYSTEM_ADMIN_IMMUTABLE');
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
  return last.institutionId === null || last.institutionId !== scope.institutionId;
}

/**
 * A user the administrator may manage: of the same institution and an ordinary user (SPEC §1:
 * administrators manage ordinary users; only the system administrator manages administrators).
 */
async function ownUser(db: Db, admin: SessionUser, lgcSn: string): Promise<UserRow> {
  const user = await targetOf(db, lgcSn);
  if (user.institutionId !== admin.institutionId) throw new AppError('PRT_OWN_INSTITUTION_ONLY');
  if (user.roleCodes.includes(ROLE.institutionAdmin) && !admin.roleCodes.includes(ROLE.systemAdmin))
    throw new AppError('PRT_FORBIDDEN');
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
