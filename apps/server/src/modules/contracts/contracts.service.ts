/**
 * Contracts (SPEC §1, §3, §4; issue "Electronic seals and contracts"): one per agreed intention,
 * between its publisher (the request's institution) and its counterpart (the intention's sender).
 *
 * - Either party uploads the PDF (10 MB, by content, readable, unencrypted); it may be deleted
 *   until one of them confirms it; once confirmed it can never be deleted or replaced.
 * - Each party signs once, with one or more of its own effective seals placed on any pages and a
 *   code mailed to the signer. The server adds, as an incremental update, the seal images and
 *   one PAdES signature made with the first placed seal's certificate (platform/signing). The
 *   first signature makes the contract "signing", the second "signed".
 * - Only the two parties and bank staff read it; everyone else is told it does not exist.
 * - Once the request is withdrawn by its publisher or taken down by the bank, the contract takes
 *   no new step (upload, confirmation, signature, sign code); it stays readable, and an
 *   unconfirmed upload may still be deleted. Asked of the cooperation module, again under a
 *   share lock of the request inside each step's transaction.
 * - Signing locks the contract row, then the placed seals' rows: two parties signing at once are
 *   served one after the other, the second signing on top of the first (and recorded after it),
 *   so neither signature is lost; a seal's cancellation and a signature with it are served one
 *   after the other too (the signature first, or refused as the seal is cancelled).
 * Every step is in the audit trail (contract_event) with who, institution, seal, time, address
 * and the SHA-256 of the file before and after.
 */
import type { Locale } from '@portal/shared';
import { AUDIT_ACTIONS, translate } from '@portal/shared';
import type {
  TContractEvent,
  TContractParty,
  TContractStatus,
  TContractView,
  TCooperationInfo,
  TCooperationInfoQuery,
  TSignRequest,
} from '@portal/shared/schemas/contracts';
import { CONTRACT_MAX_BYTES } from '@portal/shared/schemas/contracts';
import { SEAL_PRINTED_SIZE_MM, type TStampedFile } from '@portal/shared/schemas/seals';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import {
  completeForTheLongTerm,
  PdfUnreadableError,
  StampPlacementError,
  stampAndSign,
} from '../../platform/signing/pdf-sign.ts';
import { TimestampError } from '../../platform/signing/timestamp.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import {
  type CodePurpose,
  checkVerificationCode,
  codeKindOf,
  issueVerificationCode,
} from '../../platform/verification-codes.ts';
import {
  type Deal,
  findDeal,
  findDealsByIds,
  listAgreedDeals,
  lockRequestClosed,
  type RequestClosed,
} from '../cooperation/index.ts';
import { findOwnedFile, readStoredFile, releaseFiles, type StoredFile, storeFileWithin } from '../files/index.ts';
import { findInstitution, findInstitutions } from '../institutions/index.ts';
import { postMessages } from '../messages/index.ts';
import {
  findUsableSeals,
  lockSealsForSigning,
  revocationProviderFor,
  sealNames,
  timestampAuthorityFor,
} from '../seals/index.ts';
import { findUserById, findUserNames } from '../users/index.ts';
import {
  allContractIntentionIds,
  type ContractRow,
  deleteContract,
  findContractByIntention,
  findContractsByIntentions,
  findEvents,
  findPlacements,
  findSignatures,
  findSignaturesBySeal,
  insertContract,
  insertEvents,
  insertPlacements,
  insertSignature,
  intentionIdsWithState,
  lockContractByIntention,
  type SignatureRow,
  updateContract,
} from './contracts.repository.ts';

export type ContractDeps = { db: Db; config: Config; storage: FileStorage };

export const PREVIEW_PATH = '/previewContract';
const contractApi = (intentionLgcSn: string) => `/api/contracts/${encodeURIComponent(intentionLgcSn)}`;
const previewLink = (config: Config, intentionLgcSn: string) =>
  `${config.publicBaseUrl}${PREVIEW_PATH}?id=${encodeURIComponent(intentionLgcSn)}`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const statusOf = (contract: ContractRow | undefined): TContractStatus => contract?.state ?? 'notUploaded';

/** The reader's side of the deal; null for bank staff; PRT_CONTRACT_NOT_FOUND for anyone else. */
function partyOf(deal: Deal | undefined, user: SessionUser): TContractParty | null {
  if (deal) {
    const party =
      user.institutionId === deal.publisherInstitutionId
        ? 'publisher'
        : user.institutionId === deal.counterpartInstitutionId
          ? 'counterpart'
          : null;
    // The two parties know of their intention: they are told it is not agreed (yet).
    if (party && deal.status !== 'agreed') throw new AppError('PRT_INTENTION_NOT_AGREED');
    if (deal.status === 'agreed' && (party || isStaff(user))) return party;
  }
  throw new AppError('PRT_CONTRACT_NOT_FOUND');
}

async function dealFor(db: Db, user: SessionUser, intentionLgcSn: string) {
  const deal = await findDeal(db, intentionLgcSn);
  const party = partyOf(deal, user);
  return { deal: deal as Deal, party };
}

/** A party acting (staff only read). */
async function partyDeal(db: Db, user: SessionUser, intentionLgcSn: string) {
  const { deal, party } = await dealFor(db, user, intentionLgcSn);
  if (party === null) throw new AppError('PRT_FORBIDDEN');
  return { deal, party };
}

/** Refuses a new step (upload, confirmation, signature) once the request was withdrawn or taken down. */
function assertRequestOpen(closed: RequestClosed): void {
  if (closed === 'withdrawn') throw new AppError('PRT_CONTRACT_REQUEST_WITHDRAWN');
  if (closed === 'takenDown') throw new AppError('PRT_CONTRACT_REQUEST_TAKEN_DOWN');
}

/** A party taking a new step on the contract: its request still open (checked again under lock). */
async function openPartyDeal(db: Db, user: SessionUser, intentionLgcSn: string) {
  const found = await partyDeal(db, user, intentionLgcSn);
  assertRequestOpen(found.deal.requestClosed);
  return found;
}

const institutionOfParty = (deal: Deal, party: TContractParty) =>
  party === 'publisher' ? deal.publisherInstitutionId : deal.counterpartInstitutionId;
const otherParty = (party: TContractParty): TContractParty => (party === 'publisher' ? 'counterpart' : 'publisher');
const contactOf = (deal: Deal, party: TContractParty) =>
  party === 'publisher' ? deal.publisherUserId : deal.counterpartUserId;

// ---------- the list (My cooperation → Contracts) ----------

export async function cooperationInfos(deps: ContractDeps, user: SessionUser, query: TCooperationInfoQuery) {
  if (user.institutionId === null) throw new AppError('PRT_FORBIDDEN');
  const institutionId = user.institutionId;
  let narrow: { only?: number[]; except?: number[] } = {};
  if (query.status === 'notUploaded') narrow = { except: await allContractIntentionIds(deps.db) };
  else if (query.status !== 'all') narrow = { only: await intentionIdsWithState(deps.db, [query.status]) };
  const { list, total } = await listAgreedDeals(deps.db, institutionId, query, narrow);
  const contracts = new Map(
    (
      await findContractsByIntentions(
        deps.db,
        list.map((deal) => deal.intentionId),
      )
    ).map((contract) => [Number(contract.intentionId), contract]),
  );
  const signatures = await findSignatures(
    deps.db,
    [...contracts.values()].map((contract) => Number(contract.id)),
  );
  const institutions = await findInstitutions(
    deps.db,
    list.flatMap((deal) => [deal.publisherInstitutionId, deal.counterpartInstitutionId]),
  );
  const items: TCooperationInfo[] = list.map((deal) => {
    const myParty: TContractParty = deal.publisherInstitutionId === institutionId ? 'publisher' : 'counterpart';
    const other = institutions.get(institutionOfParty(deal, otherParty(myParty)));
    const contract = contracts.get(deal.intentionId);
    const signed = signatures.filter((signature) => contract && Number(signature.contractId) === Number(contract.id));
    const done = contract?.state === 'signed';
    return {
      intentionLgcSn: deal.intentionLgcSn,
      requestLgcSn: deal.requestLgcSn,
      requestName: deal.requestName,
      myParty,
      counterpartName: other?.name ?? '',
      counterpartSwiftCode: other?.swiftCode ?? null,
      agreedAt: iso(deal.agreedAt),
      requestClosed: deal.requestClosed,
      contractStatus: statusOf(contract),
      confirmed: Boolean(contract?.confirmedAt),
      signedByMe: signed.some((signature) => signature.party === myParty),
      signedByOther: signed.some((signature) => signature.party !== myParty),
      signedPdfUrl: done ? `${contractApi(deal.intentionLgcSn)}/file?version=signed` : null,
      evidenceUrl: done ? `${contractApi(deal.intentionLgcSn)}/evidence` : null,
    };
  });
  return { list: items, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

// ---------- the contract page ----------

export async function contractView(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
): Promise<TContractView> {
  const { deal, party } = await dealFor(deps.db, user, intentionLgcSn);
  return viewOf(deps, deal, party);
}

async function viewOf(deps: ContractDeps, deal: Deal, party: TContractParty | null): Promise<TContractView> {
  const { db } = deps;
  const contract = await findContractByIntention(db, deal.intentionId);
  const signatures = contract ? await findSignatures(db, [Number(contract.id)]) : [];
  const placements = await findPlacements(
    db,
    signatures.map((signature) => Number(signature.id)),
  );
  const events = await findEvents(db, deal.intentionId);
  const people = await findUserNames(
    db,
    events.map((event) => Number(event.userId)),
  );
  const institutions = await findInstitutions(db, [
    deal.publisherInstitutionId,
    deal.counterpartInstitutionId,
    ...events.map((event) => Number(event.institutionId)),
  ]);
  const sealIds = [
    ...new Set([
      ...placements.map((placement) => Number(placement.sealId)),
      ...events.flatMap((event) => (event.sealId === null ? [] : [Number(event.sealId)])),
    ]),
  ];
  const seals = await sealNames(db, sealIds);
  const file = contract
    ? await findOwnedFile(db, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile)
    : undefined;
  const publisher = institutions.get(deal.publisherInstitutionId);
  const counterpart = institutions.get(deal.counterpartInstitutionId);
  const signatureOf = (side: TContractParty) => signatures.find((signature) => signature.party === side);
  const partyInfo = async (side: TContractParty) => {
    const institution = side === 'publisher' ? publisher : counterpart;
    const signature = signatureOf(side);
    const signer = signature ? await findUserById(db, Number(signature.userId)) : undefined;
    return {
      party: side,
      institutionName: institution?.name ?? '',
      swiftCode: institution?.swiftCode ?? null,
      signedAt: iso(signature?.signedAt ?? null),
      signerName: signer?.name ?? null,
      seals: signature
        ? placements
            .filter((placement) => Number(placement.signatureId) === Number(signature.id))
            .map((placement) => seals.get(Number(placement.sealId)))
            .filter(
              (seal, index, all): seal is { sealNo: string; name: string } => !!seal && all.indexOf(seal) === index,
            )
            .map((seal) => ({ sealNo: seal.sealNo, sealName: seal.name }))
        : [],
    };
  };
  const status = statusOf(contract);
  const signedByMe = party !== null && signatureOf(party) !== undefined;
  const done = status === 'signed';
  const open = deal.requestClosed === null;
  return {
    intentionLgcSn: deal.intentionLgcSn,
    contractLgcSn: contract?.lgcSn ?? null,
    requestLgcSn: deal.requestLgcSn,
    requestName: deal.requestName,
    requestClosed: deal.requestClosed,
    title: contract?.title ?? null,
    status,
    confirmed: Boolean(contract?.confirmedAt),
    confirmedAt: iso(contract?.confirmedAt ?? null),
    file:
      contract && file
        ? {
            name: file.originalName,
            size: Number(file.sizeBytes),
            sha256: file.sha256,
            pageCount: contract.pageCount,
            url: `${contractApi(deal.intentionLgcSn)}/file`,
          }
        : null,
    parties: [await partyInfo('publisher'), await partyInfo('counterpart')],
    myParty: party,
    can: {
      upload: open && party !== null && !contract,
      // Taking back an unconfirmed upload stays possible: it commits nobody to anything.
      delete: party !== null && !!contract && !contract.confirmedAt,
      confirm: open && party !== null && !!contract && !contract.confirmedAt,
      sign: open && party !== null && !!contract?.confirmedAt && !signedByMe,
    },
    events: events.map(
      (event): TContractEvent => ({
        kind: event.kind,
        at: new Date(event.at).toISOString(),
        actorName: people.get(Number(event.userId))?.name ?? '',
        institutionName: institutions.get(Number(event.institutionId))?.name ?? '',
        sealNo: event.sealId === null ? null : (seals.get(Number(event.sealId))?.sealNo ?? null),
        sealName: event.sealId === null ? null : (seals.get(Number(event.sealId))?.name ?? null),
        page: event.page,
        ip: event.ip,
        sha256Before: event.sha256Before,
        sha256After: event.sha256After,
        fileName: event.fileName,
      }),
    ),
    signedPdfUrl: done ? `${contractApi(deal.intentionLgcSn)}/file?version=signed` : null,
    evidenceUrl: done ? `${contractApi(deal.intentionLgcSn)}/evidence` : null,
  };
}

/** A version of the contract's PDF: the current one (every signature so far), the original, or the signed one. */
export async function contractFile(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  version: 'current' | 'original' | 'signed',
): Promise<{ file: StoredFile; data: Buffer }> {
  const { deal } = await dealFor(deps.db, user, intentionLgcSn);
  const contract = await findContractByIntention(deps.db, deal.intentionId);
  if (!contract || (version === 'signed' && contract.state !== 'signed')) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const file = await findOwnedFile(
    deps.db,
    { kind: 'contract', lgcSn: contract.lgcSn },
    version === 'original' ? contract.originalFile : contract.currentFile,
  );
  if (!file) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  return { file, data: await readStoredFile(deps.storage, file) };
}

// ---------- upload, delete, confirm ----------

function mapPdfError(error: unknown): unknown {
  if (error instanceof PdfUnreadableError) return new AppError('PRT_PDF_UNREADABLE');
  return error;
}

/** Either party uploads the contract PDF while there is none (delete an unconfirmed one first). */
export async function uploadContract(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  input: { title?: string | undefined; file: { name: string; data: Buffer } },
  ip: string,
): Promise<TContractView> {
  const { deal, party } = await openPartyDeal(deps.db, user, intentionLgcSn);
  if (input.file.data.length > CONTRACT_MAX_BYTES) throw new AppError('PRT_PAYLOAD_TOO_LARGE', { limit: '10 MB' });
  let pageCount: number;
  try {
    // Read in the parser pool, within the parsing limits (docs/security.md): never on this thread.
    ({ pageCount } = await parseUntrusted('contractPdf', { bytes: input.file.data }));
  } catch (error) {
    // Not a PDF at all is the type rule (415); a damaged or encrypted one cannot be signed.
    if (error instanceof PdfUnreadableError && error.code === 'NOT_PDF') {
      throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: 'application/octet-stream' });
    }
    throw mapPdfError(error);
  }
  const title = input.title?.trim() || deal.requestName;
  const lgcSn = newPublicId();
  await inTransaction(deps.db, async (trx) => {
    // The intention row is not ours to lock; the unique intention_id refuses a second upload.
    if (await lockContractByIntention(trx, deal.intentionId)) throw new AppError('PRT_CONTRACT_EXISTS');
    assertRequestOpen(await lockRequestClosed(trx, deal.requestId));
    const file = await storeFileWithin(trx, deps.storage, {
      uploaderUserId: user.id,
      purpose: 'contract',
      name: input.file.name,
      data: input.file.data,
      owner: { kind: 'contract', lgcSn },
    });
    const inserted = await insertContract(trx, {
      lgcSn,
      intentionId: deal.intentionId,
      title,
      state: 'uploaded',
      originalFile: file.lgcSn,
      currentFile: file.lgcSn,
      pageCount,
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
        ip,
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
      ip,
    });
  });
  return viewOf(deps, deal, party);
}

/** contractUploadDel: delete the upload before it is confirmed (the trail keeps that it was). */
export async function deleteUpload(deps: ContractDeps, user: SessionUser, intentionLgcSn: string, ip: string) {
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
        ip,
      },
    ]);
    await deleteContract(trx, Number(contract.id));
    await releaseFiles(trx, { kind: 'contract', lgcSn: contract.lgcSn });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.contractDeleted,
      targetType: 'contract',
      targetId: contract.lgcSn,
      detail: { intention: deal.intentionLgcSn },
      ip,
    });
  });
  return viewOf(deps, deal, party);
}

/** Confirm the upload: from now on it cannot be deleted or replaced, and may be signed. */
export async function confirmContract(deps: ContractDeps, user: SessionUser, intentionLgcSn: string, ip: string) {
  const { deal, party } = await openPartyDeal(deps.db, user, intentionLgcSn);
  await inTransaction(deps.db, async (trx) => {
    const contract = await lockContractByIntention(trx, deal.intentionId);
    if (!contract) throw new AppError('PRT_CONTRACT_NOT_UPLOADED');
    if (contract.confirmedAt) throw new AppError('PRT_CONTRACT_CONFIRMED');
    assertRequestOpen(await lockRequestClosed(trx, deal.requestId));
    const file = await findOwnedFile(trx, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile);
    await updateContract(trx, Number(contract.id), { confirmedAt: new Date(), confirmedBy: user.id });
    await insertEvents(trx, [
      {
        intentionId: deal.intentionId,
        kind: 'confirmed',
        userId: user.id,
        institutionId: institutionOfParty(deal, party),
        fileName: file?.originalName ?? null,
        sha256Before: file?.sha256 ?? null,
        sha256After: file?.sha256 ?? null,
        ip,
      },
    ]);
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.contractConfirmed,
      targetType: 'contract',
      targetId: contract.lgcSn,
      detail: { intention: deal.intentionLgcSn, sha256: file?.sha256 },
      ip,
    });
  });
  return viewOf(deps, deal, party);
}

// ---------- sign ----------

const signPurpose = (contractLgcSn: string): CodePurpose => `contractSign:${contractLgcSn}`;

/** Checks that `party` may sign `contract` now (confirmed, not yet signed by it). */
async function assertSignable(db: Db, contract: ContractRow | undefined, party: TContractParty): Promise<ContractRow> {
  if (!contract) throw new AppError('PRT_CONTRACT_NOT_UPLOADED');
  if (!contract.confirmedAt) throw new AppError('PRT_CONTRACT_NOT_CONFIRMED');
  const signatures = await findSignatures(db, [Number(contract.id)]);
  if (signatures.some((signature) => signature.party === party)) throw new AppError('PRT_CONTRACT_ALREADY_SIGNED');
  return contract;
}

/** Mails the signer the code that confirms their signature. */
export async function sendSignCode(deps: ContractDeps, user: SessionUser, intentionLgcSn: string, locale: Locale) {
  const { deal, party } = await openPartyDeal(deps.db, user, intentionLgcSn);
  const contract = await assertSignable(deps.db, await findContractByIntention(deps.db, deal.intentionId), party);
  const purpose = signPurpose(contract.lgcSn);
  return inTransaction(deps.db, async (trx) => {
    const { code, resendAfterSeconds } = await issueVerificationCode(trx, {
      email: user.email,
      purpose,
      allowance: { limit: 10, windowSeconds: 3600 },
    });
    await enqueueMail(
      trx,
      { to: user.email, locale, template: 'emailCode', params: { code, purpose: codeKindOf(purpose), minutes: 10 } },
      deps.config.brand,
    );
    return { resendAfterSeconds };
  });
}

/**
 * Signs for the reader's institution: its seals placed as asked, one PAdES signature with the
 * first placed seal's certificate, confirmed by the mailed code.
 */
export async function signContract(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  input: TSignRequest,
  locale: Locale,
  ip: string,
): Promise<TContractView> {
  const { db, config, storage } = deps;
  const { deal, party } = await openPartyDeal(db, user, intentionLgcSn);
  const institutionId = institutionOfParty(deal, party);
  const before = await assertSignable(db, await findContractByIntention(db, deal.intentionId), party);
  // Refused before the code is used up: another institution's seal, a colleague's, a cancelled or
  // expired one (checked again under the seals' locks below; who holds a seal never changes).
  const seals = await findUsableSeals(
    deps,
    { institutionId, userId: user.id },
    input.placements.map((placement) => placement.sealLgcSn),
    new Date(),
  );
  const sealOf = new Map(seals.map((seal) => [seal.lgcSn, seal]));
  for (const placement of input.placements) {
    if (placement.page > before.pageCount) throw new AppError('PRT_STAMP_OUTSIDE_PAGE', { page: placement.page });
  }
  // Outside the transaction: a wrong try stays counted. Used up only once the signature is made
  // (below), so a refused signature (a stamp off the page) leaves the code usable.
  try {
    await checkVerificationCode(db, {
      email: user.email,
      purpose: signPurpose(before.lgcSn),
      code: input.code,
      consume: false,
    });
  } catch (error) {
    // The same party's other signature, made since this one read the contract, used the code
    // up: what the reader needs to hear is that the contract is signed.
    if (error instanceof AppError && error.code === 'PRT_CODE_EXPIRED') {
      await assertSignable(db, await findContractByIntention(db, deal.intentionId), party);
    }
    throw error;
  }
  const institution = await findInstitution(db, institutionId);
  const first = seals[0];
  if (!first) throw new AppError('PRT_STAMP_REQUIRED');
  const signer = await first.signer();
  const timestampAuthority = await timestampAuthorityFor(deps);
  await inTransaction(db, async (trx) => {
    // The locks, contract, request, then seals (always in that order): the other party signing
    // at this moment waits here, then signs on top of this; a withdrawal or take-down of the
    // request, or a cancellation of a placed seal, waits for this signature, or this one finds it
    // done. The time is taken once they are held, so the signature applied second is never
    // recorded as the earlier one.
    const contract = await assertSignable(trx, await lockContractByIntention(trx, deal.intentionId), party);
    assertRequestOpen(await lockRequestClosed(trx, deal.requestId));
    const now = await lockSealsForSigning(
      trx,
      seals.map((seal) => seal.id),
    );
    const current = await findOwnedFile(trx, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile);
    if (!current) throw new AppError('PRT_CONTRACT_NOT_FOUND');
    const bytes = new Uint8Array(await readStoredFile(storage, current));
    let signed: Uint8Array;
    try {
      signed = await stampAndSign(bytes, {
        stamps: input.placements.map((placement) => ({
          page: placement.page,
          x: placement.x,
          y: placement.y,
          png: (sealOf.get(placement.sealLgcSn) ?? first).png,
        })),
        sizeMm: SEAL_PRINTED_SIZE_MM,
        signer,
        reason: translate(locale, 'server.signing.reason', { institution: institution?.name ?? '' }),
        location: config.brand.portalName.en,
        contactInfo: user.email,
        signingTime: now,
        fieldName: `${party}-${first.sealNo}`,
        timestampAuthority,
      });
      // The last party's signature completes the contract: PAdES B-LTA, the validation data of
      // both signatures (read under the seals' locks) and a document timestamp over the whole.
      if ((await findSignatures(trx, [Number(contract.id)])).length + 1 >= 2) {
        signed = await completeForTheLongTerm(signed, {
          timestampAuthority,
          revocationProvider: await revocationProviderFor(deps, trx),
        });
      }
    } catch (error) {
      if (error instanceof StampPlacementError) {
        const page = input.placements[error.stampIndex]?.page ?? 0;
        throw new AppError('PRT_STAMP_OUTSIDE_PAGE', { page });
      }
      if (error instanceof TimestampError) {
        // The reason (no answer, a refusal, a token that failed a check) goes to the log with the 503.
        throw Object.assign(new AppError('PRT_TIMESTAMP_UNAVAILABLE'), { cause: error });
      }
      throw mapPdfError(error);
    }
    await checkVerificationCode(trx, {
      email: user.email,
      purpose: signPurpose(contract.lgcSn),
      code: input.code,
      consume: true,
    });
    const after = await storeFileWithin(trx, storage, {
      uploaderUserId: user.id,
      purpose: 'contract',
      name: current.originalName,
      data: Buffer.from(signed),
      owner: { kind: 'contract', lgcSn: contract.lgcSn },
    });
    const signatures = await findSignatures(trx, [Number(contract.id)]);
    const complete = signatures.length + 1 >= 2;
    const { id: signatureId } = await insertSignature(trx, {
      contractId: Number(contract.id),
      party,
      institutionId,
      userId: user.id,
      signingSealId: first.id,
      fileBefore: current.lgcSn,
      fileAfter: after.lgcSn,
      sha256Before: current.sha256,
      sha256After: after.sha256,
      signedAt: now,
      ip,
    });
    await insertPlacements(
      trx,
      input.placements.map((placement) => ({
        signatureId: Number(signatureId),
        sealId: (sealOf.get(placement.sealLgcSn) ?? first).id,
        page: placement.page,
        x: placement.x,
        y: placement.y,
      })),
    );
    await insertEvents(trx, [
      ...input.placements.map((placement) => ({
        intentionId: deal.intentionId,
        kind: 'placed' as const,
        userId: user.id,
        institutionId,
        sealId: (sealOf.get(placement.sealLgcSn) ?? first).id,
        page: placement.page,
        at: now,
        ip,
      })),
      {
        intentionId: deal.intentionId,
        kind: 'signed' as const,
        userId: user.id,
        institutionId,
        sealId: first.id,
        fileName: after.originalName,
        sha256Before: current.sha256,
        sha256After: after.sha256,
        at: now,
        ip,
      },
    ]);
    await updateContract(trx, Number(contract.id), {
      state: complete ? 'signed' : 'signing',
      currentFile: after.lgcSn,
      signedAt: complete ? now : null,
    });
    await tellOtherParty(deps, trx, deal, party, user, {
      type: 'contractSigned',
      title: contract.title,
      event: complete ? 'completed' : 'signed',
    });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.contractSigned,
      targetType: 'contract',
      targetId: contract.lgcSn,
      detail: {
        intention: deal.intentionLgcSn,
        seals: seals.map((seal) => seal.sealNo),
        sha256Before: current.sha256,
        sha256After: after.sha256,
      },
      ip,
    });
  });
  return viewOf(deps, deal, party);
}

/** The other party's contact for the deal is messaged and mailed. */
async function tellOtherParty(
  deps: ContractDeps,
  trx: Db,
  deal: Deal,
  party: TContractParty,
  actor: SessionUser,
  what: { type: 'contractUploaded' | 'contractSigned'; title: string; event: 'uploaded' | 'signed' | 'completed' },
) {
  const institutionId = institutionOfParty(deal, party);
  const contactId = contactOf(deal, otherParty(party));
  await postMessages(trx, [
    {
      userId: contactId,
      type: what.type,
      requestId: deal.requestId,
      institutionId,
      link: `${PREVIEW_PATH}?id=${encodeURIComponent(deal.intentionLgcSn)}`,
      subject: what.title,
    },
  ]);
  const contact = await findUserById(trx, contactId);
  if (!contact) return;
  const institution = await findInstitution(trx, institutionId);
  await enqueueMail(
    trx,
    {
      to: contact.email,
      locale: contact.locale,
      template: 'contractEvent',
      params: {
        name: contact.name,
        title: what.title,
        request: deal.requestName,
        institution: institution?.name ?? actor.name,
        event: what.event,
        link: previewLink(deps.config, deal.intentionLgcSn),
      },
    },
    deps.config.brand,
  );
}

// ---------- what each seal stamped (for the seals module) ----------

export async function stampedFilesOf(db: Db, sealIds: readonly number[]): Promise<Map<number, TStampedFile[]>> {
  const rows = await findSignaturesBySeal(db, sealIds);
  const deals = await findDealsByIds(db, [...new Set(rows.map((row) => Number(row.intentionId)))]);
  const signatures = await findSignatures(db, [...new Set(rows.map((row) => Number(row.contractId)))]);
  const institutions = await findInstitutions(
    db,
    signatures.map((signature) => Number(signature.institutionId)),
  );
  const result = new Map<number, TStampedFile[]>();
  for (const row of rows) {
    const deal = deals.get(Number(row.intentionId));
    if (!deal) continue;
    const signers = signatures
      .filter((signature: SignatureRow) => Number(signature.contractId) === Number(row.contractId))
      .map((signature) => institutions.get(Number(signature.institutionId))?.name ?? '');
    const list = result.get(Number(row.sealId)) ?? [];
    list.push({
      contractLgcSn: row.lgcSn,
      intentionLgcSn: deal.intentionLgcSn,
      title: row.title,
      signers,
      signedAt: new Date(row.signedAt).toISOString(),
    });
    result.set(Number(row.sealId), list);
  }
  return result;
}
