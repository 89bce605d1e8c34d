import type { Locale } from '@portal/shared';
import type { TTopicKey, ZTopicInput } from '@portal/shared/schemas/content';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/session.ts';
import {
  bumpContentVersion,
  type EntryRow,
  findTopic,
  insertEntry,
  lockTopic,
  updateEntry,
  userNames,
} from './content.repository.ts';
import { attachContentFiles, filesOfRows } from './content-files.ts';
import { columnsOf, lowerTitles, managed, prepareTopic, topicFiles, topicPublic } from './content-kinds.ts';

function emptyTopic(key: TTopicKey) {
  return {
    status: 'draft' as const,
    updatedAt: new Date(0).toISOString(),
    publishedAt: null,
    updatedBy: null,
    key,
    title: { en: '', zh: '' },
    summary: { en: '', zh: '' },
    banner: null,
    sections: [],
    portugueseText: '',
    document: null,
  };
}

async function topicAdminShape(db: Db, row: EntryRow) {
  const [files, who] = await Promise.all([filesOfRows(db, [row]), userNames(db, [row.updatedBy])]);
  const { createdAt: _created, ...meta } = managed(row, who);
  return { ...meta, ...topicPublic(row, files) };
}

export async function adminTopics(db: Db, keys: readonly TTopicKey[]) {
  const list = [];
  for (const key of keys) {
    const row = await findTopic(db, key);
    list.push(row ? await topicAdminShape(db, row) : emptyTopic(key));
  }
  return { list };
}

export async function adminTopic(db: Db, key: TTopicKey) {
  const row = await findTopic(db, key);
  return row ? topicAdminShape(db, row) : emptyTopic(key);
}

export async function adminTopicPreview(db: Db, key: TTopicKey) {
  const row = await findTopic(db, key);
  if (!row) throw new AppError('PRT_NOT_FOUND');
  return topicPublic(row, await filesOfRows(db, [row]));
}

export async function adminSaveTopic(
  db: Db,
  key: TTopicKey,
  input: z.output<typeof ZTopicInput>,
  user: SessionUser,
  locale: Locale,
) {
  const prepared = prepareTopic(input);
  const row = await db.transaction().execute(async (trx) => {
    await attachContentFiles(trx, topicFiles(prepared), locale);
    const current = await lockTopic(trx, key);
    const searchText = lowerTitles(prepared.title);
    const columns = columnsOf({ ...prepared, entryKey: key });
    const saved = current
      ? await updateEntry(trx, current.id, { ...columns, searchText, updatedBy: user.id })
      : await insertEntry(trx, {
          ...columns,
          lgcSn: newPublicId(),
          kind: 'topic',
          entryKey: key,
          status: 'draft',
          searchText,
          updatedBy: user.id,
        });
    await bumpContentVersion(trx);
    return saved;
  });
  return topicAdminShape(db, row);
}

export async function adminSetTopicStatus(db: Db, key: TTopicKey, status: 'draft' | 'published', user: SessionUser) {
  const row = await db.transaction().execute(async (trx) => {
    const current = await lockTopic(trx, key);
    if (!current) throw new AppError('PRT_NOT_FOUND');
    const updated = await updateEntry(trx, current.id, {
      status,
      publishedAt: status === 'published' ? new Date() : current.publishedAt,
      updatedBy: user.id,
    });
    await bumpContentVersion(trx);
    return updated;
  });
  return topicAdminShape(db, row);
}
