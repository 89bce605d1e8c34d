/**
 * What a signed-in user must do next (SPEC §4), decided from the user info alone, in order:
 *
 * 1. forced password change (nfrcModPswdInd '1', profile not to be completed) → set-password dialog;
 * 2. agreement not accepted (agrInd '0', profile not to be completed) → agreement dialog;
 * 3. more information requested (actvtInd '8') or profile to complete (cplInd '1') → "please
 *    supplement user information" and the registration form in refill mode;
 * 4. rejected (actvtInd '7') → the rejection message and the registration form in refill mode;
 * 5. under review (actvtInd '5') → /UnderReview;
 * 6. otherwise the user goes on: to the remembered page, or stays where they are.
 */
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { HOME_PATH } from '../../app/route-paths.ts';
import { ACTIVATION } from './account-states.ts';
import { REGISTER_PATH, RESET_PASSWORD_PATH, SUBMIT_SUCCESS_PATH, UNDER_REVIEW_PATH } from './paths.ts';

export type AccountStep =
  | { kind: 'setPassword' }
  | { kind: 'agreement' }
  | { kind: 'supplement'; via: RefillMode }
  | { kind: 'rejected'; note: string | null }
  | { kind: 'underReview' }
  | { kind: 'proceed' };

/**
 * How the registration form in refill mode submits: `improve` (POST improve/info, back to
 * review) after a rejection or a request for more; `complete` (POST completeInfo) when the profile
 * of an invited account lacks information.
 */
export type RefillMode = 'improve' | 'complete';

type StepUser = Pick<TUserInfo, 'nfrcModPswdInd' | 'agrInd' | 'cplInd' | 'actvtInd' | 'reviewNote'>;

export function nextAccountStep(user: StepUser): AccountStep {
  const completing = user.cplInd === '1';
  if (user.nfrcModPswdInd === '1' && !completing) return { kind: 'setPassword' };
  if (user.agrInd === '0' && !completing) return { kind: 'agreement' };
  if (user.actvtInd === ACTIVATION.supplementRequired || completing) {
    return { kind: 'supplement', via: refillMode(user) ?? 'complete' };
  }
  if (user.actvtInd === ACTIVATION.rejected) return { kind: 'rejected', note: user.reviewNote };
  if (user.actvtInd === ACTIVATION.underReview) return { kind: 'underReview' };
  return { kind: 'proceed' };
}

/** The refill mode of the registration form for this user, or null when there is nothing to refill. */
export function refillMode(user: Pick<TUserInfo, 'actvtInd' | 'cplInd'>): RefillMode | null {
  if (user.actvtInd === ACTIVATION.rejected || user.actvtInd === ACTIVATION.supplementRequired) return 'improve';
  if (user.cplInd === '1') return 'complete';
  return null;
}

/** Pages that make no sense to stay on once signed in: the user goes home from them. */
const LEAVE_AFTER_LOGIN: readonly string[] = [
  SUBMIT_SUCCESS_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  UNDER_REVIEW_PATH,
];

/**
 * Where an active user goes after logging in: from /SumitSuccess always home (SPEC §2);
 * otherwise the page the guard remembered (with its query), or home from the account pages,
 * or nowhere (null: stay on the current page).
 */
export function destinationAfterLogin(currentPath: string, nextPath: string | null): string | null {
  if (currentPath === SUBMIT_SUCCESS_PATH) return HOME_PATH;
  if (nextPath?.startsWith('/') && !nextPath.startsWith('//')) return nextPath;
  if (LEAVE_AFTER_LOGIN.includes(currentPath)) return HOME_PATH;
  return null;
}

/** Where a step that is not a dialog leads (null for dialogs and for going on). */
export function pathForStep(step: AccountStep): string | null {
  switch (step.kind) {
    case 'supplement':
    case 'rejected':
      return REGISTER_PATH;
    case 'underReview':
      return UNDER_REVIEW_PATH;
    default:
      return null;
  }
}
