/**
 * Cooperation requests (SPEC §2–§5, docs/decisions/0006): publish, edit, withdraw, the lists,
 * follows and the detail page. Rules only, no HTTP.
 *
 * - Publish validates the body with the form's schema given today (`releaseSchemaFor`: the
 *   validity and the L/C expiry must not be in the past), then the rules the schema cannot know:
 *   the step-2 choice leads to this sub-type (and direction), the attachments are the caller's
 *   own uploads, and forfaiting / risk participation need a signed master agreement (the bank's
 *   own institutions excepted). The row, the attachments, the audit record and matching are
 *   written in one transaction.
 * - Only the user who published a request edits or withdraws it; drafts are visible to their
 *   owner only, taken-down requests to their owner and bank staff only.
 */
import { type Locale, localizeIssues } from '@portal/shared';
import { findCooperationSubType, PUBLISH_CATEGORIES, type PublishChoice } from '@portal/shared/dictionaries';
import {
  formKindOf,
  OPPORTUNITY_COUNT_CAP,
  releaseSchemaFor,
  type TIntentionItem,
  type TOpportunityDetail,
  type TOpportunityListQuery,
  type TPublishRequest,
} from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import { claimAttachments, describeFiles } from '../files/index.ts';
import { listRequestIntentions } from './intentions.repository.ts';
import { toIntentionItem } from './intentions.service.ts';
import { hasSignedMasterAgreement } from './master-agreement.service.ts';
import { onRequestPublished } from './matching.ts';
import { type Reader, toListItem } from './present.ts';
import { type ReleaseColumns, releaseFormToColumns } from './release-columns.ts';
import {
  countsOf,
  findPublisherInstitution,
  findRequestByLgcSn,
  findRequestForUpdate,
  insertRequest,
  isFollowing,
  listFollowed,
  listOpportunities,
  listOwnRequests,
  type RequestRow,
  setFollow,
  updateRequest,
} from './requests.repository.ts';

/** Today as `YYYY-MM-DD` (UTC), the day validity dates are compared with. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A PRT_VALIDATION error from zod issues, worded like the platform's error handler does. */
export function validationError(issues: readonly z.core.$ZodIssue[], locale: Locale, input: unknown): AppError {
  const fields = localizeIssues(issues, locale, input);
  return new AppError('PRT_VALIDATION', { details: fields.map((f) => f.message).join(' ') }, fields);
}

/** The reader as the lists see them. */
export function readerOf(user: SessionUser, locale: Locale): Reader {
  return { userId: user.id, institutionId: user.institutionId, locale };
}

function institutionOf(user: SessionUser): number {
  if (user.institutionId === null) throw new AppError('PRT_FORBIDDEN');
  return user.institutionId;
}

/** The step-2 choice with this code and its category. */
export function findChoice(choiceCode: string): { categoryCode: string; choice: PublishChoice } | undefined {
  for (const category of PUBLISH_CATEGORIES) {
    const choice = category.children.find((c) => c.code === choiceCode);
    if (choice) return { categoryCode: category.code, choice };
  }
  return undefined;
}

type ValidForm = Record<string, unknown> & {
  choiceCode: string;
  subTypeCode: string;
  itDpchlstRqmNm: string;
  direction: string;
  validFrom: string;
  validUntil: string;
  scopeLimited: boolean;
  scopeCountries: string[];
  bankBranch: string;
  attachments: string[];
};

/** Validates a publish/update body: the form's schema (with today's date rules) and the choice. */
export function validateRelease(
  body: TPublishRequest,
  locale: Locale,
  today: string,
): { form: ValidForm; categoryCode: string } {
  const { draftLgcSn: _draft, ...input } = body;
  // The schema with today: a validity or L/C expiry in the past is one more field error of the
  // same answer, never a separate second round.
  const schema = releaseSchemaFor(body.subTypeCode, { today });
  if (!schema) throw new AppError('PRT_CHOICE_MISMATCH');
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues, locale, input);
  const form = parsed.data as unknown as ValidForm;
  const found = findChoice(form.choiceCode);
  if (
    !found ||
    found.choice.subTypeCode !== form.subTypeCode ||
    (found.choice.direction !== undefined && found.choice.direction !== form.direction)
  ) {
    throw new AppError('PRT_CHOICE_MISMATCH');
  }
  return { form, categoryCode: found.categoryCode };
}

/**
 * Attaches the listed files to the request, inside the caller's transaction. Each must be the
 * user's own uploaded attachment, not attached to anything else; otherwise PRT_VALIDATION on
 * `attachments`.
 */
export async function claimRequestAttachments(
  trx: Db,
  input: { lgcSns: readonly string[]; userId: number; requestLgcSn: string; locale: Locale },
): Promise<void> {
  await claimAttachments(trx, {
    owner: { kind: 'request', lgcSn: input.requestLgcSn },
    by: { userId: input.userId },
    lgcSns: input.lgcSns,
    field: 'attachments',
    locale: input.locale,
  });
}

/** Names and sizes of a request's attachments, in the form's order (files attached to it only). */
export async function describeRequestAttachments(db: Db, requestLgcSn: string, lgcSns: unknown): Promise<TFileInfo[]> {
  return describeFiles(db, { kind: 'request', lgcSn: requestLgcSn }, lgcSns);
}

async function checkMasterAgreement(db: Db, subTypeCode: string, institutionId: number): Promise<void> {
  if (!findCooperationSubType(subTypeCode)?.requiresMasterAgreement) return;
  if (!(await hasSignedMasterAgreement(db, institutionId))) throw new AppError('PRT_MASTER_AGREEMENT_REQUIRED');
}

/**
 * Writes a request's columns in the caller's transaction: into the user's draft `draftLgcSn`
 * (PRT_DRAFT_NOT_FOUND unless it is theirs and still a draft), or into a new request of theirs.
 */
export async function writeOwnRequest(
  trx: Db,
  user: SessionUser,
  draftLgcSn: string | undefined,
  values: ReleaseColumns & { institutionId: number; status: 'draft' | 'effective'; publishedAt?: Date },
): Promise<RequestRow> {
  const { institutionId, ...columns } = values;
  if (draftLgcSn) {
    const draft = await findRequestForUpdate(trx, draftLgcSn);
    if (draft?.status !== 'draft' || draft.ownerUserId !== user.id) throw new AppError('PRT_DRAFT_NOT_FOUND');
    return updateRequest(trx, draft.id, { ...columns, invalidReason: null });
  }
  return insertRequest(trx, { ...columns, lgcSn: newPublicId(), ownerUserId: user.id, institutionId });
}

/** Publishes a request (or a saved draft); matching runs in the same transaction. */
export async function publishRequest(
  db: Db,
  user: SessionUser,
  body: TPublishRequest,
  ctx: { locale: Locale; ip: string; now?: Date },
): Promise<{ lgcSn: string }> {
  const institutionId = institutionOf(user);
  const { form, categoryCode } = validateRelease(body, ctx.locale, todayIso(ctx.now));
  await checkMasterAgreement(db, form.subTypeCode, institutionId);
  const row = await inTransaction(db, async (trx) => {
    const row = await writeOwnRequest(trx, user, body.draftLgcSn, {
      ...releaseFormToColumns(form, categoryCode),
      institutionId,
      status: 'effective',
      publishedAt: ctx.now ?? new Date(),
    });
    await claimRequestAttachments(trx, {
      lgcSns: form.attachments,
      userId: user.id,
      requestLgcSn: row.lgcSn,
      locale: ctx.locale,
    });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.requestPublished,
      targetType: 'cooperation',
      targetId: row.lgcSn,
      detail: { name: row.name, subTypeCode: row.subTypeCode },
      ip: ctx.ip,
    });
    await onRequestPublished(trx, row.id);
    return row;
  });
  return { lgcSn: row.lgcSn };
}

/** The request for a change by `user`: it must exist (visible), be theirs and be effective. */
async function ownEffectiveForUpdate(trx: Db, user: SessionUser, lgcSn: string): Promise<RequestRow> {
  const row = await findRequestForUpdate(trx, lgcSn);
  if (!row || !visibleTo(row, user)) throw new AppError('PRT_REQUEST_NOT_FOUND');
  if (row.ownerUserId !== user.id) throw new AppError('PRT_NOT_REQUEST_OWNER');
  if (row.status !== 'effective') throw new AppError('PRT_REQUEST_NOT_EFFECTIVE');
  return row;
}

/** The owner edits an effective request: same validation as publishing, no new matching. */
export async function updateOwnRequest(
  db: Db,
  user: SessionUser,
  lgcSn: string,
  body: TPublishRequest,
  ctx: { locale: Locale; ip: string; now?: Date },
): Promise<{ lgcSn: string }> {
  const institutionId = institutionOf(user);
  const { form, categoryCode } = validateRelease(body, ctx.locale, todayIso(ctx.now));
  await db.transaction().execute(async (trx) => {
    const row = await ownEffectiveForUpdate(trx, user, lgcSn);
    if (row.subTypeCode !== form.subTypeCode) await checkMasterAgreement(trx, form.subTypeCode, institutionId);
    await updateRequest(trx, row.id, releaseFormToColumns(form, categoryCode));
    await claimRequestAttachments(trx, {
      lgcSns: form.attachments,
      userId: user.id,
      requestLgcSn: row.lgcSn,
      locale: ctx.locale,
    });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.requestUpdated,
      targetType: 'cooperation',
      targetId: row.lgcSn,
      ip: ctx.ip,
    });
  });
  return { lgcSn };
}

/** The owner withdraws an effective request (invalid, withdrawn). */
export async function invalidateOwnRequest(db: Db, user: SessionUser, lgcSn: string, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await ownEffectiveForUpdate(trx, user, lgcSn);
    await updateRequest(trx, row.id, { status: 'invalid', invalidReason: 'withdrawn' });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.requestWithdrawn,
      targetType: 'cooperation',
      targetId: row.lgcSn,
      ip,
    });
  });
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
    rows.map((row) => Number(row.id)),
  );
  return {
    list: rows.map((row) => ({ ...toListItem(row, reader), ...counts.get(Number(row.id))! })),
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

/** The detail page of a request, as this reader may see it. */
export async function requestDetail(
  db: Db,
  user: SessionUser,
  lgcSn: string,
  locale: Locale,
): Promise<TOpportunityDetail> {
  const row = await findRequestByLgcSn(db, lgcSn);
  if (!row || !visibleTo(row, user)) throw new AppError('PRT_REQUEST_NOT_FOUND');
  const formKind = row.subTypeCode ? formKindOf(row.subTypeCode) : undefined;
  // A draft saved before its sub-type or direction was chosen has no detail page yet (see detailDraft).
  if (!formKind || !row.direction) throw new AppError('PRT_REQUEST_NOT_FOUND');
  const institution = await findPublisherInstitution(db, row.institutionId);
  const reader = readerOf(user, locale);
  const isOwner = row.ownerUserId === user.id;
  const myIntentions =
    reader.institutionId === null ? [] : await intentionItems(db, row, reader.institutionId, reader.institutionId);
  const myIntention = myIntentions[0] ?? null;
  const item = toListItem(
    {
      ...row,
      id: row.id,
      instName: institution.name,
      instSwiftCode: institution.swiftCode,
      instCountry: institution.country,
      followed: await isFollowing(db, user.id, row.id),
      intentionStatus: myIntention?.status ?? null,
    },
    reader,
  );
  let owner: TOpportunityDetail['owner'] = null;
  if (isOwner) {
    const counts = (await countsOf(db, [row.id])).get(row.id)!;
    owner = { ...counts, intentions: await intentionItems(db, row, reader.institutionId) };
  }
  const fields = row.fields;
  const str = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : '');
  return {
    item,
    categoryCode: row.categoryCode,
    choiceCode: row.choiceCode,
    formKind,
    fields,
    attachments: await describeRequestAttachments(db, row.lgcSn, fields.attachments),
    publisher: {
      instNm: institution.name,
      instSwiftCode: institution.swiftCode,
      country: institution.country,
      contactName: str('contactName'),
      contactEmail: str('contactEmail'),
      contactPhone: str('contactPhone'),
    },
    owner,
    myIntention,
    canSendIntention:
      row.status === 'effective' && !item.isMine && reader.institutionId !== null && myIntention === null,
    canEdit: isOwner && row.status === 'effective',
  };
}
