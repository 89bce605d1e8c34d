import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FileObjectTable } from '../../db/schema.ts';

export type FileRow = Selectable<FileObjectTable>;

/** What a file belongs to once used: introduction attachments belong to their user. */
export const attachedToUser = (userLgcSn: string) => `user:${userLgcSn}`;

export async function insertFiles(db: Db, rows: Insertable<FileObjectTable>[]): Promise<FileRow[]> {
  if (!rows.length) return [];
  return db.insertInto('fileObject').values(rows).returningAll().execute();
}

export async function findFileByLgcSn(db: Db, lgcSn: string): Promise<FileRow | undefined> {
  return db.selectFrom('fileObject').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

/** The files with these ids, locked against a concurrent attach when `db` is a transaction. */
export async function findFilesForUpdate(db: Db, lgcSns: readonly string[]): Promise<FileRow[]> {
  if (!lgcSns.length) return [];
  return db.selectFrom('fileObject').selectAll().where('lgcSn', 'in', lgcSns).forUpdate().execute();
}

export async function findFiles(db: Db, lgcSns: readonly string[]): Promise<FileRow[]> {
  if (!lgcSns.length) return [];
  return db.selectFrom('fileObject').selectAll().where('lgcSn', 'in', lgcSns).execute();
}

export async function attachFiles(
  db: Db,
  ids: readonly number[],
  values: { ownerUserId: number; attachedTo: string },
): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('fileObject').set(values).where('id', 'in', ids).execute();
}
