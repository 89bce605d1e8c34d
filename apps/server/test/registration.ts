/**
 * Registering through the API, as the registration form does: one applicant's profile, the
 * e-mailed registration code and the body POST /api/user/p1/register takes.
 */
import type { TProfile } from '@portal/shared/schemas/accounts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { lastMailTo, nextIp } from './factories.ts';

/** A complete, valid profile of a head-office applicant. */
export const applicantProfile: TProfile = {
  instNm: 'Lusitania Trade Bank',
  instSwiftCode: 'LUSTPTPL',
  usrNm: 'Rita Costa',
  phone: '+351 21 555 0100',
  jobTitle: 'Head of Trade Finance',
  userRole: 'admin',
  releaseInfoTypes: ['TRADE_FINANCE'],
  branchType: 'headOffice',
  branchName: '',
  branchRegistrationPlace: '',
  branchSwiftCode: '',
  department: 'Trade Finance',
  headOfficeEmployee: false,
  officeAddress: 'Rua Augusta 100, Lisboa',
  continent: 'EUROPE',
  country: 'PT',
  usualContactBranches: ['OS_LUXEMBOURG'],
  mainContactBranch: 'OS_LUXEMBOURG',
  actingOnBehalf: false,
  actingForInstitution: '',
  businessScope: 'Export finance for Portuguese-speaking markets.',
  introAttachments: [],
  interestedTypes: ['FORFAITING', 'LC_ADVISING'],
};

/** A complete, approved profile of a general user at a Hong Kong head office. */
export const hongKongProfile: TProfile = {
  instNm: 'Harbour Trade Bank',
  instSwiftCode: 'HRBRHKHH',
  usrNm: 'Mei Lam',
  phone: '+852 3900 1200',
  jobTitle: 'Trade Finance Manager',
  userRole: 'general',
  releaseInfoTypes: ['TRADE_FINANCE'],
  branchType: 'headOffice',
  branchName: '',
  branchRegistrationPlace: '',
  branchSwiftCode: '',
  department: '',
  headOfficeEmployee: false,
  officeAddress: '1 Harbour Road, Hong Kong',
  continent: 'ASIA',
  country: 'HK',
  usualContactBranches: [],
  mainContactBranch: '',
  actingOnBehalf: false,
  actingForInstitution: '',
  businessScope: '',
  introAttachments: [],
  interestedTypes: ['FORFAITING'],
};

/** POST /api/user/p1/getEmailCode (`emailType` 1 registration, 2 reset, 3 log-in) from a fresh client address. */
export function askEmailCode(app: FastifyInstance, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/user/p1/getEmailCode', remoteAddress: nextIp(), headers, payload });
}

/** Asks for a registration code for the address and reads it from the outbox. */
export async function registrationCodeFor(app: FastifyInstance, db: Db, email: string): Promise<string> {
  const res = await askEmailCode(app, { emailAdr: email, emailType: '1' });
  expect(res.statusCode).toBe(200);
  return (await lastMailTo(db, email)).code!;
}

/** The body of POST /api/user/p1/register: the applicant's profile with the overrides. */
export function registerPayload(
  email: string,
  emailCode: string,
  overrides: Partial<TProfile> = {},
  pwd = 'Harbor#2468',
) {
  return {
    emailAdr: email,
    emailCode,
    pwd,
    confirmPwd: pwd,
    agreed: true,
    profile: { ...applicantProfile, ...overrides },
  };
}
