import type { TProfile } from '@portal/shared/schemas/accounts';

type ProfileField = keyof TProfile;

/** The profile's fields, in the groups of the form (also the order of the read-only view). */
export const PROFILE_SECTIONS = {
  institution: [
    'instNm',
    'instSwiftCode',
    'branchType',
    'branchName',
    'branchSwiftCode',
    'branchRegistrationPlace',
    'headOfficeEmployee',
    'actingOnBehalf',
    'actingForInstitution',
  ],
  person: ['usrNm', 'jobTitle', 'department', 'userRole', 'phone'],
  location: ['continent', 'country', 'officeAddress'],
  contacts: ['mainContactBranch', 'usualContactBranches'],
  cooperation: ['releaseInfoTypes', 'interestedTypes', 'businessScope', 'introAttachments'],
} as const satisfies Record<string, readonly ProfileField[]>;

export type ProfileSection = keyof typeof PROFILE_SECTIONS;
export const PROFILE_SECTION_KEYS = Object.keys(PROFILE_SECTIONS) as ProfileSection[];

/** Every profile field's form path (for validating the profile step of a form). */
export const PROFILE_FIELD_PATHS = Object.values(PROFILE_SECTIONS)
  .flat()
  .map((field) => ['profile', field] as const);
