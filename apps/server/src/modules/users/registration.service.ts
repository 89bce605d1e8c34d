/**
 * Registration and profile upkeep (SPEC §3, §4): self-registration puts an account under review
 * (5); the bank approves (1), rejects (7) or asks for more information (8); a rejected or
 * incomplete account refills its profile and goes back to review.
 */
import { ACCESS_ACTIVATIONS, ACTIVATION, hasTranslation, type Locale, translate } from '@portal/shared';
import { findEntry } from '@portal/shared/dictionaries';
import {
  bankManagedProfileFields,
  type TBankManagedProfileField,
  type TProfile,
  type TRegisterRequest,
} from '@portal/shared/schemas/accounts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { enforceRateLimit, RATE_LIMITS } from '../../platform/rate-limit.ts';
import { isInstitutionAdmin, type SessionUser } from '../../platform/session.ts';
import { checkVerificationCode } from '../../platform/verification-codes.ts';
import { findOrCreateInstitution } from '../institutions/index.ts';
import { recordAcceptance } from './agreements.ts';
import { issueApplicationToken } from './application-status.ts';
import { attachIntroAttachments } from './intro-attachments.ts';
import { findUserByEmail, insertUserUnlessEmailTaken, lockUser, updateUser } from './users.repository.ts';
import { requireWorkEmail } from './work-email.ts';

/**
 * The code is checked before the address: a registered address is never sent a registration
 * code, so without the mailbox nobody learns from these answers who is registered.
 */
export async function checkRegistrationCode(
  db: Db,
  config: Config,
  input: { emailAdr: string; emailCode: string },
  locale: Locale,
): Promise<void> {
  await requireWorkEmail(input.emailAdr, config, locale);
  await checkVerificationCode(db, {
    email: input.emailAdr,
    purpose: 'register',
    code: input.emailCode,
    consume: false,
  });
  if (await findUserByEmail(db, input.emailAdr)) throw new AppError('PRT_EMAIL_EXISTS');
}

/** Creates the account under review, in one transaction with its institution, audit and e-mail. */
export async function register(
  db: Db,
  config: Config,
  input: TRegisterRequest,
  client: { ip: string; locale: Locale },
): Promise<{ lgcSn: string; statusToken: string }> {
  await enforceRateLimit(db, { key: `register:ip:${client.ip}`, ...RATE_LIMITS.registrationPerIp });
  await requireWorkEmail(input.emailAdr, config, client.locale);
  // Checked outside the transaction first: a wrong code must count as an attempt, and a
  // rolled-back transaction would forget it. Consumed inside, with the account it creates.
  const code = { email: input.emailAdr, purpose: 'register' as const, code: input.emailCode };
  await checkVerificationCode(db, { ...code, consume: false });
  if (await findUserByEmail(db, input.emailAdr)) throw new AppError('PRT_EMAIL_EXISTS');
  const passwordHash = await hashPassword(input.pwd);
  return db.transaction().execute(async (trx) => {
    await checkVerificationCode(trx, { ...code, consume: true });
    return writeAccount(trx, config, input, passwordHash, client);
  });
}

/**
 * The account under review, in the registration's transaction: its institution, the agreements
 * accepted, its introduction attachments, the audit record and the e-mail saying it was received.
 */
async function writeAccount(
  trx: Db,
  config: Config,
  input: TRegisterRequest,
  passwordHash: string,
  client: { ip: string; locale: Locale },
): Promise<{ lgcSn: string; statusToken: string }> {
  const institutionId = await institutionFor(trx, input.profile);
  const lgcSn = newPublicId();
  const userId = await insertUserUnlessEmailTaken(trx, {
    lgcSn,
    email: input.emailAdr,
    passwordHash,
    name: input.profile.usrNm,
    phone: input.profile.phone,
    institutionId,
    activation: ACTIVATION.underReview,
    agreementAccepted: true,
    profile: JSON.stringify(input.profile),
    interestedTypes: input.profile.interestedTypes,
    locale: client.locale,
  });
  if (userId === undefined) throw new AppError('PRT_EMAIL_EXISTS');
  // Ticking the agreements at registration accepts the version in force.
  await recordAcceptance(trx, userId, client.ip);
  // Files: the introduction attachments uploaded while registering become the account's.
  await attachIntroAttachments(trx, {
    lgcSns: input.profile.introAttachments,
    user: { id: userId, lgcSn },
    registrantEmail: input.emailAdr,
    locale: client.locale,
  });
  await recordAudit(trx, {
    actorUserId: userId,
    actorEmail: input.emailAdr,
    action: AUDIT_ACTIONS.registered,
    targetType: 'user',
    targetId: lgcSn,
    detail: { institution: input.profile.instNm, swift: input.profile.instSwiftCode },
    ip: client.ip,
  });
  await enqueueMail(
    trx,
    {
      to: input.emailAdr,
      locale: client.locale,
      template: 'registrationReceived',
      params: { name: input.profile.usrNm },
    },
    config.brand,
  );
  // The registering browser follows its application without logging in (application-status.ts).
  return { lgcSn, statusToken: await issueApplicationToken(trx, userId) };
}

function institutionFor(db: Db, profile: TProfile): Promise<number> {
  return findOrCreateInstitution(db, {
    name: profile.instNm,
    swiftCode: profile.instSwiftCode,
    country: profile.country,
    continent: profile.continent,
    lgcSn: newPublicId(),
  });
}

export type ProfileChange = 'resubmit' | 'complete' | 'update';

type BankManagedValues = Partial<Record<TBankManagedProfileField, unknown>>;

/**
 * The account's current values of the bank-managed profile fields. An account invited before
 * its profile carried them has its continent from its country and its role from its role codes.
 */
export function bankManagedValues(stored: Record<string, unknown>, roleCodes: readonly string[]): BankManagedValues {
  const current: BankManagedValues = {};
  for (const field of bankManagedProfileFields(roleCodes)) {
    if (stored[field] !== undefined && stored[field] !== null) current[field] = stored[field];
  }
  if (current.continent === undefined && typeof current.country === 'string') {
    const continent = findEntry('countries', current.country)?.continent;
    if (continent) current.continent = continent;
  }
  current.userRole ??= isInstitutionAdmin({ roleCodes: [...roleCodes] }) ? 'admin' : 'general';
  return current;
}

/**
 * The bank-managed fields that grant or place access: the institution, its region, the role and
 * a staff account's branch (the seal applications it reviews). No save by the holder ever sets
 * one, not even where the account has no value yet.
 */
const ACCESS_FIELDS: readonly TBankManagedProfileField[] = [
  'instNm',
  'instSwiftCode',
  'continent',
  'country',
  'userRole',
  'mainContactBranch',
];

const isBlank = (value: unknown) => value === undefined || value === null || value === '' || value === false;

/**
 * Whether a save changes a bank-managed field. A field the account has must keep its value. One it
 * lacks stays blank, except that an invited account completing its profile (`complete`) fills in
 * the descriptive ones (its branch details) once; `update` fills in nothing.
 */
function changesField(field: TBankManagedProfileField, was: unknown, sent: unknown, change: ProfileChange) {
  if (was !== undefined) return was !== sent;
  if (change === 'complete' && !ACCESS_FIELDS.includes(field)) return false;
  return !isBlank(sent);
}

/**
 * Refuses a change of a bank-managed field (422, rule `bankManaged`, one entry per field) rather
 * than dropping it: those change only through the bank, and moving to another institution means
 * registering again.
 */
function refuseBankManagedChanges(
  row: { profile: Record<string, unknown>; roleCodes: readonly string[] },
  profile: TProfile,
  change: ProfileChange,
  locale: Locale,
): void {
  const current = bankManagedValues(row.profile, row.roleCodes);
  const fields = bankManagedProfileFields(row.roleCodes)
    .filter((name) => changesField(name, current[name], profile[name], change))
    .map((name) => {
      const field = `profile.${name}`;
      const label = hasTranslation(locale, `errors.fields.${name}`)
        ? translate(locale, `errors.fields.${name}`)
        : field;
      return {
        field,
        rule: 'bankManaged',
        message: translate(locale, 'errors.validation.bankManaged', { field: label }),
      };
    });
  if (fields.length) {
    throw new AppError('PRT_VALIDATION', { details: fields.map((f) => f.message).join(' ') }, fields);
  }
}

/** A rejected application, or one asked for more, may be sent again. */
const RESUBMITTABLE: readonly string[] = [ACTIVATION.rejected, ACTIVATION.supplementRequired];

/**
 * Saves the signed-in user's profile. `resubmit`: a rejected (7) or to-supplement (8) account
 * sends it back to review (5); it is not approved, so it may name another institution, which the
 * reviewer then sees. `complete`: an invited account fills in what it lacks. `update`: an active
 * account keeps its profile current. `complete` and `update` never move the account: its
 * institution, roles and activation stay, and the bank-managed fields must keep their values,
 * blank ones included (refuseBankManagedChanges).
 */
export async function saveProfile(
  db: Db,
  user: SessionUser,
  profile: TProfile,
  change: ProfileChange,
  ip: string,
  locale: Locale = user.locale as Locale,
): Promise<void> {
  if (change === 'resubmit' && !RESUBMITTABLE.includes(user.activation)) throw new AppError('PRT_CONFLICT');
  if (change === 'complete' && user.profileComplete) throw new AppError('PRT_CONFLICT');
  if (change === 'update' && !ACCESS_ACTIVATIONS.includes(user.activation))
    throw new AppError('PRT_ACCOUNT_NOT_ACTIVE');
  await db.transaction().execute(async (trx) => {
    let institutionId: number | undefined;
    if (change === 'resubmit') {
      institutionId = await institutionFor(trx, profile);
    } else {
      const row = await lockUser(trx, { id: user.id });
      if (!row) throw new AppError('PRT_CURRENT_USER_UNAVAILABLE');
      refuseBankManagedChanges(row, profile, change, locale);
    }
    await updateUser(trx, user.id, {
      name: profile.usrNm,
      phone: profile.phone,
      profile: JSON.stringify(profile),
      interestedTypes: profile.interestedTypes,
      updatedAt: new Date(),
      ...(change === 'resubmit' ? { institutionId, activation: ACTIVATION.underReview } : {}),
      ...(change === 'complete' ? { profileComplete: true } : {}),
    });
    // Files: the introduction attachments must be the user's own; they are attached to the account.
    await attachIntroAttachments(trx, {
      lgcSns: profile.introAttachments,
      user: { id: user.id, lgcSn: user.lgcSn },
      locale,
    });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: change === 'resubmit' ? AUDIT_ACTIONS.resubmitted : AUDIT_ACTIONS.updated,
      targetType: 'user',
      targetId: user.lgcSn,
      ...(change === 'resubmit' ? { detail: { institution: profile.instNm, swift: profile.instSwiftCode } } : {}),
      ip,
    });
  });
}
