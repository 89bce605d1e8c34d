/**
 * Uploading the contract: either party uploads the PDF while there is none; it may be deleted
 * until one of them confirms it; once confirmed it can never be deleted or replaced, and may be
 * signed (contract-signing.service.ts).
 */
import { AUDIT_ACTIONS } from '@portal/shared';
import type { TContractParty, TContractView } from '@portal/shared/schemas/contracts';
import { CONTRACT_MAX_BYTES } from '@portal/shared/schemas/contracts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/session.ts';
import { PdfUnreadableError } from '../../platform/signing/pdf-sign.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import { type Deal, lockRequestClosed } from '../cooperation/index.ts';
import { findOwnedFile, releaseFiles, storeFileWithin } from '../files/index.ts';
import {
  assertRequestOpen,
  type Client,
  type ContractDeps,
  institutionOfParty,
  mapPdfError,
  openPartyDeal,
  partyDeal,
} from './contract-access.ts';
import { tellOtherParty } from './contract-notice.ts';
import { contractViewOf } from './contract-view.service.ts';
import {
  deleteContract,
  insertContract,
  insertEvents,
  lockContractByIntention,
  updateContract,
} from './contracts.repository.ts';

/** The number of pages of an uploaded PDF, read in the parser pool; refuses what is no PDF or cannot be read. */
async function countPages(data: Buffer): Promise<number> {
  try {
    // Read in the parser pool, within the parsing limits (docs/security.md): never on this thread.
    const { pageCount } = await parseUntrusted('contractPdf', { bytes: data });
    return pageCount;
  } catch (error) {
    // Not a PDF at all is the type rule (415); a damaged or encrypted one cannot be signed.
    if (error instanceof PdfUnreadableError && error.code === 'NOT_PDF') {
      throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: 'application/octet-stream' });
    }
    throw mapPdfError(error);
  }
}

type Upload = {
  deal: Deal;
  party: TContractParty;
  user: SessionUser;
  title: string;
  pageCount: number;
  file: { name: string; data: Buffer };
};

/** Stores the uploaded file and the contract row, records the step and tells the other party. */
async function storeUpload(deps: ContractDeps, trx: Db, upload: Upload, client: Client) {
  const { deal, party, user, title } = upload;
  const lgcSn = newPublicId();
  // The intention row is not ours to lock; the unique intention_id refuses a second upload.
  if (await lockContractByIntention(trx, deal.intentionId)) throw new AppError('PRT_CONTRACT_EXISTS');
  assertRequestOpen(await lockRequestClosed(trx, deal.requestId));
  const file = await storeFileWithin(trx, deps.storage, {
    uploaderUserId: user.id,
    purpose: 'contract',
    name: upload.file.name,
    data: upload.file.data,
    owner: { kind: 'contract', lgcSn },
  });
  const inserted = await insertContract(trx, {
    lgcSn,
    intentionId: deal.intentionId,
    title,
    state: 'uploaded',
    originalFile: file.lgcSn,
    currentFile: file.lgcSn,
    pageCount: upload.pageCount,
    uploadedBy: user.id,
  });
  if (!inserted) throw new AppError('PRT_CONTRACT_EXISTS');
  await insertEvents(trx, [
    {
      intentionId: deal.intentionId,
      kind: 'uploaded',
      userId: user.id,
      institutionId: institutionOfParty(deal, party),
      fileName: file.originalName,
      sha256After: file.sha256,
      ...client,
    },
  ]);
  await tellOtherParty(deps, trx, deal, party, user, { type: 'contractUploaded', title, event: 'uploaded' });
  await recordAudit(trx, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: AUDIT_ACTIONS.contractUploaded,
    targetType: 'contract',
    targetId: lgcSn,
    detail: { intention: deal.intentionLgcSn, sha256: file.sha256 },
    ip: client.ip,
  });
}

/** Either party uploads the contract PDF while there is none (delete an unconfirmed one first). */
export async function uploadContract(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  input: { title?: string | undefined; file: { name: string; data: Buffer } },
  client: Client,
): Promise<TContractView> {
  const { deal, party } = await openPartyDeal(deps.db, user, intentionLgcSn);
  if (input.file.data.length > CONTRACT_MAX_BYTES) throw new AppError('PRT_PAYLOAD_TOO_LARGE', { limit: '10 MB' });
  const pageCount = await countPages(input.file.data);
  const title = input.title?.trim() || deal.requestName;
  await inTransaction(deps.db, (trx) =>
    storeUpload(deps, trx, { deal, party, user, title, pageCount, file: input.file }, client),
  );
  return contractViewOf(deps, deal, party);
}

/** contractUploadDel: delete the upload before it is confirmed (the trail keeps that it was). */
export async function deleteUpload(deps: ContractDeps, user: SessionUser, intentionLgcSn: string, client: Client) {
  const { deal, party } = await partyDeal(deps.db, user, intentionLgcSn);
  await inTransaction(deps.db, async (trx) => {
    const contract = await lockContractByIntention(trx, deal.intentionId);
    if (!contract) throw new AppError('PRT_CONTRACT_NOT_UPLOADED');
    if (contract.confirmedAt) throw new AppError('PRT_CONTRACT_CONFIRMED');
    const file = await findOwnedFile(trx, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile);
    await insertEvents(trx, [
      {
        intentionId: deal.intentionId,
        kind: 'deleted',
        userId: user.id,
        institutionId: institutionOfParty(deal, party),
        fileName: file?.originalName ?? null,
        sha256Before: file?.sha256 ?? null,
        ...client,
      },
    ]);
    await deleteContract(trx, contract.id);
    await releaseFiles(trx, { kind: 'contract', lgcSn: contract.lgcSn });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.contractDeleted,
      targetType: 'contract',
      targetId: contract.lgcSn,
      detail: { intention: deal.intentionLgcSn },
      ip: client.ip,
    });
  });
  return contractViewOf(deps, deal, party);
}

/** Confirm the upload: from now on it cannot be deleted or replaced, and may be signed. */
export async function confirmContract(deps: ContractDeps, user: SessionUser, intentionLgcSn: string, client: Client) {
  const { deal, party } = await openPartyDeal(deps.db, user, intentionLgcSn);
  await inTransaction(deps.db, async (trx) => {
    const contract = await lockContractByIntention(trx, deal.intentionId);
    if (!contract) throw new AppError('PRT_CONTRACT_NOT_UPLOADED');
    if (contract.confirmedAt) throw new AppError('PRT_CONTRACT_CONFIRMED');
    assertRequestOpen(await lockRequestClosed(trx, deal.requestId));
    const file = await findOwnedFile(trx, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile);
    await updateContract(trx, contract.id, { confirmedAt: new Date(), confirmedBy: user.id });
    await insertEvents(trx, [
      {
        intentionId: deal.intentionId,
        kind: 'confirmed',
        userId: user.id,
        institutionId: institutionOfParty(deal, party),
        fileName: file?.originalName ?? null,
        sha256Before: file?.sha256 ?? null,
        sha256After: file?.sha256 ?? null,
        ...client,
      },
    ]);
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.contractConfirmed,
      targetType: 'contract',
      targetId: contract.lgcSn,
      detail: { intention: deal.intentionLgcSn, sha256: file?.sha256 },
      ip: client.ip,
    });
  });
  return contractViewOf(deps, deal, party);
}
