/**
 * Accounts: the contract between the web app and the server for registration, log-in,
 * passwords, the current user and the back office's review (SPEC §3, §5, §7).
 * Field names follow SPEC §3/§7 where it names them (emailAdr, pwd, verifyCode, …).
 * A zod message that is a key under `errors.validation` names the rule (see validation.ts).
 */
import { z } from 'zod';
import { BRANCH_TYPES, USER_ROLES } from '../account-constants.ts';
import { findEntry } from '../dictionaries/index.ts';
import type { DictType } from '../dictionaries/types.ts';
import { labelFields } from '../field-labels.ts';
import { passwordProblems } from '../password.ts';
import { ZEmail, ZIsoDate, ZPageQuery } from './common.ts';
import { ZFileInfo } from './files.ts';

/** SWIFT/BIC: exactly 8 or 11 upper-case letters and digits, with upper-case letters in it. */
export const SWIFT_PATTERN = /^(?=.*[A-Z])[A-Z0-9]{8}([A-Z0-9]{3})?$/;
export const ZSwiftCode = z.string().trim().regex(SWIFT_PATTERN, { message: 'swift' });

/** International phone: optional +, digits, spaces, dashes, brackets; 6 to 20 digits in all. */
export const ZPhone = z
  .string()
  .trim()
  .min(1)
  .max(30)
  .refine(
    (value) =>
      /^\+?[\d\s\-()]+$/.test(value) &&
      (value.match(/\d/g)?.length ?? 0) >= 6 &&
      (value.match(/\d/g)?.length ?? 0) <= 20,
    {
      message: 'phone',
    },
  );

/** A code of one of the dictionaries (countries, branches, cooperation types…). */
export function ZDictCode(type: DictType) {
  return z.string().refine((code) => findEntry(type, code) !== undefined, { message: 'unknownCode' });
}

// In common.ts: the content schemas use it too, and must not load these (and the dictionaries).
export { ZEmail };

/** A 4-character code (picture or e-mail), trimmed (SPEC §5). */
export const ZCode = z.string().trim().min(1).max(4);

/** The password policy of password.ts, reported as one rule per problem. */
export const ZPassword = z.string().superRefine((value, ctx) => {
  for (const rule of passwordProblems(value)) {
    ctx.addIssue({ code: 'custom', message: `password_${rule}` });
  }
});

export { ACCESS_ACTIVATIONS, ACTIVATION, BRANCH_TYPES, ROLE, USER_ROLES } from '../account-constants.ts';

export const ZActivation = z.enum(['1', '5', '6', '7', '8']);
export type TActivation = z.infer<typeof ZActivation>;

export const ZRoleCode = z.enum(['10', '20', '50', '99']);

/** What the web app may show about the signed-in user (SPEC §3 "User info"). */
export const ZUserInfo = z.object({
  lgcSn: z.string(),
  usrNm: z.string(),
  emailAdr: z.string(),
  rlTpcd: z.array(z.string()).describe('Role type codes; 50 = bank staff (back office)'),
  nfrcModPswdInd: z.enum(['0', '1']).describe('1 = must change password now'),
  agrInd: z.enum(['0', '1']).describe('1 = agreement accepted'),
  cplInd: z.enum(['0', '1']).describe('1 = profile must be completed'),
  actvtInd: ZActivation.describe('Activation: 5 review, 7 rejected, 8 supplement, 1/6 active'),
  instNm: z.string().nullable(),
  locale: z.enum(['en-US', 'zh-CN']),
  reviewNote: z.string().nullable().describe('Why the review rejected or asked for more'),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

/** The log-in's answer: the user info, and whether this was the account's first log-in ever. */
export const ZLoginResult = ZUserInfo.extend({
  firstLogin: z.boolean().describe('true when the account had never logged in before (the home page greets it so)'),
});
export type TLoginResult = z.infer<typeof ZLoginResult>;

/**
 * An application's state as the browser that registered it may read it without logging in
 * (GET /user/p1/applicationStatus, by the cookie set at registration).
 */
export const ZApplicationStatus = z.object({
  actvtInd: ZActivation.describe('5 under review, 7 rejected, 8 supplement required, 1/6 approved'),
  usrNm: z.string(),
  instNm: z.string().nullable(),
  reviewNote: z.string().nullable().describe('Why the review rejected or asked for more'),
  submittedAt: z.string().describe('When the account was registered (ISO 8601)'),
});
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;

// ---------- picture code and e-mail codes ----------

export const ZCaptcha = z.object({
  verifyCodeTraceId: z.string(),
  base64Image: z.string().describe('data: URL of the picture (SVG)'),
});
export type TCaptcha = z.infer<typeof ZCaptcha>;

/** emailType: 1 registration, 2 password reset, 3 log-in (SPEC §7 uses 3 for log-in). */
export const ZEmailType = z.enum(['1', '2', '3']);
/**
 * A log-in code (3) is sent only to someone who passes what a log-in checks first: the password
 * and a picture code (a wrong one counts as a failed log-in). So nobody who does not know the
 * password can spend an account's log-in codes (or its daily allowance of them).
 */
export const ZEmailCodeRequest = z
  .object({
    emailAdr: ZEmail,
    emailType: ZEmailType,
    pwd: z.string().max(128).optional().describe('Log-in codes (3) only: the password'),
    verifyCode: z.string().trim().max(4).optional().describe('Log-in codes (3) only: the picture code'),
    verifyCodeTraceId: z.string().max(64).optional().describe('Log-in codes (3) only: its trace id'),
  })
  .superRefine((value, ctx) => {
    if (value.emailType !== '3') return;
    for (const field of ['pwd', 'verifyCode', 'verifyCodeTraceId'] as const) {
      if (!value[field]) ctx.addIssue({ code: 'custom', message: 'required', path: [field] });
    }
  });
export type TEmailCodeRequest = z.infer<typeof ZEmailCodeRequest>;
export const ZEmailCodeSent = z.object({ resendAfterSeconds: z.number().int() });

// ---------- log-in ----------

export const ZLoginPrecheckRequest = z.object({ emailAdr: ZEmail });
export const ZLoginPrecheck = z.object({ flag: z.enum(['0', '1']).describe('1 = an e-mail code is needed') });

export const ZLoginRequest = z.object({
  emailAdr: ZEmail,
  pwd: z.string().min(1).max(128),
  verifyCode: ZCode,
  verifyCodeTraceId: z.string().min(1).max(64),
  emailCode: z.string().trim().max(4).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

// ---------- passwords ----------

const matching = <T extends { pwd: string; confirmPwd: string }>(value: T) => value.pwd === value.confirmPwd;
const mismatch = { message: 'passwordMismatch', path: ['confirmPwd'] };

export const ZFirstPasswordRequest = z.object({ pwd: ZPassword, confirmPwd: z.string() }).refine(matching, mismatch);
export const ZChangePasswordRequest = z
  .object({ oPwd: z.string().min(1).max(128), pwd: ZPassword, confirmPwd: z.string() })
  .refine(matching, mismatch);
export const ZResetPasswordRequest = z
  .object({ emailAdr: ZEmail, emailCode: ZCode, pwd: ZPassword, confirmPwd: z.string() })
  .refine(matching, mismatch);

// ---------- registration ----------

/** The profile of SPEC §3, as filled at registration and later in account information. */
export const ZProfile = z.object({
  instNm: z.string().trim().min(1).max(100),
  instSwiftCode: ZSwiftCode,
  usrNm: z.string().trim().min(1).max(50),
  phone: ZPhone,
  jobTitle: z.string().trim().min(1).max(50),
  userRole: z.enum(USER_ROLES),
  releaseInfoTypes: z
    .array(ZDictCode('cooperationTypes'))
    .min(1)
    .max(20)
    .describe('Cooperation type codes the user will publish'),
  branchType: z.enum(BRANCH_TYPES),
  branchName: z.string().trim().max(100).default(''),
  branchRegistrationPlace: z.union([z.literal(''), ZDictCode('countries')]).default(''),
  branchSwiftCode: z.union([z.literal(''), ZSwiftCode]).default(''),
  department: z.string().trim().max(50).default(''),
  headOfficeEmployee: z.boolean().default(false),
  officeAddress: z.string().trim().min(1).max(100),
  continent: ZDictCode('continents'),
  country: ZDictCode('countries'),
  usualContactBranches: z
    .array(ZDictCode('branches'))
    .max(20)
    .default([])
    .describe('Branch codes the user usually works with'),
  mainContactBranch: z.union([z.literal(''), ZDictCode('branches')]).default(''),
  actingOnBehalf: z.boolean().default(false),
  actingForInstitution: z.string().trim().max(100).default(''),
  businessScope: z.string().trim().max(500).default(''),
  introAttachments: z.array(z.string()).max(5).default([]).describe('File ids of introduction attachments'),
  interestedTypes: z
    .array(ZDictCode('cooperationTypes'))
    .min(1)
    .max(60)
    .describe('Cooperation sub-type codes pushed to this user'),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZCheckEmailCodeRequest = z.object({ emailAdr: ZEmail, emailCode: ZCode });

export const ZRegisterRequest = z
  .object({
    emailAdr: ZEmail,
    emailCode: ZCode,
    pwd: ZPassword,
    confirmPwd: z.string(),
    agreed: z.literal(true, { message: 'agreementRequired' }),
    profile: ZProfile,
  })
  .refine(matching, mismatch)
  .refine((value) => !value.profile.actingOnBehalf || value.profile.actingForInstitution.length > 0, {
    message: 'required',
    path: ['profile', 'actingForInstitution'],
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

/**
 * Profile fields that decide or describe what an account may do: the institution (name, SWIFT,
 * its continent and country), the role asked for, the branch, the parent-bank flag and whom the
 * user acts for. The bank's review checks them; after that they change only through the bank
 * (DESIGN: security model). A user moving to another institution registers again.
 */
export const BANK_MANAGED_PROFILE_FIELDS = [
  'instNm',
  'instSwiftCode',
  'continent',
  'country',
  'userRole',
  'branchType',
  'branchName',
  'branchSwiftCode',
  'branchRegistrationPlace',
  'headOfficeEmployee',
  'actingOnBehalf',
  'actingForInstitution',
] as const satisfies readonly (keyof TProfile)[];
/**
 * A bank staff account's main contact branch is its branch: the seal applications it reviews are
 * that branch's (modules/seals). For staff it is bank-managed too; partners choose theirs.
 */
export const STAFF_BANK_MANAGED_PROFILE_FIELDS = ['mainContactBranch'] as const satisfies readonly (keyof TProfile)[];
export type TBankManagedProfileField =
  | (typeof BANK_MANAGED_PROFILE_FIELDS)[number]
  | (typeof STAFF_BANK_MANAGED_PROFILE_FIELDS)[number];

/** The profile fields that change only through the bank, for an account with these role codes. */
export function bankManagedProfileFields(roleCodes: readonly string[]): readonly TBankManagedProfileField[] {
  return roleCodes.includes('50')
    ? [...BANK_MANAGED_PROFILE_FIELDS, ...STAFF_BANK_MANAGED_PROFILE_FIELDS]
    : BANK_MANAGED_PROFILE_FIELDS;
}

const actingForNamed = {
  check: (value: { profile: TProfile }) =>
    !value.profile.actingOnBehalf || value.profile.actingForInstitution.length > 0,
  issue: { message: 'required', path: ['profile', 'actingForInstitution'] },
};

/**
 * Refill after rejection (7) or a request for more information (8), POST improve/info. The
 * account is not approved and goes back to review (5), so every field may change, the
 * institution too: the reviewer sees the new one.
 */
export const ZProfileResubmitRequest = z
  .object({ profile: ZProfile })
  .refine(actingForNamed.check, actingForNamed.issue);

/**
 * Profile upkeep of an account that may be active: POST updateUserInfo and completeInfo (an
 * invited account completing its profile). Never moves the account: the institution, roles and
 * activation are not taken from it. The fields of BANK_MANAGED_PROFILE_FIELDS must equal the
 * account's current values (the web shows them read-only); a changed one is refused with 422
 * naming the field (rule `bankManaged`), never dropped silently. A field the account has no
 * value for yet (an invited account's branch details) may be filled in once. Unknown fields
 * (rlTpcd, institutionId, …) are refused too.
 */
export const ZProfileUpdateRequest = z
  .strictObject({ profile: ZProfile.strict() })
  .describe(
    'Bank-managed fields (institution, continent, country, userRole, branch*, headOfficeEmployee, acting*) must equal the current values',
  )
  .refine(actingForNamed.check, actingForNamed.issue);
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

export const ZAccountInfo = z.object({
  user: ZUserInfo,
  profile: ZProfile.partial(),
  /** Names and sizes of the profile's introduction attachments. */
  attachments: z.array(ZFileInfo).default([]),
});

// ---------- back office ----------

export const ZRegistrationListQuery = ZPageQuery.extend({
  activation: z.enum(['5', '7', '8', 'approved', 'all']).default('5').describe('approved = 1 or 6; all = every state'),
  q: z.string().trim().max(100).optional(),
});

export const ZRegistrationSummary = z.object({
  lgcSn: z.string(),
  emailAdr: z.string(),
  usrNm: z.string(),
  instNm: z.string().nullable(),
  instSwiftCode: z.string().nullable(),
  country: z.string().nullable(),
  actvtInd: ZActivation,
  submittedAt: z.string(),
});

export const ZRegistrationDetail = ZRegistrationSummary.extend({
  profile: ZProfile.partial(),
  reviewNote: z.string().nullable(),
  /** Names and sizes of the profile's introduction attachments (download: /api/fileP1/download/{lgcSn}). */
  attachments: z.array(ZFileInfo).default([]),
});

export const ZReviewDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve'), note: z.string().trim().max(500).optional() }),
  z.object({ decision: z.literal('reject'), note: z.string().trim().min(1).max(500) }),
  z.object({ decision: z.literal('supplement'), note: z.string().trim().min(1).max(500) }),
]);
export type TReviewDecision = z.infer<typeof ZReviewDecision>;

export const ZAuditQuery = ZPageQuery.extend({
  action: z.string().trim().max(64).optional(),
  actor: z.string().trim().max(254).optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  targetName: z
    .string()
    .nullable()
    .default(null)
    .describe("The target's current name: a person, institution, request or seal; null when gone or unnamed"),
  targetInstitution: z.string().nullable().default(null).describe('The institution the target belongs to'),
});

/** The version in force of the user agreement and personal-information policy (published together). */
export const ZAgreementVersion = z.object({
  version: z.string(),
  effectiveDate: z.string().describe('YYYY-MM-DD'),
  publishedAt: z.string(),
});
export type TAgreementVersion = z.infer<typeof ZAgreementVersion>;

/** Publishing a new version: every account is asked to accept it. */
export const ZPublishAgreementRequest = z.object({
  version: z.string().trim().min(1).max(20),
  effectiveDate: z.iso.date(),
});

// The labels these forms show, so their messages name the field as the form does (issue 26).
const NEW_PASSWORD_LABELS = { pwd: 'accounts.fields.newPassword', confirmPwd: 'accounts.fields.confirmPassword' };
labelFields(ZFirstPasswordRequest, NEW_PASSWORD_LABELS);
labelFields(ZChangePasswordRequest, { ...NEW_PASSWORD_LABELS, oPwd: 'accounts.fields.currentPassword' });
labelFields(ZResetPasswordRequest, { ...NEW_PASSWORD_LABELS, emailAdr: 'accounts.fields.workEmail' });
labelFields(ZPublishAgreementRequest, {
  version: 'backoffice.agreementVersions.version',
  effectiveDate: 'backoffice.agreementVersions.effectiveDate',
});
