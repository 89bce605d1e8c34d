import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CooperationRequestTable, FileObjectTable } from '../../db/schema.ts';

export type FileRow = Selectable<FileObjectTable>;

/**
 * What a file is attached to once used: a user (introduction attachments), a cooperation request
 * or draft, a feedback, content (one pool shared by every content entry), a seal (its image and
 * authorization) or a contract (each version of its PDF, and its evidence report).
 */
export type FileOwner =
  | { kind: 'user'; lgcSn: string }
  | { kind: 'seal'; lgcSn: string }
  | { kind: 'contract'; lgcSn: string }
  | { kind: 'request'; lgcSn: string }
  | { kind: 'feedback'; lgcSn: string }
  | { kind: 'content' };

/** The `attached_to` prefix of files attached to a cooperation request. */
export const REQUEST_ATTACHMENT_PREFIX = 'cooperation:';

/** The `attached_to` value that marks a file as the owner's (stored rows carry it: keep the form). */
export function attachedToValue(owner: FileOwner): string {
  switch (owner.kind) {
    case 'user':
      return `user:${owner.lgcSn}`;
    case 'request':
      return `${REQUEST_ATTACHMENT_PREFIX}${owner.lgcSn}`;
    case 'feedback':
      return `feedback:${owner.lgcSn}`;
    case 'content':
      return 'content';
    case 'seal':
      return `seal:${owner.lgcSn}`;
    case 'contract':
      return `contract:${owner.lgcSn}`;
  }
}

export async function insertFiles(db: Db, rows: Insertable<FileObjectTable>[]): Promise<FileRow[]> {
  if (!rows.length) return [];
  return db.insertInto('fileObject').values(rows).returningAll().execute();
}

/** Which of these storage keys a file row names. */
export async function findStorageKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom('fileObject')
    .select('storageKey')
    .where('storageKey', 'in', [...keys])
    .execute();
  return new Set(rows.map((row) => row.storageKey));
}

/** Every file row's storage key with its recorded SHA-256 and id (the copy to a bucket checks them). */
export async function recordedFileHashes(db: Db): Promise<Map<string, { lgcSn: string; sha256: string }>> {
  const rows = await db.selectFrom('fileObject').select(['storageKey', 'lgcSn', 'sha256']).execute();
  return new Map(rows.map((row) => [row.storageKey, { lgcSn: row.lgcSn, sha256: row.sha256 }]));
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
  values: { ownerUserId?: number; attachedTo: string },
): Promise<void> {
  if (!ids.length) return;
  await db.updateTable('fileObject').set(values).where('id', 'in', ids).execute();
}

/** Lets go of every file attached to `attachedTo` (they become unattached uploads again). */
export async function detachFiles(db: Db, attachedTo: string): Promise<void> {
  await db.updateTable('fileObject').set({ attachedTo: null }).where('attachedTo', '=', attachedTo).execute();
}

/**
 * Deletes uploads nobody claimed (no owner account, attached to nothing: a visitor's registration
 * that was never submitted) stored before `olderThan`; returns their storage keys.
 */
export async function deleteAbandonedUploads(db: Db, olderThan: Date): Promise<string[]> {
  const removed = await db
    .deleteFrom('fileObject')
    .where('ownerUserId', 'is', null)
    .where('attachedTo', 'is', null)
    .where('createdAt', '<', olderThan)
    .returning('storageKey')
    .execute();
  return removed.map((row) => row.storageKey);
}

/** Status and institution of a cooperation request (who may read its attachments). */
export async function findRequestAccess(
  db: Db,
  requestLgcSn: string,
): Promise<Pick<Selectable<CooperationRequestTable>, 'status' | 'institutionId'> | undefined> {
  return db
    .selectFrom('cooperationRequest')
    .select(['status', 'institutionId'])
    .where('lgcSn', '=', requestLgcSn)
    .executeTakeFirst();
}
