/**
 * The bank onboards its own people (SPEC §6): the system administrator invites in-bank staff
 * (role 50, with the branch whose seal queue they serve) and partner institutions'
 * administrators (role 20); bank staff change a user's roles; an institution administrator
 * hands the administrator role to another user of the institution. Nobody changes their own
 * roles, the system administrator's roles never change, and every change is audited and ends
 * the user's sessions (the next request works with the new roles).
 */
import { ROLE } from '@portal/shared';
import type { TBackofficeInviteRequest } from '@portal/shared/schemas/user-management';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { endSessionsOfUser, type SessionUser } from '../../platform/session.ts';
import { findInstitution, findInstitutionByPublicId } from '../institutions/index.ts';
import { writeInvitation } from './management.service.ts';
import { findUserByLgcSn, type UserRow, updateUser } from './users.repository.ts';

/** Only the system administrator invites from the back office. */
export async function inviteFromBackoffice(
  db: Db,
  config: Config,
  admin: SessionUser,
  input: TBackofficeInviteRequest,
  ip: string,
): Promise<{ lgcSn: string }> {
  if (!admin.roleCodes.includes(ROLE.systemAdmin) || admin.institutionId === null) {
    throw new AppError('PRT_NO_RIGHT_TO_INVITE');
  }
  const person = { emailAdr: input.emailAdr, usrNm: input.usrNm, country: input.country };
  if (input.kind === 'staff') {
    const bank = await findInstitution(db, admin.institutionId);
    if (bank?.kind !== 'bank') throw new AppError('PRT_STAFF_INSTITUTION_UNKNOWN');
    return writeInvitation(
      db,
      config,
      admin,
      {
        ...person,
        inst: bank,
        roleCodes: [ROLE.bankStaff],
        userRole: 'staff',
        mainContactBranch: input.mainContactBranch,
      },
      ip,
    );
  }
  const inst = await findInstitutionByPublicId(db, input.institution);
  if (inst?.kind !== 'partner') throw new AppError('PRT_STAFF_INSTITUTION_UNKNOWN');
  return writeInvitation(
    db,
    config,
    admin,
    { ...person, inst, roleCodes: [ROLE.general, ROLE.institutionAdmin], userRole: 'admin' },
    ip,
  );
}

async function changeableUser(db: Db, actor: SessionUser, lgcSn: string): Promise<UserRow> {
  if (!lgcSn) throw new AppError('PRT_USER_NUMBER_EMPTY');
  const user = await findUserByLgcSn(db, lgcSn);
  if (!user) throw new AppError('PRT_USER_NOT_FOUND');
  // Checked before anything else: a user's own roles are never the user's to change.
  if (user.id === actor.id) throw new AppError('PRT_FORBIDDEN');
  if (user.roleCodes.includes(ROLE.systemAdmin)) throw new AppError('PRT_SYSTEM_ADMIN_IMMUTABLE');
  return user;
}

/**
 * Bank staff set a user's roles (10, 20, 50). Role 50 (and its branch) is in-bank only, and
 * only the system administrator gives or takes it; role 20 is for partner institutions' users.
 */
export async function changeRoles(
  db: Db,
  actor: SessionUser,
  lgcSn: string,
  input: { rlTpcd: string[]; mainContactBranch?: string | undefined },
  ip: string,
): Promise<void> {
  const user = await changeableUser(db, actor, lgcSn);
  const roles = [...new Set(input.rlTpcd)].sort();
  const inst = user.institutionId === null ? undefined : await findInstitution(db, user.institutionId);
  const staffBefore = user.roleCodes.includes(ROLE.bankStaff);
  const staffAfter = roles.includes(ROLE.bankStaff);
  if ((staffBefore !== staffAfter || input.mainContactBranch) && !actor.roleCodes.includes(ROLE.systemAdmin)) {
    throw new AppError('PRT_FORBIDDEN');
  }
  if ((staffAfter || input.mainContactBranch) && inst?.kind !== 'bank') throw new AppError('PRT_STAFF_NOT_FOUND');
  if (roles.includes(ROLE.institutionAdmin) && inst?.kind !== 'partner') throw new AppError('PRT_FORBIDDEN');
  const profile = { ...(user.profile as Record<string, unknown>) };
  if (input.mainContactBranch) profile.mainContactBranch = input.mainContactBranch;
  if (!staffAfter) delete profile.mainContactBranch;
  profile.userRole = staffAfter ? 'staff' : roles.includes(ROLE.institutionAdmin) ? 'admin' : 'general';
  await writeRoles(db, actor, user, roles, profile, ip);
}

/** An institution administrator makes another active user of the institution an administrator too. */
export async function makeInstitutionAdmin(db: Db, admin: SessionUser, lgcSn: string, ip: string): Promise<void> {
  const user = await changeableUser(db, admin, lgcSn);
  if (user.institutionId !== admin.institutionId) throw new AppError('PRT_OWN_INSTITUTION_ONLY');
  if (user.passwordHash === null) throw new AppError('PRT_INACTIVE_EXTERNAL_USER_IMMUTABLE');
  if (user.roleCodes.includes(ROLE.institutionAdmin)) throw new AppError('PRT_CONFLICT');
  const inst = user.institutionId === null ? undefined : await findInstitution(db, user.institutionId);
  if (inst?.kind !== 'partner') throw new AppError('PRT_FORBIDDEN');
  const roles = [...new Set([...user.roleCodes, ROLE.general, ROLE.institutionAdmin])].sort();
  await writeRoles(db, admin, user, roles, { ...(user.profile as Record<string, unknown>), userRole: 'admin' }, ip);
}

async function writeRoles(
  db: Db,
  actor: SessionUser,
  user: UserRow,
  roles: string[],
  profile: Record<string, unknown>,
  ip: string,
) {
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { roleCodes: roles, profile: JSON.stringify(profile), updatedAt: new Date() });
    await endSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: AUDIT_ACTIONS.rolesChanged,
      targetType: 'user',
      targetId: user.lgcSn,
      detail: {
        email: user.email,
        rolesBefore: user.roleCodes,
        roles,
        ...(typeof profile.mainContactBranch === 'string' ? { mainContactBranch: profile.mainContactBranch } : {}),
      },
      ip,
    });
  });
}
