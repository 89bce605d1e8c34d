/**
 * The activation states and role codes of the accounts contract, for code that runs on every
 * page (route guard, header). They mirror `@portal/shared/schemas/accounts`, whose module also
 * builds the profile schemas and with them pulls every dictionary (countries, branches) into
 * whatever imports it; the initial bundle imports only its types. `satisfies` and a unit test
 * keep the copies identical to the contract.
 */
import type {
  ACTIVATION as CONTRACT_ACTIVATION,
  ROLE as CONTRACT_ROLE,
  TActivation,
  TUserInfo,
} from '@portal/shared/schemas/accounts';

export const ACTIVATION = {
  approved: '1',
  underReview: '5',
  activatedByInvitation: '6',
  rejected: '7',
  supplementRequired: '8',
} as const satisfies typeof CONTRACT_ACTIVATION;

export const ROLE = {
  general: '10',
  institutionAdmin: '20',
  bankStaff: '50',
  systemAdmin: '99',
} as const satisfies typeof CONTRACT_ROLE;

/** Activation states that may use login-protected pages (SPEC §4: '1' and '6'). */
export const ACCESS_ACTIVATIONS: readonly TActivation[] = [ACTIVATION.approved, ACTIVATION.activatedByInvitation];

export function hasAccess(user: Pick<TUserInfo, 'actvtInd'>): boolean {
  return ACCESS_ACTIVATIONS.includes(user.actvtInd);
}

export function hasRole(user: Pick<TUserInfo, 'rlTpcd'>, role: string): boolean {
  return user.rlTpcd.includes(role);
}

/** Bank staff (role 50) see the back-office link and may open /backend (SPEC §6). */
export function isBankStaff(user: Pick<TUserInfo, 'rlTpcd'>): boolean {
  return hasRole(user, ROLE.bankStaff);
}
