/**
 * The writes to an account that other modules ask for (auth: log-ins and passwords; the back
 * office: review decisions; the session plugin: activity). app_user is written only by the users
 * module; other modules call these through ./index.ts.
 */
import { ACTIVATION, ROLE } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/list-query.ts';
import { AppError } from '../../platform/errors.ts';
import {
  findBranchReviewerIds,
  findUserIdsMatching,
  findUserNames as findUserNamesRows,
  lockUser,
  type UserRow,
  updateUser,
} from './users.repository.ts';

/** A successful log-in at `now`. */
export async function recordLogin(db: Db, userId: number, now: Date): Promise<void> {
  await updateUser(db, userId, { lastLoginAt: now, lastActiveAt: now, updatedAt: now });
}

/** The account was used at `now` (a session seen again; the dormant sweep counts from it). */
export async function recordActivity(db: Db, userId: number, now: Date): Promise<void> {
  await updateUser(db, userId, { lastActiveAt: now });
}

/**
 * Sets a new password hash: after a change (`change`) the forced change is done; after a reset by
 * e-mail code (`reset`) the required reset is.
 */
export async function setPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  after: 'change' | 'reset',
): Promise<void> {
  await updateUser(db, userId, {
    passwordHash,
    ...(after === 'change' ? { forcePasswordChange: false } : { passwordResetRequired: false }),
    updatedAt: new Date(),
  });
}

export type ReviewOutcome = { activation: '1' | '7' | '8'; note: string | null; approve: boolean };

/**
 * Records the bank's decision on an account under review (5), in the caller's transaction: its
 * new activation and review note and, when approved, the role the applicant asked for (an
 * institution administrator: 10 and 20; else 10). PRT_USER_NOT_FOUND for no such account;
 * PRT_CONFLICT when it is not under review (decided already, possibly by a colleague a moment
 * ago: never twice). Returns the account as it was.
 */
export async function markReviewDecision(
  trx: Db,
  lgcSn: string,
  outcome: ReviewOutcome,
): Promise<Pick<UserRow, 'id' | 'email' | 'name' | 'locale'>> {
  const user = await lockUser(trx, { lgcSn });
  if (!user) throw new AppError('PRT_USER_NOT_FOUND');
  if (user.activation !== ACTIVATION.underReview) throw new AppError('PRT_CONFLICT');
  const wantsAdmin = (user.profile as { userRole?: string }).userRole === 'admin';
  await updateUser(trx, user.id, {
    activation: outcome.activation,
    reviewNote: outcome.note,
    updatedAt: new Date(),
    ...(outcome.approve ? { roleCodes: wantsAdmin ? [ROLE.general, ROLE.institutionAdmin] : [ROLE.general] } : {}),
  });
  return user;
}

/** Names and e-mail addresses of users by id, keyed by id (unknown ids are absent). */
export async function findUserNames(
  db: Db,
  ids: Iterable<number>,
): Promise<Map<number, { name: string; email: string }>> {
  const rows = await findUserNamesRows(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, { name: row.name, email: row.email }]));
}

/** Ids of the users whose name or e-mail contains `text` (at most 1,000). */
export async function searchUserIds(db: Db, text: string): Promise<number[]> {
  return findUserIdsMatching(db, containsPattern(text), 1000);
}

/** Who reviews a branch's seal applications: its active staff and the system administrators. */
export async function branchReviewerIds(db: Db, branch: string): Promise<number[]> {
  return findBranchReviewerIds(db, branch);
}

/** The branch a bank staff account reviews for (its bank-managed main contact branch), if any. */
export function staffBranchOf(user: Pick<UserRow, 'profile'> | undefined): string | null {
  const branch = (user?.profile as { mainContactBranch?: unknown } | undefined)?.mainContactBranch;
  return typeof branch === 'string' && branch ? branch : null;
}
