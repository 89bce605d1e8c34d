/**
 * Message centre (SPEC §3 Message, §4): the reader's messages with their text in the reader's
 * language, marking read, and the unread count behind the header bell. Every change of a count
 * is told to the open streams after it commits (notify.ts).
 */
import type { Locale } from '@portal/shared';
import { translate } from '@portal/shared';
import type { TMessageItem, TMessageListQuery } from '@portal/shared/schemas/messages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { countUnread, findMessages, type MessageRow, markAllRead, markRead } from './messages.repository.ts';
import { notifyUnreadChanged } from './notify.ts';

const OWNER_OR_STAFF_TYPES = new Set<string>(['intentionReceived', 'requestPublished', 'intentionReached']);

/** The message's text in `locale`, from its type and the names it refers to. */
export function messageContent(
  locale: Locale,
  row: Pick<MessageRow, 'type' | 'requestName' | 'institutionName' | 'publisherName'>,
): string {
  return translate(locale, `messages.content.${row.type}`, {
    request: row.requestName || translate(locale, 'messages.content.unknownRequest'),
    institution: row.institutionName || translate(locale, 'messages.content.unknownInstitution'),
    publisher: row.publisherName || translate(locale, 'messages.content.unknownInstitution'),
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
    };
  });
  return { list, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** Marks the selected messages read; only the reader's own, and at least one must be unread. */
export async function markSelectedRead(db: Db, userId: number, lgcSns: string[]): Promise<{ count: number }> {
  const count = await markRead(db, userId, [...new Set(lgcSns)]);
  if (count === 0) throw new AppError('PRT_NO_UNREAD_SELECTED');
  notifyUnreadChanged([userId]);
  return { count };
}

export async function markEverythingRead(db: Db, userId: number): Promise<{ count: number }> {
  const count = await markAllRead(db, userId);
  if (count > 0) notifyUnreadChanged([userId]);
  return { count };
}

export async function unreadCount(db: Db, userId: number): Promise<{ num: number }> {
  return { num: await countUnread(db, userId) };
}
