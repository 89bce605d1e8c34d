/** Rows of the user-management API as the tests of its pages use them. */
import type { ManagedInstitution, ManagedUser } from './user-management-api.ts';

/** Kevin Lau, an active user of Harbourview Commercial Bank. */
export function managedUser(overrides: Partial<ManagedUser> = {}): ManagedUser {
  return {
    lgcSn: 'U2',
    emailAdr: 'kevin.lau@harbourview.example',
    usrNm: 'Kevin Lau',
    phone: null,
    jobTitle: null,
    instNm: 'Harbourview Commercial Bank',
    instSwiftCode: 'HVCBHKHH',
    rlTpcd: ['10'],
    actvtInd: '1',
    status: 'active',
    stoppedReason: null,
    invitationPending: false,
    institutionStopped: false,
    mainContactBranch: null,
    lastLoginAt: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

/** Lakeside Bank, an active partner institution with three users. */
export function managedInstitution(overrides: Partial<ManagedInstitution> = {}): ManagedInstitution {
  return {
    lgcSn: 'I2',
    name: 'Lakeside Bank',
    swiftCode: 'LKSBGB2L',
    kind: 'partner',
    country: 'GB',
    status: 'active',
    userCount: 3,
    createdAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}
