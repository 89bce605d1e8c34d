/**
 * Attaching files (SPEC §5): what other modules' records use uploads for. An upload starts
 * unattached; a record claims it for an owner (`FileOwner`: a user, a cooperation request or draft,
 * a feedback, content) inside the record's own transaction, and may let its files go again.
 *
 * A claim takes a file only if it exists, has the purpose the place asks for, and is attached to
 * that owner already or is an unattached upload of the claimant (`Claimant`). Anything else is
 * PRT_VALIDATION on the field that named it, and nothing is attached.
 */
import type { Locale } from '@portal/shared';
import type { TFileInfo, TFilePurpose } from '@portal/shared/schemas/files';
import type { Db } from '../../db/database.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import {
  attachedToValue,
  attachFiles,
  detachFiles,
  type FileOwner,
  type FileRow,
  findFileByLgcSn,
  findFiles,
  findFilesForUpdate,
} from './files.repository.ts';

/**
 * Whose unattached uploads a claim may take: a user's own (and, while they register, those their
 * address uploaded: `registrantEmail`), which then become the user's; or, for content, any signed-in
 * uploader's (`'staff'`: only bank staff may upload content files, and they share them).
 */
export type Claimant = { userId: number; registrantEmail?: string } | 'staff';

/** A file a record refers to: its id, the purpose the place takes, the input field naming it. */
export type FileClaim = { lgcSn: string; purpose: TFilePurpose; field: string };

/** A stored file as other modules see it (who uploaded it and what holds it stay here). */
export type StoredFile = Omit<FileRow, 'id' | 'ownerUserId' | 'ownerEmail' | 'attachedTo'>;

export const toFileInfo = (row: Pick<FileRow, 'lgcSn' | 'originalName' | 'sizeBytes' | 'mime'>): TFileInfo => ({
  lgcSn: row.lgcSn,
  name: row.originalName,
  size: Number(row.sizeBytes),
  mime: row.mime,
});

function isClaimantsUpload(by: Claimant, row: FileRow): boolean {
  if (by === 'staff') return row.ownerUserId !== null;
  const email = by.registrantEmail?.toLowerCase();
  return row.ownerUserId === by.userId || (email !== undefined && row.ownerEmail === email);
}

/**
 * Attaches the files to `owner`, inside the caller's transaction (the rows are locked against a
 * concurrent claim). The same file may be named twice (content images). The first file that does
 * not qualify (see the header) refuses the claim with PRT_VALIDATION `invalid` on its field.
 */
export async function claimFiles(
  trx: Db,
  input: { owner: FileOwner; by: Claimant; files: readonly FileClaim[]; locale: Locale },
): Promise<void> {
  if (!input.files.length) return;
  const target = attachedToValue(input.owner);
  const rows = new Map(
    (await findFilesForUpdate(trx, [...new Set(input.files.map((f) => f.lgcSn))])).map((row) => [row.lgcSn, row]),
  );
  for (const claim of input.files) {
    const row = rows.get(claim.lgcSn);
    const usable =
      row !== undefined &&
      row.purpose === claim.purpose &&
      (row.attachedTo === target || (row.attachedTo === null && isClaimantsUpload(input.by, row)));
    if (!usable) throw fieldError(input.locale, claim.field, 'invalid');
  }
  await attachFiles(
    trx,
    [...rows.values()].filter((row) => row.attachedTo !== target).map((row) => row.id),
    input.by === 'staff' ? { attachedTo: target } : { attachedTo: target, ownerUserId: input.by.userId },
  );
}

/**
 * Claims a list of attachments (purpose `attachment`) given in one input field: each file once,
 * each qualifying (see claimFiles); otherwise PRT_VALIDATION `invalid` on `field`.
 */
export async function claimAttachments(
  trx: Db,
  input: { owner: FileOwner; by: Claimant; lgcSns: readonly string[]; field: string; locale: Locale },
): Promise<void> {
  if (new Set(input.lgcSns).size !== input.lgcSns.length) throw fieldError(input.locale, input.field, 'invalid');
  await claimFiles(trx, {
    owner: input.owner,
    by: input.by,
    files: input.lgcSns.map((lgcSn) => ({ lgcSn, purpose: 'attachment', field: input.field })),
    locale: input.locale,
  });
}

/** Lets go of every file attached to `owner` (deleting the record that held them). */
export async function releaseFiles(trx: Db, owner: FileOwner): Promise<void> {
  await detachFiles(trx, attachedToValue(owner));
}

const idsIn = (lgcSns: unknown): string[] =>
  Array.isArray(lgcSns) ? lgcSns.filter((id): id is string => typeof id === 'string') : [];

/**
 * Names and sizes of several owners' files in one query: for each `{ owner, lgcSns }` (ids as a
 * record stored them), its files in that order. An id that is not a file of that owner is skipped.
 */
export async function describeFilesOf(
  db: Db,
  lists: readonly { owner: FileOwner; lgcSns: unknown }[],
): Promise<TFileInfo[][]> {
  const wanted = lists.map((list) => ({ target: attachedToValue(list.owner), ids: idsIn(list.lgcSns) }));
  const rows = new Map((await findFiles(db, [...new Set(wanted.flatMap((w) => w.ids))])).map((r) => [r.lgcSn, r]));
  return wanted.map(({ target, ids }) =>
    ids.flatMap((id) => {
      const row = rows.get(id);
      return row?.attachedTo === target ? [toFileInfo(row)] : [];
    }),
  );
}

/** Names and sizes of the owner's files among `lgcSns`, in that order (see describeFilesOf). */
export async function describeFiles(db: Db, owner: FileOwner, lgcSns: unknown): Promise<TFileInfo[]> {
  const [files] = await describeFilesOf(db, [{ owner, lgcSns }]);
  return files ?? [];
}

const storedFile = ({ id, ownerUserId, ownerEmail, attachedTo, ...file }: FileRow): StoredFile => file;

/** The owner's file with this id, or undefined (unknown, or not attached to that owner). */
export async function findOwnedFile(db: Db, owner: FileOwner, lgcSn: string): Promise<StoredFile | undefined> {
  const row = await findFileByLgcSn(db, lgcSn);
  return row?.attachedTo === attachedToValue(owner) ? storedFile(row) : undefined;
}

/**
 * A file `userId` uploaded that nothing has claimed yet, or undefined: what an editor shows of an
 * upload before the record that will own it is saved (its uploader only).
 */
export async function findOwnUnclaimedUpload(db: Db, userId: number, lgcSn: string): Promise<StoredFile | undefined> {
  const row = await findFileByLgcSn(db, lgcSn);
  return row && row.attachedTo === null && row.ownerUserId === userId ? storedFile(row) : undefined;
}

/** The owner's files among `lgcSns`, by id (ids of other files are absent). */
export async function findOwnedFiles(
  db: Db,
  owner: FileOwner,
  lgcSns: readonly string[],
): Promise<Map<string, StoredFile>> {
  const target = attachedToValue(owner);
  const rows = await findFiles(db, [...new Set(lgcSns)]);
  return new Map(rows.filter((row) => row.attachedTo === target).map((row) => [row.lgcSn, storedFile(row)]));
}

/** The bytes of a stored file. */
export async function readStoredFile(storage: FileStorage, file: Pick<StoredFile, 'storageKey'>): Promise<Buffer> {
  return storage.get(file.storageKey);
}
