/**
 * Publishing requests: validating the form given today, the attachments and the master-agreement
 * rule, then publishing, editing and withdrawing (only by the user who published the request).
 * The row, the attachments, the audit record and matching are written in one transaction.
 */
import { type Locale, localizeIssues } from '@portal/shared';
import { findCooperationSubType, PUBLISH_CATEGORIES, type PublishChoice } from '@portal/shared/dictionaries';
import { releaseSchemaFor, type TPublishRequest } from '@portal/shared/schemas/cooperation';
import type { TFileInfo } from '@portal/shared/schemas/files';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/session.ts';
import { claimAttachments, describeFiles } from '../files/index.ts';
import { hasSignedMasterAgreement } from './master-agreement.service.ts';
import { onRequestPublished } from './matching.ts';
import { type ReleaseColumns, releaseFormToColumns } from './release-columns.ts';
import { visibleTo } from './request-reading.service.ts';
import { findRequestForUpdate, insertRequest, type RequestRow, updateRequest } from './requests.repository.ts';

/** Today as `YYYY-MM-DD` (UTC), the day validity dates are compared with. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A PRT_VALIDATION error from zod issues, worded like the platform's error handler does. */
export function validationError(issues: readonly z.core.$ZodIssue[], locale: Locale, input: unknown): AppError {
  const fields = localizeIssues(issues, locale, input);
  return new AppError('PRT_VALIDATION', { details: fields.map((f) => f.message).join(' ') }, fields);
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
