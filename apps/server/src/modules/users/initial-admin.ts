/**
 * The first system administrator of a new installation (docs/operations.md, "First
 * administrator"). A production database starts empty (no demo data), so nobody could log in to
 * invite anyone. With INITIAL_ADMIN_EMAIL set, a start that finds no system administrator invites
 * that address as one, the way the system administrator invites in-bank staff (inviteUser):
 * an account of the bank's own institution (kind 'bank'), activation 6, no password, profile to
 * complete, and the invitation e-mail (sendInvitation: a one-time link, valid
 * INVITATION_TTL_DAYS, through the outbox). The differences: roles 50 + 99, and the system is the
 * inviter (no `invited_by`, an audit entry without actor).
 *
 * Idempotent: everything happens in one transaction under an advisory lock, so instances starting
 * together invite once, whatever address each was given; a later start finds the administrator
 * and does nothing. An invitation that ran out before it was accepted is sent again. No password
 * is ever configured or logged: the administrator sets it through the e-mailed link.
 */
import { ACTIVATION, type Locale, ROLE, translate } from '@portal/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import '@portal/shared/i18n/full';
import { newPublicId } from '../../platform/ids.ts';
import { ensureBankInstitution, institutionNameOf } from '../institutions/index.ts';
import { sendInvitation } from './management.service.ts';
import {
  findActiveSystemAdmins,
  findUserByEmail,
  insertUser,
  liveInvitationUntil,
  lockForTransaction,
} from './users.repository.ts';

/** Bank staff (back office) and system administrator, as the demo's admin@bank.example. */
export const SYSTEM_ADMIN_ROLES = [ROLE.bankStaff, ROLE.systemAdmin] as const;
/** The language of the invitation e-mail (the portal's default; the administrator may switch). */
const LOCALE: Locale = 'en-US';
/** One key for every instance: the transactions that could invite run one after the other. */
const LOCK_KEY = 'portal.initial-admin';

export type InitialAdminOutcome =
  /** Invited now; `institutionCreated`: the bank's own institution did not exist and was created. */
  | { kind: 'invited'; email: string; institution: string; institutionCreated: boolean; expiresAt: Date }
  /** The address was invited before, never accepted, and its link had run out: a new one was sent. */
  | { kind: 'reinvited'; email: string; institution: string; expiresAt: Date }
  /** The address is invited and its link still valid: nothing done. */
  | { kind: 'pending'; email: string; expiresAt: Date }
  /** Another system administrator (with a password, or invited) exists: nothing done. */
  | { kind: 'present' }
  /** No system administrator, but the address belongs to another account: nothing done. */
  | { kind: 'addressTaken'; email: string }
  /** INITIAL_ADMIN_EMAIL unset and no system administrator: nobody can manage the portal. */
  | { kind: 'missing' }
  /** INITIAL_ADMIN_EMAIL unset, a system administrator exists: the usual case. */
  | { kind: 'unneeded' };

type Deps = { config: Pick<Config, 'initialAdmin' | 'publicBaseUrl' | 'brand'>; now?: Date };

/** Invites INITIAL_ADMIN_EMAIL as the first system administrator when there is none (see above). */
export async function ensureInitialAdmin(db: Db, { config, now = new Date() }: Deps): Promise<InitialAdminOutcome> {
  const wanted = config.initialAdmin;
  if (!wanted) {
    const [admin] = await findActiveSystemAdmins(db, 1);
    return { kind: admin ? 'unneeded' : 'missing' };
  }
  return db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, LOCK_KEY);
    const admins = await findActiveSystemAdmins(trx);
    if (admins.some((admin) => admin.passwordHash !== null)) return { kind: 'present' };
    const own = await findUserByEmail(trx, wanted.email);
    if (own && admins.some((admin) => admin.email === own.email)) {
      const live = await liveInvitationUntil(trx, own.email, now);
      if (live) return { kind: 'pending', email: own.email, expiresAt: live };
      const institution = (await institutionNameOf(trx, own.institutionId)) ?? config.brand.bankName.en;
      const expiresAt = await invite(trx, config, { lgcSn: own.lgcSn, email: own.email, institution }, true);
      return { kind: 'reinvited', email: own.email, institution, expiresAt };
    }
    if (admins.length > 0) return { kind: 'present' };
    if (own) return { kind: 'addressTaken', email: own.email };

    const bank = await ensureBankInstitution(trx, { lgcSn: newPublicId, name: config.brand.bankName.en });
    const lgcSn = newPublicId();
    await insertUser(trx, {
      lgcSn,
      email: wanted.email,
      passwordHash: null,
      name: wanted.name,
      institutionId: bank.id,
      roleCodes: SYSTEM_ADMIN_ROLES,
      activation: ACTIVATION.activatedByInvitation,
      profileComplete: false,
      // The bank-managed fields known here; the rest (SWIFT, country, …) the profile completes.
      profile: JSON.stringify({
        usrNm: wanted.name,
        instNm: bank.name,
        ...(bank.swiftCode ? { instSwiftCode: bank.swiftCode } : {}),
        ...(bank.country ? { country: bank.country } : {}),
        ...(bank.continent ? { continent: bank.continent } : {}),
        userRole: 'admin',
      }),
      invitedBy: null,
      locale: LOCALE,
    });
    const expiresAt = await invite(trx, config, { lgcSn, email: wanted.email, institution: bank.name }, false);
    return {
      kind: 'invited',
      email: wanted.email,
      institution: bank.name,
      institutionCreated: bank.created,
      expiresAt,
    };
  });
}

/** Sends the invitation e-mail and records it, by the system; returns when the link runs out. */
async function invite(
  trx: Db,
  config: Deps['config'],
  account: { lgcSn: string; email: string; institution: string },
  again: boolean,
): Promise<Date> {
  await sendInvitation(trx, config, {
    email: account.email,
    locale: LOCALE,
    inviterName: translate(LOCALE, 'mail.invitation.systemInviter'),
    institution: account.institution,
  });
  await recordAudit(trx, {
    action: AUDIT_ACTIONS.invited,
    targetType: 'user',
    targetId: account.lgcSn,
    detail: {
      email: account.email,
      institution: account.institution,
      roles: [...SYSTEM_ADMIN_ROLES],
      via: 'INITIAL_ADMIN_EMAIL',
      ...(again ? { again: true } : {}),
    },
  });
  return (await liveInvitationUntil(trx, account.email, new Date(0)))!;
}
