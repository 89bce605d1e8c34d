/**
 * Reading requests: who sees which (drafts their owner only, taken-down requests their owner and
 * bank staff only), the lists, follows, a request's contact and its detail page.
 */
import type { Locale } from '@portal/shared';
import {
  formKindOf,
  OPPORTUNITY_COUNT_CAP,
  type TIntentionItem,
  type TOpportunityDetail,
  type TOpportunityListQuery,
} from '@portal/shared/schemas/cooperation';
import type { TRequestContact } from '@portal/shared/schemas/spec-calls';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import { listRequestIntentions } from './intentions.repository.ts';
import { toIntentionItem } from './intentions.service.ts';
import { type Reader, toListItem } from './present.ts';
import { describeRequestAttachments } from './request-publishing.service.ts';
import {
  countsOf,
  findPublisherInstitution,
  findRequestByLgcSn,
  findRequestForReader,
  isFollowing,
  listFollowed,
  listOpportunities,
  listOwnRequests,
  type RequestRow,
  setFollow,
} from './requests.repository.ts';

/** The reader as the lists see them. */
export function readerOf(user: SessionUser, locale: Locale): Reader {
  return { userId: user.id, institutionId: user.institutionId, locale };
}

/** Drafts: their owner only. Taken down: owner and bank staff only. Anything else: everyone. */
export function visibleTo(row: RequestRow, user: SessionUser): boolean {
  if (row.status === 'draft') return row.ownerUserId === user.id;
  if (row.invalidReason === 'takenDown') return row.ownerUserId === user.id || isStaff(user);
  return true;
}

/** The Business Opportunities list (and the home page's two-way list). */
export async function listOpportunityPage(db: Db, user: SessionUser, query: TOpportunityListQuery, locale: Locale) {
  const { pageNo, pageSize, ...filters } = query;
  const reader = readerOf(user, locale);
  const { rows, total, capped } = await listOpportunities(
    db,
    filters,
    { pageNo, pageSize },
    OPPORTUNITY_COUNT_CAP,
    reader,
  );
  return {
    list: rows.map((row) => toListItem(row, reader)),
    total,
    totalCapped: capped,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** My released requests, with pushes, intentions and agreed intentions counted. */
export async function listMyRequests(
  db: Db,
  user: SessionUser,
  query: { status: 'effective' | 'invalid' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
  locale: Locale,
) {
  const reader = readerOf(user, locale);
  const { rows, total } = await listOwnRequests(db, reader, query);
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    list: rows.map((row) => ({ ...toListItem(row, reader), ...counts.get(row.id)! })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Requests I follow. */
export async function listMyFollows(
  db: Db,
  user: SessionUser,
  query: { pageNo: number; pageSize: number },
  locale: Locale,
) {
  const reader = readerOf(user, locale);
  const { rows, total } = await listFollowed(db, reader, query);
  return {
    list: rows.map((row) => toListItem(row, reader)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** Follows or unfollows; only an effective request can be newly followed. */
export async function toggleFollow(db: Db, user: SessionUser, lgcSn: string): Promise<{ followed: boolean }> {
  const row = await findRequestByLgcSn(db, lgcSn);
  if (!row || !visibleTo(row, user) || row.status === 'draft') throw new AppError('PRT_REQUEST_NOT_FOUND');
  if (await isFollowing(db, user.id, row.id)) {
    await setFollow(db, user.id, row.id, false);
    return { followed: false };
  }
  if (row.status !== 'effective') throw new AppError('PRT_REQUEST_NOT_EFFECTIVE');
  await setFollow(db, user.id, row.id, true);
  return { followed: true };
}

/** Intentions on a request, as the detail page shows them (`readerInstitutionId` decides canAnswer). */
async function intentionItems(
  db: Db,
  request: RequestRow,
  readerInstitutionId: number | null,
  onlySenderInstitutionId?: number,
): Promise<TIntentionItem[]> {
  const rows = await listRequestIntentions(db, request.id, onlySenderInstitutionId);
  return rows.map((row) => toIntentionItem(row, readerInstitutionId));
}

/**
 * The contact of a published request (SPEC §7 `queryContactById`, docs/decisions/0021): its
 * submitter and publishing institution, to a reader who may see the request. Drafts have no
 * contact to give (PRT_REQUEST_NOT_FOUND, also to their owner).
 */
export async function requestContact(db: Db, user: SessionUser, lgcSn: string): Promise<TRequestContact> {
  const row = await findRequestByLgcSn(db, lgcSn);
  if (!row || row.status === 'draft' || !visibleTo(row, user)) throw new AppError('PRT_REQUEST_NOT_FOUND');
  const institution = await findPublisherInstitution(db, row.institutionId);
  const str = (key: string) => (typeof row.fields[key] === 'string' ? (row.fields[key] as string) : '');
  return {
    requestLgcSn: row.lgcSn,
    instNm: institution.name,
    instSwiftCode: institution.swiftCode,
    country: institution.country,
    contactName: str('contactName'),
    contactEmail: str('contactEmail'),
    contactPhone: str('contactPhone'),
  };
}

/** The publisher of a request and the contact its form names. */
function publisherOf(
  institution: { name: string; swiftCode: string | null; country: string | null },
  fields: Record<string, unknown>,
) {
  const str = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  return {
    instNm: institution.name,
    instSwiftCode: institution.swiftCode,
    country: institution.country,
    contactName: str('contactName'),
    contactEmail: str('contactEmail'),
    contactPhone: str('contactPhone'),
  };
}

/** What only the request's owner sees: the counts and every intention on it. */
async function ownerView(db: Db, row: RequestRow, readerInstitutionId: number | null) {
  const counts = (await countsOf(db, [row.id])).get(row.id)!;
  return { ...counts, intentions: await intentionItems(db, row, readerInstitutionId) };
}

/** The detail page of a request, as this reader may see it. */
export async function requestDetail(
  db: Db,
  user: SessionUser,
  lgcSn: string,
  locale: Locale,
): Promise<TOpportunityDetail> {
  const reader = readerOf(user, locale);
  // The request, its publisher and the reader's flags in one statement; the reader's intention
  // in full only when the flags say there is one.
  const found = await findRequestForReader(db, lgcSn, reader);
  if (!found || !visibleTo(found, user)) throw new AppError('PRT_REQUEST_NOT_FOUND');
  const { instName, instSwiftCode, instCountry, followed, intentionStatus, ...row } = found;
  const formKind = row.subTypeCode ? formKindOf(row.subTypeCode) : undefined;
  // A draft saved before its sub-type or direction was chosen has no detail page yet (see detailDraft).
  if (!formKind || !row.direction) throw new AppError('PRT_REQUEST_NOT_FOUND');
  const institution = { name: instName, swiftCode: instSwiftCode, country: instCountry };
  const isOwner = row.ownerUserId === user.id;
  const myIntentions =
    reader.institutionId === null || intentionStatus === null
      ? []
      : await intentionItems(db, row, reader.institutionId, reader.institutionId);
  const myIntention = myIntentions[0] ?? null;
  const item = toListItem(
    {
      ...row,
      id: row.id,
      instName: institution.name,
      instSwiftCode: institution.swiftCode,
      instCountry: institution.country,
      followed: Boolean(followed),
      intentionStatus: myIntention?.status ?? null,
    },
    reader,
  );
  const owner: TOpportunityDetail['owner'] = isOwner ? await ownerView(db, row, reader.institutionId) : null;
  const fields = row.fields;
  return {
    item,
    categoryCode: row.categoryCode,
    choiceCode: row.choiceCode,
    formKind,
    fields,
    attachments: await describeRequestAttachments(db, row.lgcSn, fields.attachments),
    publisher: publisherOf(institution, fields),
    owner,
    myIntention,
    canSendIntention:
      row.status === 'effective' && !item.isMine && reader.institutionId !== null && myIntention === null,
    canEdit: isOwner && row.status === 'effective',
  };
}
