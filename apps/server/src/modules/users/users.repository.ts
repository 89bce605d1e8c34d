/** The app_user table's queries, and the invitation codes the users module issues. */
import { ACTIVATION, ROLE } from '@portal/shared';
import { type InsertObject, type Selectable, sql, type UpdateObject } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import type { AppUserTable, Database } from '../../db/schema.ts';
import { AUDIT_ACTIONS } from '../../platform/audit.ts';

export type UserRow = Selectable<AppUserTable>;
type WithRoleCodes<T> = Omit<T, 'roleCodes'> & { roleCodes?: readonly string[] };
export type UserChange = WithRoleCodes<UpdateObject<Database, 'appUser'>>;
export type NewUser = WithRoleCodes<InsertObject<Database, 'appUser'>>;

/** Role codes as a text[] parameter. */
function withRoleCodes<T extends { roleCodes?: readonly string[] }>({ roleCodes, ...rest }: T) {
  return roleCodes === undefined ? rest : { ...rest, roleCodes: sql<string[]>`${[...roleCodes]}::text[]` };
}

/** Holds a transaction-scoped advisory lock on `key` until the caller's transaction ends. */
export async function lockForTransaction(db: Db, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(db);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** Whether an account uses this address (the upload route asks, through app.ts). */
export async function isEmailRegistered(db: Db, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByLgcSn(db: Db, lgcSn: string): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

/** The account's row, locked for the caller's transaction. */
export async function lockUser(db: Db, by: { id: number } | { lgcSn: string }): Promise<UserRow | undefined> {
  const query = db.selectFrom('appUser').selectAll();
  return ('id' in by ? query.where('id', '=', by.id) : query.where('lgcSn', '=', by.lgcSn))
    .forUpdate()
    .executeTakeFirst();
}

export async function insertUser(db: Db, values: NewUser): Promise<void> {
  await db.insertInto('appUser').values(withRoleCodes(values)).execute();
}

/** Inserts the account unless its address is taken meanwhile; its id, or undefined. */
export async function insertUserUnlessEmailTaken(db: Db, values: NewUser): Promise<number | undefined> {
  const inserted = await db
    .insertInto('appUser')
    .values(withRoleCodes(values))
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function updateUser(db: Db, id: number, change: UserChange): Promise<void> {
  await db.updateTable('appUser').set(withRoleCodes(change)).where('id', '=', id).execute();
}

/** Deletes the account (those it invited keep no link to it); false when it was gone already. */
export async function deleteUser(db: Db, id: number): Promise<boolean> {
  await db.updateTable('appUser').set({ invitedBy: null }).where('invitedBy', '=', id).execute();
  const deleted = await db.deleteFrom('appUser').where('id', '=', id).returning('id').executeTakeFirst();
  return deleted !== undefined;
}

/** Active accounts with the system-administrator role: without a password = invited. */
export async function findActiveSystemAdmins(db: Db, limit?: number) {
  const query = db
    .selectFrom('appUser')
    .select(['email', 'passwordHash'])
    .where(sql<boolean>`role_codes @> array[${sql.lit(ROLE.systemAdmin)}]::text[]`)
    .where('status', '=', 'active');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

export type UserListFilter = {
  q?: string | undefined;
  /** Whether `q` also matches the institution's name. */
  qMatchesInstitution: boolean;
  status: string;
  institutionLgcSn?: string | undefined;
  institutionId?: number | undefined;
};

/** One page of accounts with their institutions, newest first. */
export async function findUserPage(db: Db, filter: UserListFilter, page: { pageNo: number; pageSize: number }) {
  let query = db.selectFrom('appUser as u').leftJoin('institution as i', 'i.id', 'u.institutionId');
  if (filter.institutionId !== undefined) query = query.where('u.institutionId', '=', filter.institutionId);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb('u.name', 'ilike', pattern),
        ...(filter.qMatchesInstitution ? [eb('i.name', 'ilike', pattern)] : []),
      ]),
    );
  }
  if (filter.status !== 'all') query = query.where('u.status', '=', filter.status as 'active' | 'stopped');
  if (filter.institutionLgcSn) query = query.where('i.lgcSn', '=', filter.institutionLgcSn);
  const total = await totalOf(query);
  const rows = await query
    .select([
      'u.lgcSn',
      'u.email',
      'u.name',
      'u.phone',
      'u.roleCodes',
      'u.activation',
      'u.status',
      'u.stoppedReason',
      'u.passwordHash',
      'u.lastLoginAt',
      'u.createdAt',
      'u.profile',
      'i.name as instNm',
      'i.swiftCode',
      'i.status as institutionStatus',
    ])
    .orderBy('u.createdAt', 'desc')
    .orderBy('u.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return { rows, total };
}

/**
 * The institution of whoever stopped the account last: undefined when it was never stopped
 * (the dormant sweep's stop is logged under another action), null when the actor has none or is
 * no longer known.
 */
export async function findLastStopperInstitution(db: Db, lgcSn: string) {
  return db
    .selectFrom('auditLog as a')
    .leftJoin('appUser as actor', 'actor.id', 'a.actorUserId')
    .select(['actor.institutionId'])
    .where('a.action', '=', AUDIT_ACTIONS.stopped)
    .where('a.targetType', '=', 'user')
    .where('a.targetId', '=', lgcSn)
    .orderBy('a.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the audit log says the account `lgcSn` was deleted (a second delete deletes no user). */
export async function wasUserDeleted(db: Db, lgcSn: string): Promise<boolean> {
  const row = await db
    .selectFrom('auditLog')
    .select('id')
    .where('action', '=', AUDIT_ACTIONS.deleted)
    .where('targetType', '=', 'user')
    .where('targetId', '=', lgcSn)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many rows of each kind the institution keeps refer to the user (see recordsOfUser). */
export async function countRecordsOfUser(db: Db, userId: number) {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('cooperationRequest')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('ownerUserId', '=', userId)
        .as('requests'),
      eb
        .selectFrom('cooperationIntention')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where((w) => w.or([w('senderUserId', '=', userId), w('respondedBy', '=', userId)]))
        .as('intentions'),
      eb
        .selectFrom('masterAgreement')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where((w) => w.or([w('userId', '=', userId), w('signedBy', '=', userId)]))
        .as('agreements'),
      eb
        .selectFrom('cooperationPush')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('pushedBy', '=', userId)
        .as('pushes'),
      eb
        .selectFrom('seal')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where((w) => w.or([w('applicantUserId', '=', userId), w('reviewerUserId', '=', userId)]))
        .as('seals'),
      eb
        .selectFrom('contractEvent')
        .select((c) => c.fn.countAll<string>().as('n'))
        .where('userId', '=', userId)
        .as('contracts'),
    ])
    .executeTakeFirstOrThrow();
}

// ---------- invitation codes (verification_code rows of purpose 'invite') ----------

export async function insertInvitationCode(db: Db, code: { email: string; codeHash: string; expiresAt: Date }) {
  await db
    .insertInto('verificationCode')
    .values({ purpose: 'invite', email: code.email, codeHash: code.codeHash, expiresAt: code.expiresAt })
    .execute();
}

/** The unused, unexpired invitation with this code hash. */
export async function findLiveInvitation(db: Db, codeHash: string) {
  return db
    .selectFrom('verificationCode')
    .select(['id', 'email'])
    .where('purpose', '=', 'invite')
    .where('codeHash', '=', codeHash)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}

/** An invitation of this hash that was used already (accepted), if any. */
export async function findUsedInvitation(db: Db, codeHash: string) {
  return db
    .selectFrom('verificationCode')
    .select(['id', 'email'])
    .where('purpose', '=', 'invite')
    .where('codeHash', '=', codeHash)
    .where('consumedAt', 'is not', null)
    .executeTakeFirst();
}

/** Uses the invitation up; false when it was used already. */
export async function consumeInvitation(db: Db, id: number): Promise<boolean> {
  const consumed = await db
    .updateTable('verificationCode')
    .set({ consumedAt: new Date() })
    .where('id', '=', id)
    .where('consumedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return consumed !== undefined;
}

/** When the address's newest unused invitation runs out, or undefined when none is valid at `now`. */
export async function liveInvitationUntil(db: Db, email: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('verificationCode')
    .select('expiresAt')
    .where('purpose', '=', 'invite')
    .where('email', '=', email)
    .where('consumedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('expiresAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.expiresAt) : undefined;
}

/** Every code sent to the address (the account is deleted). */
export async function deleteCodesOf(db: Db, email: string): Promise<void> {
  await db.deleteFrom('verificationCode').where('email', '=', email).execute();
}

/** Names and addresses of users by id (for lists that show who did what). */
export async function findUserNames(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('appUser')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Ids of users whose name or e-mail contains `pattern` (an ILIKE pattern). */
export async function findUserIdsMatching(db: Db, pattern: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]))
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Active bank staff whose main contact branch is `branch`, and the active system administrators:
 * the reviewers of that branch's seal applications.
 */
export async function findBranchReviewerIds(db: Db, branch: string): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where('status', '=', 'active')
    .where('activation', 'in', [ACTIVATION.approved, ACTIVATION.activatedByInvitation])
    .where((eb) =>
      eb.or([
        eb(eb.val<string>(ROLE.systemAdmin), '=', eb.fn.any('roleCodes')),
        eb.and([
          eb(eb.val<string>(ROLE.bankStaff), '=', eb.fn.any('roleCodes')),
          eb(eb.ref('profile', '->>').key('mainContactBranch'), '=', branch),
        ]),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}
