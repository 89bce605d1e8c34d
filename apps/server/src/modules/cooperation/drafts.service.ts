/**
 * Drafts of cooperation requests (SPEC §2 "save draft"): saved at any step of the publish flow
 * and seen by their owner only; anyone else is told the draft does not exist.
 *
 * What is there is checked with the form's shape made partial (types and lengths only), or with
 * the common fields when no sub-type is chosen yet; empty values are simply not saved, so a draft
 * may have no name. Publishing a draft (`draftLgcSn` on publish) turns this row into the request.
 */
import type { Locale } from '@portal/shared';
import { findCooperationSubType } from '@portal/shared/dictionaries';
import { formKindOf, RELEASE_FORM_SHAPES, type TDraftRequest, ZCommonFields } from '@portal/shared/schemas/cooperation';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { releaseFiles } from '../files/index.ts';
import { subTypeName } from './present.ts';
import { releaseFormToColumns } from './release-columns.ts';
import {
  deleteRequest,
  findRequestByLgcSn,
  findRequestForUpdate,
  listDrafts,
  type RequestRow,
} from './requests.repository.ts';
import {
  claimRequestAttachments,
  describeRequestAttachments,
  findChoice,
  validationError,
  writeOwnRequest,
} from './requests.service.ts';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Creates or updates the user's draft; returns its id. */
export async function saveDraft(
  db: Db,
  user: SessionUser,
  body: TDraftRequest,
  locale: Locale,
): Promise<{ lgcSn: string }> {
  if (user.institutionId === null) throw new AppError('PRT_FORBIDDEN');
  const institutionId = user.institutionId;
  const { categoryCode, draftLgcSn, ...rest } = body;
  const input: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => !isEmpty(v)));

  // The choice, when made, must belong to the category and lead to the sub-type given.
  let direction: string | undefined;
  if (typeof input.choiceCode === 'string') {
    const found = findChoice(input.choiceCode);
    if (!found || found.categoryCode !== categoryCode) throw new AppError('PRT_CHOICE_MISMATCH');
    if (input.subTypeCode !== undefined && input.subTypeCode !== found.choice.subTypeCode)
      throw new AppError('PRT_CHOICE_MISMATCH');
    input.subTypeCode = found.choice.subTypeCode;
    direction = found.choice.direction;
  } else if (input.subTypeCode !== undefined && !findCooperationSubType(String(input.subTypeCode))) {
    throw new AppError('PRT_CHOICE_MISMATCH');
  }
  if (direction && input.direction !== undefined && input.direction !== direction)
    throw new AppError('PRT_CHOICE_MISMATCH');
  if (direction && input.direction === undefined) input.direction = direction;

  const kind = typeof input.subTypeCode === 'string' ? formKindOf(input.subTypeCode) : undefined;
  const schema = kind ? RELEASE_FORM_SHAPES[kind].partial() : ZCommonFields.partial();
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues, locale, input);
  const fields = parsed.data as Record<string, unknown>;
  const attachments = Array.isArray(fields.attachments) ? (fields.attachments as string[]) : [];

  return db.transaction().execute(async (trx) => {
    const row = await writeOwnRequest(trx, user, draftLgcSn, {
      ...releaseFormToColumns(fields, categoryCode, 'draft'),
      institutionId,
      status: 'draft',
    });
    await claimRequestAttachments(trx, { lgcSns: attachments, userId: user.id, requestLgcSn: row.lgcSn, locale });
    return { lgcSn: row.lgcSn };
  });
}

/** The user's own draft, or PRT_DRAFT_NOT_FOUND (also for anyone else's). */
async function ownDraft(db: Db, user: SessionUser, lgcSn: string): Promise<RequestRow> {
  const row = await findRequestByLgcSn(db, lgcSn);
  if (row?.status !== 'draft' || row.ownerUserId !== user.id) throw new AppError('PRT_DRAFT_NOT_FOUND');
  return row;
}

export async function listMyDrafts(
  db: Db,
  user: SessionUser,
  query: { pageNo: number; pageSize: number },
  locale: Locale,
) {
  const { rows, total } = await listDrafts(db, user.id, query);
  return {
    list: rows.map((row) => ({
      lgcSn: row.lgcSn,
      itDpchlstRqmNm: row.name,
      categoryCode: row.categoryCode,
      choiceCode: row.choiceCode,
      subTypeCode: row.subTypeCode,
      astPrjTpcdName: subTypeName(row.subTypeCode, locale),
      updateTime: new Date(row.updatedAt).toISOString(),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function draftDetail(db: Db, user: SessionUser, lgcSn: string) {
  const row = await ownDraft(db, user, lgcSn);
  return {
    lgcSn: row.lgcSn,
    categoryCode: row.categoryCode,
    fields: row.fields,
    attachments: await describeRequestAttachments(db, row.lgcSn, row.fields.attachments),
    updateTime: new Date(row.updatedAt).toISOString(),
  };
}

/** Deletes the user's draft; its attachments are let go (the clean-up job removes them). */
export async function deleteDraft(db: Db, user: SessionUser, lgcSn: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findRequestForUpdate(trx, lgcSn);
    if (row?.status !== 'draft' || row.ownerUserId !== user.id) throw new AppError('PRT_DRAFT_NOT_FOUND');
    await releaseFiles(trx, { kind: 'request', lgcSn: row.lgcSn });
    await deleteRequest(trx, row.id);
  });
}
