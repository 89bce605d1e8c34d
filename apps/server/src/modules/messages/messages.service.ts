/**
 * Message centre (SPEC §3 Message, §4): the reader's messages with their text in the reader's
 * language, marking read, and the unread count behind the header bell. Every change of a count
 * is announced to every instance's open streams in its transaction's commit (notify.ts).
 */
import type { Locale } from '@portal/shared';
import { translate } from '@portal/shared';
import type { TMessageItem, TMessageListQuery } from '@portal/shared/schemas/messages';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import {
  activeStaffIds,
  countUnread,
  findMessages,
  insertMessages,
  insertMessageToUsers,
  type MessageRow,
  type MessageToUsers,
  markAllRead,
  markRead,
  type NewMessage,
} from './messages.repository.ts';
import { announceUnreadChanged, unreadAnnouncement } from './notify.ts';

const OWNER_OR_STAFF_TYPES = new Set<string>(['intentionReceived', 'requestPublished', 'intentionReached']);

/** The message's text in `locale`, from its type and the names it refers to. */
export function messageContent(
  locale: Locale,
  row: Pick<MessageRow, 'type' | 'requestName' | 'institutionName' | 'publisherName'> & { subject?: string | null },
): string {
  return translate(locale, `messages.content.${row.type}`, {
    request: row.requestName || translate(locale, 'messages.content.unknownRequest'),
    institution: row.institutionName || translate(locale, 'messages.content.unknownInstitution'),
    publisher: row.publisherName || translate(locale, 'messages.content.unknownInstitution'),
    subject: row.subject ?? '',
  });
}

export async function listMessages(db: Db, userId: number, locale: Locale, query: TMessageListQuery) {
  const { rows, total } = await findMessages(db, userId, query);
  const list: TMessageItem[] = rows.map((row) => {
    // A request taken down by the bank is hidden from everyone but its owner and the back office:
    // its link stays only on the owner's and the staff's messages.
    const hidden = row.requestInvalidReason === 'takenDown' && !OWNER_OR_STAFF_TYPES.has(row.type);
    return {
      lgcSn: row.lgcSn,
      type: row.type,
      content: messageContent(locale, row),
      status: row.readAt ? 'read' : 'unread',
      publishDate: new Date(row.createdAt).toISOString(),
      requestLgcSn: hidden ? null : row.requestLgcSn,
      requestName: row.requestName,
      institutionName: row.institutionName,
      link: row.link,
    };
  });
  return { list, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Marks the selected messages read; only the reader's own, and at least one must be unread. */
export async function markSelectedRead(db: Db, userId: number, lgcSns: string[]): Promise<{ count: number }> {
  const count = await inTransaction(db, async (trx) => {
    const marked = await markRead(trx, userId, [...new Set(lgcSns)]);
    if (marked > 0) announceUnreadChanged(trx, [userId]);
    return marked;
  });
  if (count === 0) throw new AppError('PRT_NO_UNREAD_SELECTED');
  return { count };
}

export async function markEverythingRead(db: Db, userId: number): Promise<{ count: number }> {
  const count = await inTransaction(db, async (trx) => {
    const marked = await markAllRead(trx, userId);
    if (marked > 0) announceUnreadChanged(trx, [userId]);
    return marked;
  });
  return { count };
}

export async function unreadCount(db: Db, userId: number): Promise<{ num: number }> {
  return { num: await countUnread(db, userId) };
}

/**
 * Writes messages inside the caller's transaction (opened by `inTransaction`); their users' open
 * streams, on every instance, are told in its commit, and not at all if it rolls back. Answers
 * the users who got one.
 */
export async function postMessages(trx: Db, messages: readonly NewMessage[]): Promise<number[]> {
  // Taken before writing: a transaction `inTransaction` did not open is refused before any row.
  const announced = unreadAnnouncement(trx);
  const userIds = await insertMessages(trx, [...messages]);
  for (const id of userIds) announced.add(id);
  return userIds;
}

/**
 * Writes one kind of message to many users (the matched institutions' users, bank staff) in one
 * statement inside the caller's transaction; their streams are told in its commit, as
 * `postMessages` does.
 */
export async function postMessageToUsers(trx: Db, message: MessageToUsers): Promise<number[]> {
  const announced = unreadAnnouncement(trx);
  const userIds = await insertMessageToUsers(trx, message);
  for (const id of userIds) announced.add(id);
  return userIds;
}

/** Who receives the bank's messages: staff (role 50) with an active account. */
export async function staffRecipients(db: Db): Promise<number[]> {
  return activeStaffIds(db);
}
