/**
 * Files (SPEC §5, §7 /fileP1/...): the rules of upload, download and attaching, no HTTP.
 *
 * Upload: a signed-in user uploads as themselves (owner_user_id). A visitor may upload only in
 * the middle of registering: they prove the address with its registration e-mail code, checked
 * WITHOUT using it up (a wrong code counts as a try, as everywhere), and the file belongs to that
 * address (owner_email) until the registration attaches it. Types and sizes are checked by
 * content (platform/files/file-types.ts); bytes go to the file storage under a random key.
 *
 * Download: the owner; bank staff (role 50, active account); and, for a file attached to a user
 * (`attached_to = 'user:<lgcSn>'`), that user. Anyone else is told it does not exist (404, not
 * 403, so ids cannot be probed).
 *
 * Attaching (attachments.service.ts): a record's save lists file ids (a user's profile, through
 * the users module); each must be the registrant's (owner_email) or the claimant's
 * (owner_user_id, or attached to the owner already), and is then attached to the owner in the
 * same transaction as the record.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Locale } from '@portal/shared';
import { ZEmail } from '@portal/shared/schemas/accounts';
import type { TFileInfo, TFilePurpose } from '@portal/shared/schemas/files';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FileObjectTable } from '../../db/schema.ts';
import { onRollback } from '../../db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import { checkUpload, cleanFileName, detectAllowedType, nameForType } from '../../platform/files/file-types.ts';
import type { StoredFileNames } from '../../platform/files/orphans.ts';
import { type FileStorage, newStorageKey } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { PruneStep } from '../../platform/prune.job.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import { ACTIVE_ACTIVATIONS, isStaff, type SessionUser } from '../../platform/session.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import { checkVerificationCode } from '../../platform/verification-codes.ts';
import { type StoredFile, toFileInfo } from './attachments.service.ts';
import {
  attachedToValue,
  deleteAbandonedUploads,
  type FileOwner,
  type FileRow,
  findFileByLgcSn,
  findRequestAccess,
  findStorageKeys,
  insertFiles,
  REQUEST_ATTACHMENT_PREFIX,
} from './files.repository.ts';

/** Upload requests per client address (each carries up to 5 files). */
export const UPLOAD_RATE_LIMIT: RateLimit = { limit: 60, windowSeconds: 3600 };

/**
 * Who an upload belongs to: a signed-in user, or a visitor known by the address they gave (while
 * registering, or with their feedback).
 */
export type Uploader = { kind: 'user'; userId: number } | { kind: 'visitor'; email: string };

export type IncomingFile = { name: string; data: Buffer };

/** Whether an account uses this address; app.ts hands in the users module's, so files imports no users. */
export type IsEmailRegistered = (db: Db, email: string) => Promise<boolean>;

/** Counts the request against the per-address upload limit (before the body is read). */
export async function countUpload(db: Db, ip: string): Promise<void> {
  await enforceRateLimit(db, { key: `upload:ip:${ip}`, ...UPLOAD_RATE_LIMIT });
}

/**
 * Decides whose the upload is: the signed-in user's, or — for a visitor — the registering
 * address's, once its registration code checks out (not used up: the registration uses it).
 */
export async function authorizeUpload(
  db: Db,
  user: SessionUser | null,
  fields: { emailAdr?: string | undefined; emailCode?: string | undefined },
  locale: Locale,
  isEmailRegistered: IsEmailRegistered,
): Promise<Uploader> {
  if (user) return { kind: 'user', userId: user.id };
  if (fields.emailAdr === undefined && fields.emailCode === undefined) throw new AppError('PRT_UNAUTHENTICATED');
  const email = ZEmail.safeParse(fields.emailAdr ?? '');
  if (!email.success) {
    throw fieldError(locale, 'emailAdr', fields.emailAdr?.trim() ? 'email' : 'required');
  }
  // The code first: a registered address never gets a registration code, so this tells nobody
  // without the mailbox whether the address is registered.
  await checkVerificationCode(db, {
    email: email.data,
    purpose: 'register',
    code: fields.emailCode ?? '',
    consume: false,
  });
  if (await isEmailRegistered(db, email.data)) throw new AppError('PRT_EMAIL_EXISTS');
  return { kind: 'visitor', email: email.data };
}

/**
 * Checks every file by content, then stores them all: the bytes first, then the rows in one
 * transaction, attached to `owner` when given; `within` runs in that transaction too (the record
 * the files come with). Nothing is kept when any file is refused or a step fails.
 */
export async function storeUploads(
  db: Db,
  storage: FileStorage,
  input: { uploader: Uploader; purpose: TFilePurpose; files: IncomingFile[]; owner?: FileOwner },
  within?: (trx: Db, files: TFileInfo[]) => Promise<unknown>,
): Promise<TFileInfo[]> {
  const checked = [];
  for (const file of input.files) {
    // A seal image is kept with its white taken out (file-types.ts checkUpload).
    const { type, data } = await checkUpload(file.data, cleanFileName(file.name), input.purpose);
    // Kept under the detected type's extension: a PNG sent as poly.html is poly.png.
    const name = nameForType(file.name, type);
    checked.push({ ...file, data, name, type, sha256: createHash('sha256').update(data).digest('hex') });
  }
  const stored: string[] = [];
  try {
    const rows: Insertable<FileObjectTable>[] = [];
    for (const file of checked) {
      const storageKey = newStorageKey();
      await storage.put(storageKey, file.data);
      stored.push(storageKey);
      rows.push({
        lgcSn: newPublicId(),
        purpose: input.purpose,
        originalName: file.name,
        mime: file.type.mime,
        sizeBytes: file.data.length,
        sha256: file.sha256,
        storageKey,
        ownerUserId: input.uploader.kind === 'user' ? input.uploader.userId : null,
        ownerEmail: input.uploader.kind === 'visitor' ? input.uploader.email : null,
        ...(input.owner ? { attachedTo: attachedToValue(input.owner) } : {}),
      });
    }
    return await db.transaction().execute(async (trx) => {
      const files = (await insertFiles(trx, rows)).map(toFileInfo);
      await within?.(trx, files);
      return files;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.remove(key)));
    throw error;
  }
}

/**
 * Stores a file the portal made or received with a record (a contract's signed version, its
 * evidence report, an uploaded contract) inside the caller's transaction (opened by
 * `inTransaction`), attached to `owner`. Checked by content like any upload. The bytes are
 * removed again if the transaction rolls back.
 */
export async function storeFileWithin(
  trx: Db,
  storage: FileStorage,
  input: { uploaderUserId: number; purpose: TFilePurpose; name: string; data: Buffer; owner: FileOwner },
): Promise<StoredFile> {
  const type = await detectAllowedType(input.data, cleanFileName(input.name), input.purpose);
  const storageKey = newStorageKey();
  await storage.put(storageKey, input.data);
  onRollback(trx, () => storage.remove(storageKey));
  const [row] = await insertFiles(trx, [
    {
      lgcSn: newPublicId(),
      purpose: input.purpose,
      originalName: nameForType(input.name, type),
      mime: type.mime,
      sizeBytes: input.data.length,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      storageKey,
      ownerUserId: input.uploaderUserId,
      attachedTo: attachedToValue(input.owner),
    },
  ]);
  const { id: _id, ownerUserId: _owner, ownerEmail: _email, attachedTo: _attached, ...file } = row as FileRow;
  return file;
}

/** Stores a user's or registrant's uploads (at least one), unattached (POST /fileP1/upload). */
export async function saveUploads(
  db: Db,
  storage: FileStorage,
  input: { uploader: Uploader; purpose: TFilePurpose; files: IncomingFile[]; locale: Locale },
): Promise<TFileInfo[]> {
  if (!input.files.length) throw fieldError(input.locale, 'file', 'required');
  return storeUploads(db, storage, input);
}

/** May `user` read this file? (See the header: owner, staff, or the user it is attached to.) */
export function mayRead(user: SessionUser, file: FileRow): boolean {
  if (file.ownerUserId !== null && file.ownerUserId === user.id) return true;
  if (isStaff(user) && ACTIVE_ACTIVATIONS.includes(user.activation)) return true;
  return file.attachedTo !== null && file.attachedTo === attachedToValue({ kind: 'user', lgcSn: user.lgcSn });
}

/**
 * A cooperation request's attachments are readable by whoever may read the request: any active
 * user while it is effective, and its own institution's users always (SPEC §2 detail page).
 */
async function mayReadRequestAttachment(db: Db, user: SessionUser, file: FileRow): Promise<boolean> {
  if (!file.attachedTo?.startsWith(REQUEST_ATTACHMENT_PREFIX)) return false;
  if (!ACTIVE_ACTIVATIONS.includes(user.activation)) return false;
  const request = await findRequestAccess(db, file.attachedTo.slice(REQUEST_ATTACHMENT_PREFIX.length));
  if (!request || request.status === 'draft') return false;
  return request.status === 'effective' || request.institutionId === user.institutionId;
}

/**
 * The file and its bytes as a stream (a large file is never held whole in memory), for a reader
 * allowed to see it; PRT_NOT_FOUND otherwise.
 */
export async function openFile(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  lgcSn: string,
): Promise<{ file: FileRow; data: Readable }> {
  const file = await findFileByLgcSn(db, lgcSn);
  if (!file || !(mayRead(user, file) || (await mayReadRequestAttachment(db, user, file)))) {
    throw new AppError('PRT_NOT_FOUND');
  }
  return { file, data: await storage.stream(file.storageKey) };
}

/** How long a visitor's upload waits for the registration that would claim it. */
const ABANDONED_UPLOAD_AFTER_MS = 24 * 3_600_000;

/**
 * The files module's step of the hourly clean-up (platform/prune.job.ts, composed in app.ts):
 * uploads nobody claimed (a visitor's registration never submitted: no owner account, attached
 * to nothing) more than a day ago, bytes included. Row first, then bytes: a crash in between
 * leaves an orphan file on disk, never a dangling row. Without a storage it leaves them be.
 */
export const pruneAbandonedUploads: PruneStep<'abandonedUploads'> = {
  name: 'abandonedUploads',
  run: async ({ db, storage }, now) => {
    if (!storage) return 0;
    const keys = await deleteAbandonedUploads(db, new Date(now.getTime() - ABANDONED_UPLOAD_AFTER_MS));
    for (const key of keys) await storage.remove(key).catch(() => {});
    return keys.length;
  },
};

/**
 * The stored files this module's rows name, for the prune job's search for orphans
 * (platform/files/orphans.ts): every stored file has its `file_object` row, which names its bytes
 * by `storage_key`; other modules' tables name that row, never the bytes.
 */
export const storedFileNames: StoredFileNames = { name: 'fileObject', named: findStorageKeys };
