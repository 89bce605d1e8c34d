/**
 * Activation states and role codes for code that runs on every page (route guard, header),
 * from the light constants module of @portal/shared (no profile schemas, no dictionaries).
 */
import { ACCESS_ACTIVATIONS, ACTIVATION, ROLE } from '@portal/shared';
import type { TUserInfo } from '@portal/shared/schemas/accounts';

export { ACCESS_ACTIVATIONS, ACTIVATION, ROLE };

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
