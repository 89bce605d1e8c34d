/**
 * Invitations: an institution administrator (or the bank's system administrator) invites a user;
 * the account is written without a password, a one-time link is mailed, and the invitee sets a
 * password and agrees with it.
 */

import { randomBytes } from 'node:crypto';
import type { Locale } from '@portal/shared';
import { ACTIVATION, ROLE } from '@portal/shared';
import { findEntry } from '@portal/shared/dictionaries';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { sha256Hex } from '../../platform/codes.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { isInstitutionAdmin, type SessionUser } from '../../platform/session.ts';
import { findInstitution, institutionNameOf } from '../institutions/index.ts';
import {
  consumeInvitation,
  findLiveInvitation,
  findUsedInvitation,
  findUserByEmail,
  insertInvitationCode,
  insertUser,
  updateUser,
} from './users.repository.ts';

export const INVITATION_TTL_DAYS = 7;

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
  if (inst.kind === 'bank' && !admin.roleCodes.includes(ROLE.systemAdmin)) throw new AppError('PRT_NO_RIGHT_TO_INVITE');
  const inviteeContinent = findEntry('countries', input.country)?.continent;
  if (inst.kind === 'partner' && inviteeContinent !== inst.continent) throw new AppError('PRT_INVITE_SAME_REGION_ONLY');
  return writeInvitation(db, config, admin, { ...input, inst, roleCodes: [ROLE.general], userRole: 'general' }, ip);
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
      activation: ACTIVATION.activatedByInvitation,
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
