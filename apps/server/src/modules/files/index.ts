/**
 * The files module's public face: what other modules may use. Nothing else of this folder is to
 * be imported from outside it.
 *
 * - `FileOwner`: what a file is attached to (`{ kind: 'user' | 'request' | 'feedback' | 'seal' | 'contract', lgcSn }`,
 *   or `{ kind: 'content' }`); how that is stored is this module's business.
 * - `claimAttachments(trx, …)` / `claimFiles(trx, …)`: attach uploads to an owner inside the
 *   caller's transaction; each must be the claimant's unattached upload of the right purpose, or
 *   the owner's already (idempotent); otherwise PRT_VALIDATION on the field that named it.
 * - `releaseFiles(trx, owner)`: let go of an owner's files.
 * - `storeFileWithin(trx, storage, …)`: store a file the portal made (a signed contract) in the
 *   caller's transaction, attached to its owner; its bytes go again on a rollback.
 * - `storeUploads(db, storage, …, within?)`: check and store uploads that arrive with a record,
 *   attached to it, with the record written in the same transaction.
 * - `describeFiles(db, owner, ids)` / `describeFilesOf(db, lists)`: names and sizes (TFileInfo).
 * - `findOwnedFile` / `findOwnedFiles` / `readStoredFile`: a module serving its own files.
 * - `sendFileBytes` / `downloadName` / `contentDisposition`: a module sending a stored file.
 * - `fileRoutes`: upload and download (/fileP1/...), for app.ts, which hands it `isEmailRegistered`
 *   (files imports no other module: everyone claims files from it).
 * - `pruneAbandonedUploads`: the hourly clean-up's step for uploads nobody claimed, for app.ts.
 * - `storedFileNames`: which stored files this module's rows name (the clean-up deletes the
 *   others once they are past the grace period), for app.ts.
 * - `recordedFileHashes(db)`: every row's storage key and recorded SHA-256, for the command that
 *   copies a data directory's files into a bucket (files-to-s3.ts).
 */
export type { Claimant, FileClaim, StoredFile } from './attachments.service.ts';
export {
  claimAttachments,
  claimFiles,
  describeFiles,
  describeFilesOf,
  findOwnedFile,
  findOwnedFiles,
  findOwnUnclaimedUpload,
  readStoredFile,
  releaseFiles,
} from './attachments.service.ts';
export type { FileOwner } from './files.repository.ts';
export { recordedFileHashes } from './files.repository.ts';
export { contentDisposition, downloadName, fileRoutes, sendFileBytes } from './files.routes.ts';
export type { IncomingFile, IsEmailRegistered, Uploader } from './files.service.ts';
export {
  pruneAbandonedUploads,
  storedFileNames,
  storeFileWithin,
  storeUploads,
} from './files.service.ts';
