/**
 * Who may do what with a contract (contracts.service.ts describes the rules), shared by the
 * view, upload and signing services: the reader's side of the deal, a party acting, the request
 * still open; and the small names every service uses (the dependencies, the client, the links).
 */
import type { TContractParty, TContractStatus } from '@portal/shared/schemas/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import { PdfUnreadableError } from '../../platform/signing/pdf-sign.ts';
import { type Deal, findDeal, type RequestClosed } from '../cooperation/index.ts';
import type { ContractRow } from './contracts.repository.ts';

export type ContractDeps = { db: Db; config: Config; storage: FileStorage };
/** Where a step came from, for the audit trail: the address and the browser (User-Agent). */
export type Client = { ip: string; userAgent: string | null };

export const PREVIEW_PATH = '/previewContract';
export const contractApi = (intentionLgcSn: string) => `/api/contracts/${encodeURIComponent(intentionLgcSn)}`;
export const previewLink = (config: Config, intentionLgcSn: string) =>
  `${config.publicBaseUrl}${PREVIEW_PATH}?id=${encodeURIComponent(intentionLgcSn)}`;

export const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const statusOf = (contract: ContractRow | undefined): TContractStatus => contract?.state ?? 'notUploaded';

/** The reader's side of the deal; null for bank staff; PRT_CONTRACT_NOT_FOUND for anyone else. */
export function partyOf(deal: Deal | undefined, user: SessionUser): TContractParty | null {
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

export async function dealFor(db: Db, user: SessionUser, intentionLgcSn: string) {
  const deal = await findDeal(db, intentionLgcSn);
  const party = partyOf(deal, user);
  return { deal: deal as Deal, party };
}

/** A party acting (staff only read). */
export async function partyDeal(db: Db, user: SessionUser, intentionLgcSn: string) {
  const { deal, party } = await dealFor(db, user, intentionLgcSn);
  if (party === null) throw new AppError('PRT_FORBIDDEN');
  return { deal, party };
}

/** Refuses a new step (upload, confirmation, signature) once the request was withdrawn or taken down. */
export function assertRequestOpen(closed: RequestClosed): void {
  if (closed === 'withdrawn') throw new AppError('PRT_CONTRACT_REQUEST_WITHDRAWN');
  if (closed === 'takenDown') throw new AppError('PRT_CONTRACT_REQUEST_TAKEN_DOWN');
}

/** A party taking a new step on the contract: its request still open (checked again under lock). */
export async function openPartyDeal(db: Db, user: SessionUser, intentionLgcSn: string) {
  const found = await partyDeal(db, user, intentionLgcSn);
  assertRequestOpen(found.deal.requestClosed);
  return found;
}

export const institutionOfParty = (deal: Deal, party: TContractParty) =>
  party === 'publisher' ? deal.publisherInstitutionId : deal.counterpartInstitutionId;
export const otherParty = (party: TContractParty): TContractParty =>
  party === 'publisher' ? 'counterpart' : 'publisher';
export const contactOf = (deal: Deal, party: TContractParty) =>
  party === 'publisher' ? deal.publisherUserId : deal.counterpartUserId;

/** A PDF that cannot be read is the uploader's error; anything else stays what it is. */
export function mapPdfError(error: unknown): unknown {
  if (error instanceof PdfUnreadableError) return new AppError('PRT_PDF_UNREADABLE');
  return error;
}
