/**
 * Cooperation requests (SPEC §2–§5, docs/decisions/0006): publish, edit, withdraw, the lists,
 * follows and the detail page. Rules only, no HTTP.
 *
 * - Publish validates the body with the form's schema (`releaseSchemaFor`), then the rules the
 *   schema cannot know: the step-2 choice leads to this sub-type (and direction), the validity
 *   does not end in the past, the attachments are the caller's own uploads, and forfaiting / risk
 *   participation need a signed master agreement (the bank's own institutions excepted). The row,
 *   the attachments, the audit record and matching are written in one transaction.
 * - Only the user who published a request edits or withdraws it; drafts are visible to their
 *   owner only, taken-down requests to their owner and bank staff only.
 */
import { randomUUID } from 'node:crypto';
import { type Locale, localizeIssues } from '@portal/shared';
import {
  COOPERATION_TYPE_CODES,
  findCooperationSubType,
  PUBLISH_CATEGORIES,
  type PublishChoice,
} from '@portal/shared/dictionaries';
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
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import { findFiles, findFilesForUpdate } from '../files/files.repository.ts';
import { fieldError, toFileInfo } from '../files/files.service.ts';
import { notifyUnreadChanged } from '../messages/notify.ts';
import { hasSignedMasterAgreement } from './master-agreement.service.ts';
import { onRequestPublished } from './matching.ts';
import { type Reader, toListItem } from './present.ts';
import {
  attachedToRequest,
  countsOf,
  findRequestByLgcSn,
  findRequestForUpdate,
  insertRequest,
  isFollowing,
  listFollowed,
  listOpportunities,
  listOwnRequests,
  type RequestInsert,
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

/** Validates a publish/update body: the form's schema, the choice, and a validity not in the past. */
export function validateRelease(
  body: TPublishRequest,
  locale: Locale,
  today: string,
): { form: ValidForm; categoryCode: string } {
  const { draftLgcSn: _draft, ...input } = body;
  const schema = releaseSchemaFor(body.subTypeCode);
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
  if (form.validUntil < today) throw fieldError(locale, 'validUntil', 'dateInPast');
  return { form, categoryCode: found.categoryCode };
}

/** The list columns copied from a valid form (`fields` keeps the whole form). */
function columnsOf(
  form: ValidForm,
  categoryCode: string,
): Omit<RequestInsert, 'lgcSn' | 'ownerUserId' | 'institutionId' | 'status'> {
  const sub = findCooperationSubType(form.subTypeCode);
  const text = (key: string) => {
    const value = form[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const num = (key: string) => (typeof form[key] === 'number' ? (form[key] as number) : null);
  return {
    categoryCode,
    choiceCode: form.choiceCode,
    typeCode: sub?.parent ?? null,
    subTypeCode: form.subTypeCode,
    direction: form.direction,
    name: form.itDpchlstRqmNm,
    currency: text('currency'),
    amount: text('amount') ?? text('annualSettlementVolume'),
    termType: text('termType'),
    commonTerm: form.termType === 'COMMON' ? text('commonTerm') : null,
    customTermDays: form.termType === 'CUSTOMIZED' ? num('customTermDays') : null,
    price: num('price'),
    validFrom: form.validFrom,
    validUntil: form.validUntil,
    scopeLimited: form.scopeLimited,
    scopeCountries: form.scopeLimited ? form.scopeCountries : [],
    bankBranch: form.bankBranch || null,
    fields: JSON.stringify({ ...form, scopeCountries: form.scopeLimited ? form.scopeCountries : [] }),
  };
}

/**
 * Attaches the listed files to the request, inside the caller's transaction. Each must be the
 * user's own uploaded attachment, not attached to anything else; otherwise PRT_VALIDATION on
 * `attachments`.
 */
export async function claimAttachments(
  trx: Db,
  input: { lgcSns: readonly string[]; userId: number; requestLgcSn: string; locale: Locale },
): Promise<void> {
  if (!input.lgcSns.length) return;
  const invalid = () => fieldError(input.locale, 'attachments', 'invalid');
  if (new Set(input.lgcSns).size !== input.lgcSns.length) throw invalid();
  const target = attachedToRequest(input.requestLgcSn);
  const rows = await findFilesForUpdate(trx, input.lgcSns);
  const usable = rows.every(
    (row) =>
      row.purpose === 'attachment' &&
      row.ownerUserId === input.userId &&
      (row.attachedTo === null || row.attachedTo === target),
  );
  if (rows.length !== input.lgcSns.length || !usable) throw invalid();
  const ids = rows.filter((row) => row.attachedTo !== target).map((row) => row.id);
  if (ids.length) await trx.updateTable('fileObject').set({ attachedTo: target }).where('id', 'in', ids).execute();
}

/** Names and sizes of a request's attachments, in the form's order (files attached to it only). */
export async function describeRequestAttachments(db: Db, requestLgcSn: string, lgcSns: unknown): Promise<TFileInfo[]> {
  const ids = Array.isArray(lgcSns) ? lgcSns.filter((id): id is string => typeof id === 'string') : [];
  const target = attachedToRequest(requestLgcSn);
  const rows = new Map(
    (await findFiles(db, ids)).filter((row) => row.attachedTo === target).map((row) => [row.lgcSn, row]),
  );
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [toFileInfo(row)] : [];
  });
}

async function checkMasterAgreement(db: Db, subTypeCode: string, institutionId: number): Promise<void> {
  if (!findCooperationSubType(subTypeCode)?.requiresMasterAgreement) return;
  if (!(await hasSignedMasterAgreement(db, institutionId))) throw new AppError('PRT_MASTER_AGREEMENT_REQUIRED');
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
  const { row, userIds } = await db.transaction().execute(async (trx) => {
    const columns = columnsOf(form, categoryCode);
    let row: RequestRow;
    if (body.draftLgcSn) {
      const draft = await findRequestForUpdate(trx, body.draftLgcSn);
      if (draft?.status !== 'draft' || draft.ownerUserId !== user.id) throw new AppError('PRT_DRAFT_NOT_FOUND');
      row = await updateRequest(trx, draft.id, {
        ...columns,
        status: 'effective',
        invalidReason: null,
        publishedAt: ctx.now ?? new Date(),
      });
    } else {
      row = await insertRequest(trx, {
        ...columns,
        lgcSn: randomUUID(),
        ownerUserId: user.id,
        institutionId,
        status: 'effective',
        publishedAt: ctx.now ?? new Date(),
      });
    }
    await claimAttachments(trx, {
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
    const userIds = await onRequestPublished(trx, row.id);
    return { row, userIds };
  });
  notifyUnreadChanged(userIds);
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
    await updateRequest(trx, row.id, columnsOf(form, categoryCode));
    await claimAttachments(trx, {
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
  const typeIsParent = query.typeCode ? (COOPERATION_TYPE_CODES as readonly string[]).includes(query.typeCode) : false;
  const reader = readerOf(user, locale);
  const { rows, total, capped } = await listOpportunities(
    db,
    { ...query, typeIsParent },
    { pageNo: query.pageNo, pageSize: query.pageSize },
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
  let query = db
    .selectFrom('cooperationIntention as ci')
    .innerJoin('appUser as su', 'su.id', 'ci.senderUserId')
    .innerJoin('institution as si', 'si.id', 'ci.senderInstitutionId')
    .innerJoin('institution as ri', 'ri.id', 'ci.recipientInstitutionId')
    .select([
      'ci.lgcSn',
      'ci.status',
      'ci.message',
      'ci.createdAt',
      'ci.respondedAt',
      'ci.recipientInstitutionId',
      'su.name as senderName',
      'si.name as senderInstitution',
      'si.swiftCode as senderSwiftCode',
      'ri.name as recipientInstitution',
    ])
    .where('ci.requestId', '=', request.id);
  if (onlySenderInstitutionId !== undefined)
    query = query.where('ci.senderInstitutionId', '=', onlySenderInstitutionId);
  const rows = await query.orderBy('ci.createdAt', 'desc').orderBy('ci.id', 'desc').execute();
  return rows.map((row) => ({
    lgcSn: row.lgcSn,
    requestLgcSn: request.lgcSn,
    requestName: request.name,
    status: row.status,
    handled: row.status !== 'pending',
    message: row.message,
    senderName: row.senderName,
    senderInstitution: row.senderInstitution,
    senderSwiftCode: row.senderSwiftCode,
    recipientInstitution: row.recipientInstitution,
    sentAt: new Date(row.createdAt).toISOString(),
    respondedAt: row.respondedAt ? new Date(row.respondedAt).toISOString() : null,
    canAnswer:
      row.status === 'pending' &&
      readerInstitutionId !== null &&
      Number(row.recipientInstitutionId) === readerInstitutionId,
  }));
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
  const institution = await db
    .selectFrom('institution')
    .select(['name', 'swiftCode', 'country'])
    .where('id', '=', row.institutionId)
    .executeTakeFirstOrThrow();
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
