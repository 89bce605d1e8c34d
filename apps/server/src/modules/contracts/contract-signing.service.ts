/**
 * Signing the contract: each party signs once, with one or more of its own effective seals placed
 * on any pages and a code mailed to the signer. The server adds, as an incremental update, the
 * seal images and one PAdES signature made with the first placed seal's certificate
 * (platform/signing). The first signature makes the contract "signing", the second "signed" (and
 * completes it, contract-completion.ts).
 *
 * Signing locks the contract row, then the request, then the placed seals' rows: two parties
 * signing at once are served one after the other, the second signing on top of the first (and
 * recorded after it), so neither signature is lost; a seal's cancellation and a signature with it
 * are served one after the other too (the signature first, or refused as the seal is cancelled).
 */
import type { Signer, TimestampAuthority } from '@libpdf/core';
import type { Locale } from '@portal/shared';
import { AUDIT_ACTIONS, translate } from '@portal/shared';
import type { TContractParty, TContractView, TSignRequest } from '@portal/shared/schemas/contracts';
import { SEAL_PRINTED_SIZE_MM } from '@portal/shared/schemas/seals';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { countSignature } from '../../platform/metrics.ts';
import type { SessionUser } from '../../platform/session.ts';
import { StampPlacementError, stampAndSign } from '../../platform/signing/pdf-sign.ts';
import { TimestampError } from '../../platform/signing/timestamp.ts';
import { checkVerificationCode } from '../../platform/verification-codes.ts';
import { type Deal, lockRequestClosed } from '../cooperation/index.ts';
import { findOwnedFile, readStoredFile, type StoredFile, storeFileWithin } from '../files/index.ts';
import { findInstitution } from '../institutions/index.ts';
import { findUsableSeals, lockSealsForSigning, timestampAuthorityFor, type UsableSeal } from '../seals/index.ts';
import {
  assertRequestOpen,
  type Client,
  type ContractDeps,
  institutionOfParty,
  mapPdfError,
  openPartyDeal,
} from './contract-access.ts';
import { completeContract } from './contract-completion.ts';
import { tellOtherParty } from './contract-notice.ts';
import { assertSignable, signPurpose } from './contract-sign-code.service.ts';
import { contractViewOf } from './contract-view.service.ts';
import {
  type ContractRow,
  findContractByIntention,
  findSignatures,
  insertEvents,
  insertPlacements,
  insertSignature,
  lockContractByIntention,
  updateContract,
} from './contracts.repository.ts';

type Placement = TSignRequest['placements'][number];

/** A signature being made: who signs for which side, with which seals placed where. */
type Signing = {
  deal: Deal;
  party: TContractParty;
  institutionId: number;
  user: SessionUser;
  input: TSignRequest;
  seals: UsableSeal[];
  /** The first placed seal: its certificate makes the signature. */
  first: UsableSeal;
  /** The seal a placement puts on the page. */
  sealFor: (placement: Placement) => UsableSeal;
  institutionName: string;
  signer: Signer;
  timestampAuthority: TimestampAuthority;
};

/**
 * What can be refused before the code is used up: the contract not signable by this party,
 * another institution's seal, a colleague's, a cancelled or expired one (checked again under
 * the seals' locks; who holds a seal never changes), a stamp off the page, a wrong code.
 */
async function prepareSigning(deps: ContractDeps, user: SessionUser, intentionLgcSn: string, input: TSignRequest) {
  const { db } = deps;
  const { deal, party } = await openPartyDeal(db, user, intentionLgcSn);
  const institutionId = institutionOfParty(deal, party);
  const before = await assertSignable(db, await findContractByIntention(db, deal.intentionId), party);
  const seals = await findUsableSeals(
    deps,
    { institutionId, userId: user.id },
    input.placements.map((placement) => placement.sealLgcSn),
    new Date(),
  );
  for (const placement of input.placements) {
    if (placement.page > before.pageCount) throw new AppError('PRT_STAMP_OUTSIDE_PAGE', { page: placement.page });
  }
  // Outside the transaction: a wrong try stays counted. Used up only once the signature is made
  // (signWithin), so a refused signature (a stamp off the page) leaves the code usable.
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
  return { deal, party, institutionId, seals };
}

/** The contract's bytes with the seals stamped and the signature added (an incremental update). */
async function stampFile(config: Config, signing: Signing, bytes: Uint8Array, now: Date, locale: Locale) {
  const { input, first } = signing;
  try {
    return await stampAndSign(bytes, {
      stamps: input.placements.map((placement) => ({
        page: placement.page,
        x: placement.x,
        y: placement.y,
        png: signing.sealFor(placement).png,
      })),
      sizeMm: SEAL_PRINTED_SIZE_MM,
      signer: signing.signer,
      reason: translate(locale, 'server.signing.reason', { institution: signing.institutionName }),
      location: config.brand.portalName.en,
      contactInfo: signing.user.email,
      signingTime: now,
      fieldName: `${signing.party}-${first.sealNo}`,
      timestampAuthority: signing.timestampAuthority,
    });
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
}

type Made = { contract: ContractRow; current: StoredFile; after: StoredFile; now: Date };

/** The signature, its seals' placements and the trail's steps (each placement, then the signature). */
async function recordSignature(trx: Db, signing: Signing, made: Made, client: Client) {
  const { deal, party, institutionId, user, input, first } = signing;
  const { contract, current, after, now } = made;
  const { id: signatureId } = await insertSignature(trx, {
    contractId: contract.id,
    party,
    institutionId,
    userId: user.id,
    signingSealId: first.id,
    fileBefore: current.lgcSn,
    fileAfter: after.lgcSn,
    sha256Before: current.sha256,
    sha256After: after.sha256,
    signedAt: now,
    ip: client.ip,
  });
  await insertPlacements(
    trx,
    input.placements.map((placement) => ({
      signatureId: Number(signatureId),
      sealId: signing.sealFor(placement).id,
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
      sealId: signing.sealFor(placement).id,
      page: placement.page,
      at: now,
      ...client,
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
      ...client,
    },
  ]);
}

/**
 * The contract moves on ("signing", or "signed" and completed by the last party's signature),
 * the other party is told, and the audit trail records the signature.
 */
async function advanceContract(
  deps: ContractDeps,
  trx: Db,
  signing: Signing,
  made: Made & { bytes: Uint8Array },
  client: Client,
) {
  const { deal, party, user, institutionId } = signing;
  const { contract, current, after, now } = made;
  const signatures = await findSignatures(trx, [contract.id]);
  const complete = signatures.length + 1 >= 2;
  await recordSignature(trx, signing, made, client);
  // The last party's signature completes the contract: the evidence reports attached, then
  // PAdES B-LTA (contract-completion.ts), read under the seals' locks.
  const completed = complete
    ? await completeContract(
        deps,
        trx,
        { deal, contract, user, institutionId, signed: after, bytes: made.bytes },
        { timestampAuthority: signing.timestampAuthority, client, now },
      )
    : after;
  await updateContract(trx, contract.id, {
    state: complete ? 'signed' : 'signing',
    currentFile: completed.lgcSn,
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
      seals: signing.seals.map((seal) => seal.sealNo),
      sha256Before: current.sha256,
      sha256After: after.sha256,
    },
    ip: client.ip,
  });
}

/** The signing transaction: the locks, the stamped and signed file, the code used up, the records. */
async function signWithin(deps: ContractDeps, trx: Db, signing: Signing, locale: Locale, client: Client) {
  const { deal, party, user } = signing;
  // The locks, contract, request, then seals (always in that order): the other party signing
  // at this moment waits here, then signs on top of this; a withdrawal or take-down of the
  // request, or a cancellation of a placed seal, waits for this signature, or this one finds it
  // done. The time is taken once they are held, so the signature applied second is never
  // recorded as the earlier one.
  const contract = await assertSignable(trx, await lockContractByIntention(trx, deal.intentionId), party);
  assertRequestOpen(await lockRequestClosed(trx, deal.requestId));
  const now = await lockSealsForSigning(
    trx,
    signing.seals.map((seal) => seal.id),
  );
  const current = await findOwnedFile(trx, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile);
  if (!current) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const bytes = new Uint8Array(await readStoredFile(deps.storage, current));
  const signed = await stampFile(deps.config, signing, bytes, now, locale);
  await checkVerificationCode(trx, {
    email: user.email,
    purpose: signPurpose(contract.lgcSn),
    code: signing.input.code,
    consume: true,
  });
  const after = await storeFileWithin(trx, deps.storage, {
    uploaderUserId: user.id,
    purpose: 'contract',
    name: current.originalName,
    data: Buffer.from(signed),
    owner: { kind: 'contract', lgcSn: contract.lgcSn },
  });
  await advanceContract(deps, trx, signing, { contract, current, after, now, bytes: signed }, client);
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
  client: Client,
): Promise<TContractView> {
  const { deal, party, institutionId, seals } = await prepareSigning(deps, user, intentionLgcSn, input);
  const sealOf = new Map(seals.map((seal) => [seal.lgcSn, seal]));
  const institution = await findInstitution(deps.db, institutionId);
  const first = seals[0];
  if (!first) throw new AppError('PRT_STAMP_REQUIRED');
  const signing: Signing = {
    deal,
    party,
    institutionId,
    user,
    input,
    seals,
    first,
    sealFor: (placement) => sealOf.get(placement.sealLgcSn) ?? first,
    institutionName: institution?.name ?? '',
    signer: await first.signer(),
    timestampAuthority: await timestampAuthorityFor(deps),
  };
  await inTransaction(deps.db, (trx) => signWithin(deps, trx, signing, locale, client));
  countSignature();
  return contractViewOf(deps, deal, party);
}
