/**
 * Messages (SPEC §3 Message, §4 message types): reading a user's messages, marking them read and
 * counting the unread ones. The unread count uses the partial index `message_unread_idx`
 * (user_id where read_at is null): it is asked for on every page and by every open stream.
 */
import { ROLE } from '@portal/shared';
import type { TMessageListQuery } from '@portal/shared/schemas/messages';
import { sql } from 'kysely';
import { StatementShapes } from '../../db/compiled.ts';
import type { Db } from '../../db/database.ts';
import { totalOf } from '../../db/list-query.ts';
import type { MessageTable } from '../../db/schema.ts';

export type MessageType = MessageTable['type'];

export type MessageRow = {
  lgcSn: string;
  type: MessageType;
  readAt: Date | null;
  createdAt: Date;
  requestLgcSn: string | null;
  requestName: string | null;
  requestStatus: 'draft' | 'effective' | 'invalid' | null;
  requestInvalidReason: 'expired' | 'withdrawn' | 'takenDown' | null;
  institutionName: string | null;
  publisherName: string | null;
  link: string | null;
  subject: string | null;
};

/** One page of the user's messages, newest first, with the request and institution they name. */
export async function findMessages(db: Db, userId: number, query: TMessageListQuery) {
  let base = db
    .selectFrom('message as m')
    .leftJoin('cooperationRequest as r', 'r.id', 'm.requestId')
    .leftJoin('institution as i', 'i.id', 'm.institutionId')
    .leftJoin('institution as pi', 'pi.id', 'r.institutionId')
    .where('m.userId', '=', userId);
  if (query.type) base = base.where('m.type', '=', query.type);
  if (query.status === 'unread') base = base.where('m.readAt', 'is', null);
  if (query.status === 'read') base = base.where('m.readAt', 'is not', null);
  const total = await totalOf(base);
  const rows: MessageRow[] = await base
    .select([
      'm.lgcSn',
      'm.type',
      'm.readAt',
      'm.createdAt',
      'r.lgcSn as requestLgcSn',
      'r.name as requestName',
      'r.status as requestStatus',
      'r.invalidReason as requestInvalidReason',
      'i.name as institutionName',
      'pi.name as publisherName',
      'm.link',
      'm.subject',
    ])
    .orderBy('m.createdAt', 'desc')
    .orderBy('m.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

/** Marks the user's own unread messages among `lgcSns` read; answers how many were. */
export async function markRead(db: Db, userId: number, lgcSns: string[]): Promise<number> {
  const rows = await db
    .updateTable('message')
    .set({ readAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('lgcSn', 'in', lgcSns)
    .where('readAt', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Marks every unread message of the user read; answers how many were. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const result = await db
    .updateTable('message')
    .set({ readAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The user's unread count: one count on the partial index. */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await unreadCount.execute(db, '', { userId });
  return Number(row!.num);
}

/** countUnread's statement, built once (db/compiled.ts). */
const unreadCount = new StatementShapes((db: Db, v: { userId: number }) =>
  db
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('num'))
    .where('userId', '=', v.userId)
    .where('readAt', 'is', null),
);

/** Unread counts of several users at once (users without unread messages are absent: 0). */
export async function countUnreadOf(db: Db, userIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('message')
    .select(['userId', (eb) => eb.fn.countAll<number>().as('num')])
    .where('userId', 'in', userIds)
    .where('readAt', 'is', null)
    .groupBy('userId')
    .execute();
  for (const row of rows) counts.set(row.userId, Number(row.num));
  return counts;
}

export type NewMessage = {
  userId: number;
  type: MessageType;
  requestId: number | null;
  /** The other institution the message is about. */
  institutionId: number | null;
  /** Seals and contracts: the web path opening it leads to, and the seal's name or contract's title. */
  link?: string | null;
  subject?: string | null;
};

/** Writes messages (inside the caller's transaction); answers the users who got one. */
export async function insertMessages(db: Db, messages: NewMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insertInto('message')
    .values(messages.map((m) => ({ lgcSn: sql<string>`gen_random_uuid()::text`, ...m })))
    .returning('userId')
    .execute();
  return [...new Set(rows.map((r) => r.userId))];
}

/** One kind of message about one request to many users, in one statement (an array parameter). */
export type MessageToUsers = Omit<NewMessage, 'userId'> & { userIds: readonly number[] };

export async function insertMessageToUsers(db: Db, message: MessageToUsers): Promise<number[]> {
  if (message.userIds.length === 0) return [];
  const ids = message.userIds.map(Number);
  const result = await sql<{ uid: number }>`
    insert into message (lgc_sn, user_id, type, request_id, institution_id, link, subject)
    select gen_random_uuid()::text, uid, ${message.type}, ${message.requestId}::bigint, ${message.institutionId}::bigint,
           ${message.link ?? null}::text, ${message.subject ?? null}::text
      from unnest(${ids}::bigint[]) as uid
    returning user_id as uid
  `.execute(db);
  return [...new Set(result.rows.map((row) => row.uid))];
}

/** Bank staff (role 50) with an active account: they follow every publication and deal. */
export async function activeStaffIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('appUser')
    .select('id')
    .where(sql<boolean>`role_codes @> array[${sql.lit(ROLE.bankStaff)}]::text[]`)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Of these session token hashes, those still valid for an unread stream: not expired, seen within
 * `idleSeconds`, of an active user.
 */
export async function findLiveStreamSessions(
  db: Db,
  tokenHashes: readonly string[],
  idleSeconds: number,
): Promise<Set<string>> {
  const live = await db
    .selectFrom('userSession as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .select('s.tokenHash')
    .where('s.tokenHash', 'in', tokenHashes)
    .where('s.expiresAt', '>', sql<Date>`now()`)
    .where('s.lastSeenAt', '>', sql<Date>`now() - make_interval(secs => ${idleSeconds})`)
    .where('u.status', '=', 'active')
    .execute();
  return new Set(live.map((row) => row.tokenHash));
}
