/**
 * Reading contracts: the list of agreed cooperations with their contract status, the contract
 * page, a version of its PDF, the record that a party viewed it, and what each seal stamped (for
 * the seals module). Only the two parties and bank staff read a contract (contract-access.ts).
 */
import type {
  TContractEvent,
  TContractParty,
  TContractView,
  TCooperationInfo,
  TCooperationInfoQuery,
} from '@portal/shared/schemas/contracts';
import type { TStampedFile } from '@portal/shared/schemas/seals';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { type Deal, findDealsByIds, listAgreedDeals } from '../cooperation/index.ts';
import { findOwnedFile, readStoredFile, type StoredFile } from '../files/index.ts';
import { findInstitutions } from '../institutions/index.ts';
import { sealNames } from '../seals/index.ts';
import { findUserById, findUserNames } from '../users/index.ts';
import {
  type Client,
  type ContractDeps,
  contractApi,
  dealFor,
  institutionOfParty,
  iso,
  otherParty,
  partyDeal,
  statusOf,
} from './contract-access.ts';
import {
  allContractIntentionIds,
  type ContractRow,
  findContractByIntention,
  findContractsByIntentions,
  findEvents,
  findPlacements,
  findSignatures,
  findSignaturesBySeal,
  hasRecentView,
  insertEvents,
  intentionIdsWithState,
  type SignatureRow,
} from './contracts.repository.ts';

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
    ).map((contract) => [contract.intentionId, contract]),
  );
  const signatures = await findSignatures(
    deps.db,
    [...contracts.values()].map((contract) => contract.id),
  );
  const institutions = await findInstitutions(
    deps.db,
    list.flatMap((deal) => [deal.publisherInstitutionId, deal.counterpartInstitutionId]),
  );
  const items: TCooperationInfo[] = list.map((deal) => {
    const myParty: TContractParty = deal.publisherInstitutionId === institutionId ? 'publisher' : 'counterpart';
    const other = institutions.get(institutionOfParty(deal, otherParty(myParty)));
    const contract = contracts.get(deal.intentionId);
    const signed = signatures.filter((signature) => contract && signature.contractId === contract.id);
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
  return contractViewOf(deps, deal, party);
}

/** Everything the contract page shows of `deal`, read through `db`. */
async function readContractPage(db: Db, deal: Deal) {
  const contract = await findContractByIntention(db, deal.intentionId);
  const signatures = contract ? await findSignatures(db, [contract.id]) : [];
  const placements = await findPlacements(
    db,
    signatures.map((signature) => signature.id),
  );
  const events = await findEvents(db, deal.intentionId);
  const people = await findUserNames(
    db,
    events.map((event) => event.userId),
  );
  const institutions = await findInstitutions(db, [
    deal.publisherInstitutionId,
    deal.counterpartInstitutionId,
    ...events.map((event) => event.institutionId),
  ]);
  const sealIds = [
    ...new Set([
      ...placements.map((placement) => placement.sealId),
      ...events.flatMap((event) => (event.sealId === null ? [] : [event.sealId])),
    ]),
  ];
  const seals = await sealNames(db, sealIds);
  const file = contract
    ? await findOwnedFile(db, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile)
    : undefined;
  return { contract, signatures, placements, events, people, institutions, seals, file };
}
type ContractPage = Awaited<ReturnType<typeof readContractPage>>;

/** One party's line on the page: its institution, and who signed with which seals, when. */
async function partyInfo(db: Db, deal: Deal, page: ContractPage, side: TContractParty) {
  const { institutions, placements, seals } = page;
  const institution = institutions.get(
    side === 'publisher' ? deal.publisherInstitutionId : deal.counterpartInstitutionId,
  );
  const signature = page.signatures.find((one) => one.party === side);
  const signer = signature ? await findUserById(db, signature.userId) : undefined;
  return {
    party: side,
    institutionName: institution?.name ?? '',
    swiftCode: institution?.swiftCode ?? null,
    signedAt: iso(signature?.signedAt ?? null),
    signerName: signer?.name ?? null,
    seals: signature
      ? placements
          .filter((placement) => placement.signatureId === signature.id)
          .map((placement) => seals.get(placement.sealId))
          .filter((seal, index, all): seal is NonNullable<typeof seal> => !!seal && all.indexOf(seal) === index)
          .map((seal) => ({ sealNo: seal.sealNo, sealName: seal.name }))
      : [],
  };
}

/** One step of the audit trail as the page shows it. */
function eventView(page: ContractPage, event: ContractPage['events'][number]): TContractEvent {
  const { people, institutions, seals } = page;
  return {
    kind: event.kind,
    at: new Date(event.at).toISOString(),
    actorName: people.get(event.userId)?.name ?? '',
    institutionName: institutions.get(event.institutionId)?.name ?? '',
    sealNo: event.sealId === null ? null : (seals.get(event.sealId)?.sealNo ?? null),
    sealName: event.sealId === null ? null : (seals.get(event.sealId)?.name ?? null),
    page: event.page,
    ip: event.ip,
    userAgent: event.userAgent,
    sha256Before: event.sha256Before,
    sha256After: event.sha256After,
    fileName: event.fileName,
  };
}

/** The steps `party` (null: bank staff) may take now. */
function allowedSteps(
  deal: Deal,
  contract: ContractRow | undefined,
  party: TContractParty | null,
  signedByMe: boolean,
) {
  const open = deal.requestClosed === null;
  return {
    upload: open && party !== null && !contract,
    // Taking back an unconfirmed upload stays possible: it commits nobody to anything.
    delete: party !== null && !!contract && !contract.confirmedAt,
    confirm: open && party !== null && !!contract && !contract.confirmedAt,
    sign: open && party !== null && !!contract?.confirmedAt && !signedByMe,
  };
}

/** The contract page as `party` (null: bank staff, or the evidence report) sees it, read through `deps.db`. */
export async function contractViewOf(
  deps: ContractDeps,
  deal: Deal,
  party: TContractParty | null,
): Promise<TContractView> {
  const page = await readContractPage(deps.db, deal);
  const { contract, file } = page;
  const status = statusOf(contract);
  const signedByMe = party !== null && page.signatures.some((signature) => signature.party === party);
  const done = status === 'signed';
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
    parties: [await partyInfo(deps.db, deal, page, 'publisher'), await partyInfo(deps.db, deal, page, 'counterpart')],
    myParty: party,
    can: allowedSteps(deal, contract, party, signedByMe),
    events: page.events.map((event) => eventView(page, event)),
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

/** A party opening the same file again within this time is not recorded again. */
const VIEW_RECORDED_FOR_MS = 60 * 60 * 1000;

/**
 * A party opened the contract's file (the preview asks after showing it): the audit trail, and so
 * the evidence report, records who viewed which version, from where and with what browser. A
 * POST, as no GET writes; once an hour per person and file version, so a reload adds nothing.
 */
export async function recordContractView(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  client: Client,
): Promise<{ recorded: boolean }> {
  const { deal, party } = await partyDeal(deps.db, user, intentionLgcSn);
  const contract = await findContractByIntention(deps.db, deal.intentionId);
  if (!contract) throw new AppError('PRT_CONTRACT_NOT_UPLOADED');
  const file = await findOwnedFile(deps.db, { kind: 'contract', lgcSn: contract.lgcSn }, contract.currentFile);
  if (!file) throw new AppError('PRT_CONTRACT_NOT_FOUND');
  const since = new Date(Date.now() - VIEW_RECORDED_FOR_MS);
  if (await hasRecentView(deps.db, { intentionId: deal.intentionId, userId: user.id, sha256: file.sha256, since })) {
    return { recorded: false };
  }
  await insertEvents(deps.db, [
    {
      intentionId: deal.intentionId,
      kind: 'viewed',
      userId: user.id,
      institutionId: institutionOfParty(deal, party),
      fileName: file.originalName,
      sha256Before: file.sha256,
      sha256After: file.sha256,
      ...client,
    },
  ]);
  return { recorded: true };
}

// ---------- what each seal stamped (for the seals module) ----------

export async function stampedFilesOf(db: Db, sealIds: readonly number[]): Promise<Map<number, TStampedFile[]>> {
  const rows = await findSignaturesBySeal(db, sealIds);
  const deals = await findDealsByIds(db, [...new Set(rows.map((row) => row.intentionId))]);
  const signatures = await findSignatures(db, [...new Set(rows.map((row) => row.contractId))]);
  const institutions = await findInstitutions(
    db,
    signatures.map((signature) => signature.institutionId),
  );
  const result = new Map<number, TStampedFile[]>();
  for (const row of rows) {
    const deal = deals.get(row.intentionId);
    if (!deal) continue;
    const signers = signatures
      .filter((signature: SignatureRow) => signature.contractId === row.contractId)
      .map((signature) => institutions.get(signature.institutionId)?.name ?? '');
    const list = result.get(row.sealId) ?? [];
    list.push({
      contractLgcSn: row.lgcSn,
      intentionLgcSn: deal.intentionLgcSn,
      title: row.title,
      signers,
      signedAt: new Date(row.signedAt).toISOString(),
    });
    result.set(row.sealId, list);
  }
  return result;
}
