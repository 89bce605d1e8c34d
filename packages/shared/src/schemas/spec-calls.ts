/**
 * The answers of three calls of SPEC §7 that the portal maps to typed routes
 * (docs/decisions/0021): `/user/p1/detailForBthw`, `/user/p1/getRegisterVerifyOrg` and
 * `/front/bthw/queryContactById`. SPEC names them without their answers; each shape is the
 * reading that decision writes down.
 */
import { z } from 'zod';
import { ZCode, ZEmail, ZSwiftCode } from './accounts.ts';

/**
 * `detailForBthw`: the signed-in user as the cooperation screens need them, the submitter of a
 * request (SPEC §3 "submitter name, work e-mail, phone") and the institution it is published for.
 */
export const ZUserDetailForBthw = z.object({
  lgcSn: z.string(),
  usrNm: z.string().describe('Submitter name'),
  emailAdr: z.string().describe('Work e-mail'),
  phone: z.string().nullable().describe('Contact phone of the profile'),
  jobTitle: z.string().nullable(),
  instNm: z.string().nullable().describe('The institution requests are published for (null: none)'),
  instSwiftCode: z.string().nullable(),
  instCountry: z.string().nullable().describe('Country/region code of the institution'),
  /** The bank's own institution (its branches publish without a master agreement). */
  bankInstitution: z.boolean(),
});
export type TUserDetailForBthw = z.infer<typeof ZUserDetailForBthw>;

/**
 * `getRegisterVerifyOrg` request: during registration, after the e-mail code, which institution
 * the portal already knows under the SWIFT code typed. The e-mail and its registration code are
 * asked again so that only someone registering with a work e-mail can look institutions up.
 */
export const ZRegisterVerifyOrgRequest = z.object({
  emailAdr: ZEmail,
  emailCode: ZCode,
  instSwiftCode: ZSwiftCode,
});
export type TRegisterVerifyOrgRequest = z.infer<typeof ZRegisterVerifyOrgRequest>;

/** The institution of institution management with that SWIFT code, or null (a new one is created on registering). */
export const ZRegisterVerifyOrg = z
  .object({
    instNm: z.string(),
    instSwiftCode: z.string(),
    country: z.string().nullable(),
    continent: z.string().nullable(),
  })
  .nullable();
export type TRegisterVerifyOrg = z.infer<typeof ZRegisterVerifyOrg>;

/** `queryContactById`: the contact of a cooperation request, by the request's lgcSn. */
export const ZRequestContact = z.object({
  requestLgcSn: z.string(),
  instNm: z.string().describe('Publishing institution'),
  instSwiftCode: z.string().nullable(),
  country: z.string().nullable(),
  contactName: z.string().describe('Submitter name'),
  contactEmail: z.string().describe('Work e-mail'),
  contactPhone: z.string().describe('Phone'),
});
export type TRequestContact = z.infer<typeof ZRequestContact>;
