/**
 * Managing people: bank staff over every account and institution (back office), and an
 * institution administrator over the general users of their own institution (SPEC §1, §6, §8).
 */
import { z } from 'zod';
import { labelFields } from '../field-labels.ts';
import { ZActivation, ZCode, ZDictCode, ZEmail, ZPassword, ZPhone } from './accounts.ts';
import { ZPageQuery } from './common.ts';

export const ZAccountStatus = z.enum(['active', 'stopped']);

export const ZManagedUser = z.object({
  lgcSn: z.string(),
  emailAdr: z.string(),
  usrNm: z.string(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  instNm: z.string().nullable(),
  instSwiftCode: z.string().nullable(),
  rlTpcd: z.array(z.string()),
  actvtInd: ZActivation,
  status: ZAccountStatus,
  stoppedReason: z.string().nullable().describe("'dormant' for the 24-month sweep, otherwise the reason given"),
  invitationPending: z.boolean().describe('Invited and not yet activated'),
  institutionStopped: z.boolean().describe('The institution is stopped: the account cannot log in either'),
  mainContactBranch: z.string().nullable().describe('The branch whose seal queue a staff member serves'),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TManagedUser = z.infer<typeof ZManagedUser>;

export const ZUserListQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'stopped', 'all']).default('all'),
  institution: z.string().trim().max(64).optional().describe('Institution lgcSn'),
});

export const ZStopRequest = z.object({ reason: z.string().trim().min(1).max(500) });

export const ZManagedInstitution = z.object({
  lgcSn: z.string(),
  name: z.string(),
  swiftCode: z.string().nullable(),
  kind: z.enum(['partner', 'bank']),
  country: z.string().nullable(),
  status: ZAccountStatus,
  userCount: z.number().int(),
  createdAt: z.string(),
});

export const ZInstitutionListQuery = ZPageQuery.extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'stopped', 'all']).default('all'),
});

// ---------- institution administrator ----------

/**
 * The administrator's own institution, role 10 and activation 6 are the server's; they are not
 * fields of these requests, and an unknown field (rlTpcd, institution, actvtInd, …) is refused
 * with 422 rather than ignored.
 */
export const ZInviteRequest = z.strictObject({
  emailAdr: ZEmail,
  usrNm: z.string().trim().min(1).max(50),
  country: ZDictCode('countries').describe('Where the invitee works; must be in the institution’s region'),
});

export const ZInstitutionUserUpdate = z.strictObject({
  usrNm: z.string().trim().min(1).max(50),
  phone: z.union([z.literal(''), ZPhone]).default(''),
  jobTitle: z.string().trim().max(50).default(''),
});

// ---------- the bank onboards its own people (back office) ----------

/** The roles bank staff give and take in the back office (99, the system administrator, is never given). */
export const ZAssignableRole = z.enum(['10', '20', '50']);

/**
 * The system administrator's invitation: in-bank staff (role 50, serving the seal queue of
 * `mainContactBranch`) into the bank, or a partner institution's administrator (roles 10 and 20)
 * into an institution of the back office's institution management.
 */
export const ZBackofficeInviteRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('staff'),
    emailAdr: ZEmail,
    usrNm: z.string().trim().min(1).max(50),
    country: ZDictCode('countries'),
    mainContactBranch: ZDictCode('branches').describe('The branch whose seal queue the staff member serves'),
  }),
  z.strictObject({
    kind: z.literal('institutionAdmin'),
    emailAdr: ZEmail,
    usrNm: z.string().trim().min(1).max(50),
    country: ZDictCode('countries'),
    institution: z.string().trim().min(1).max(64).describe('Institution lgcSn (institution management)'),
  }),
]);
export type TBackofficeInviteRequest = z.infer<typeof ZBackofficeInviteRequest>;

/** A user's roles as bank staff set them; a branch only for staff (role 50). */
export const ZRoleChangeRequest = z.strictObject({
  rlTpcd: z.array(ZAssignableRole).min(1).max(3),
  mainContactBranch: ZDictCode('branches').optional(),
});

export const ZInvitationQuery = z.object({ token: z.string().min(20).max(100) });
export const ZInvitationInfo = z.object({ emailAdr: z.string(), usrNm: z.string(), instNm: z.string().nullable() });
export const ZAcceptInvitationRequest = z
  .object({
    token: z.string().min(20).max(100),
    pwd: ZPassword,
    confirmPwd: z.string(),
    agreed: z.literal(true, { message: 'agreementRequired' }),
  })
  .refine((v) => v.pwd === v.confirmPwd, { message: 'passwordMismatch', path: ['confirmPwd'] });

/** Re-exported for forms that need a code field next to these. */
export { ZCode };

// The labels these forms show, so their messages name the field as the form does (issue 26).
labelFields(ZInviteRequest, { country: 'users.fields.country' });
labelFields(ZBackofficeInviteRequest, {
  kind: 'users.backofficeInvite.kind',
  country: 'users.fields.country',
  mainContactBranch: 'users.roles.branch',
});
labelFields(ZRoleChangeRequest, { rlTpcd: 'users.columns.roles', mainContactBranch: 'users.roles.branch' });
