/**
 * Content's files: which files the entries refer to (read in one query), attaching an entry's
 * files when it is written, and a content file a reader may get, with its ETag.
 */
import { createHash } from 'node:crypto';
import type { Locale } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { ACTIVE_ACTIVATIONS, isStaff, type SessionUser } from '../../platform/session.ts';
import {
  claimFiles,
  findOwnedFile,
  findOwnedFiles,
  findOwnUnclaimedUpload,
  readStoredFile,
  type StoredFile,
} from '../files/index.ts';
import { type EntryRow, isFileUsedByPublishedEntry } from './content.repository.ts';
import {
  CONTENT_FILES,
  FILE_USE_PURPOSE,
  type FileRef,
  type Files,
  type FileUse,
  KINDS,
  topicFiles,
} from './content-kinds.ts';

/** The files the rows refer to, in one query. */
async function filesOf(db: Db, refs: FileRef[]): Promise<Files> {
  return findOwnedFiles(
    db,
    CONTENT_FILES,
    refs.map((r) => r.id),
  );
}

const refsOfRow = (row: EntryRow): FileRef[] => {
  if (row.kind === 'topic') return topicFiles(row);
  const def = Object.values(KINDS).find((kind) => kind.entryKind === row.kind);
  return def ? def.files(row) : [];
};

export async function filesOfRows(db: Db, rows: EntryRow[]): Promise<Files> {
  return filesOf(db, rows.flatMap(refsOfRow));
}

/**
 * A content file a reader may get: a content upload of the asked use, attached to content, and
 * used by a published entry — or, for active bank staff, by a draft (back-office previews).
 * Images of content are public; PDFs (reports, compliance, topic guides) need an active user,
 * which the route checks. Anything else — an introduction or request attachment, a feedback
 * image, a file of a draft — is "not found", exactly like an unknown id (nothing to probe).
 * `published` says whether anyone may cache it.
 */
export async function findContentFile(
  db: Db,
  lgcSn: string,
  use: FileUse,
  viewer: SessionUser | null,
): Promise<{ file: StoredFile; published: boolean }> {
  const staff = viewer !== null && isStaff(viewer) && ACTIVE_ACTIVATIONS.includes(viewer.activation);
  // Staff also see their own upload that no entry claims yet: the editor shows an inline image
  // before the entry is saved. Nobody else does, and it is never cached (not published).
  const file =
    (await findOwnedFile(db, CONTENT_FILES, lgcSn)) ??
    (staff ? await findOwnUnclaimedUpload(db, viewer.id, lgcSn) : undefined);
  if (!file || file.purpose !== FILE_USE_PURPOSE[use]) {
    throw new AppError('PRT_NOT_FOUND');
  }
  const published = await isFileUsedByPublishedEntry(db, lgcSn);
  if (!published && !staff) throw new AppError('PRT_NOT_FOUND');
  return { file, published };
}

/**
 * The ETag of a content file. Not derived from its content (a hash of the bytes would let anyone
 * who can ask confirm a guess of a file's content): the file id and its stored time, which name
 * the bytes for good (a file id never changes content).
 */
export function contentFileEtag(file: Pick<StoredFile, 'lgcSn' | 'createdAt'>): string {
  const created = file.createdAt instanceof Date ? file.createdAt.toISOString() : String(file.createdAt);
  const digest = createHash('sha256').update(`content-file\n${file.lgcSn}\n${created}`).digest('base64url');
  return `"f-${digest.slice(0, 27)}"`;
}

/** Does an If-None-Match header name this ETag? Whole tags only (weak or strong), never a prefix. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The bytes of a content file found by findContentFile. */
export async function readContentFile(storage: FileStorage, file: StoredFile): Promise<Buffer> {
  return readStoredFile(storage, file);
}

/**
 * Checks that every file an entry refers to is a content upload of the right use (an image where an
 * image goes, a PDF where a document goes) made by bank staff or already used by content, then
 * marks them used by content. Inside the write's transaction.
 */
export async function attachContentFiles(trx: Db, refs: FileRef[], locale: Locale): Promise<void> {
  await claimFiles(trx, {
    owner: CONTENT_FILES,
    by: 'staff',
    files: refs.map((ref) => ({ lgcSn: ref.id, purpose: FILE_USE_PURPOSE[ref.use], field: ref.field })),
    locale,
  });
}
