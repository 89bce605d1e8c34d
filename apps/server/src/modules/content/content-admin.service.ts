import type { Locale, TBilingual } from '@portal/shared';
import type { TAdminListQuery, TContentKind } from '@portal/shared/schemas/content';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/session.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import {
  bumpContentVersion,
  deleteEntry,
  type EntryRow,
  findEntry,
  insertEntry,
  isQuestionnaireUsedByBanner,
  listEntries,
  lockEntry,
  updateEntry,
  userNames,
} from './content.repository.ts';
import { attachContentFiles, filesOfRows } from './content-files.ts';
import { columnsOf, KINDS, lowerTitles } from './content-kinds.ts';

async function adminShape(db: Db, kind: TContentKind, row: EntryRow) {
  const [files, who] = await Promise.all([filesOfRows(db, [row]), userNames(db, [row.updatedBy])]);
  return KINDS[kind].toAdmin(row, files, who);
}

export async function adminList(db: Db, kind: TContentKind, query: TAdminListQuery) {
  const def = KINDS[kind];
  const category = kind === 'modules' ? query.moduleType : kind === 'articles' ? query.category : undefined;
  const { rows, total } = await listEntries(
    db,
    { kind: def.entryKind, status: query.status, keyword: query.keyword, category },
    query,
  );
  const [files, who] = await Promise.all([
    filesOfRows(db, rows),
    userNames(
      db,
      rows.map((row) => row.updatedBy),
    ),
  ]);
  return {
    list: rows.map((row) => def.toAdmin(row, files, who)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function entryOr404(db: Db, kind: TContentKind, lgcSn: string): Promise<EntryRow> {
  const row = await findEntry(db, KINDS[kind].entryKind, lgcSn);
  if (!row) throw new AppError('PRT_NOT_FOUND');
  return row;
}

export async function adminGet(db: Db, kind: TContentKind, lgcSn: string) {
  return adminShape(db, kind, await entryOr404(db, kind, lgcSn));
}

/** What a visitor would see, whatever the entry's status. */
export async function adminPreview(db: Db, kind: TContentKind, lgcSn: string) {
  const row = await entryOr404(db, kind, lgcSn);
  const [files, who] = await Promise.all([filesOfRows(db, [row]), userNames(db, [row.updatedBy])]);
  const shaped = KINDS[kind].preview(row, files, who);
  if (shaped === null) throw new AppError('PRT_NOT_FOUND');
  return shaped;
}

/** A banner that jumps must name an existing questionnaire. */
async function checkReferences(trx: Db, kind: TContentKind, data: Record<string, unknown>, locale: Locale) {
  if (kind !== 'banners' || !data.questionnaireId) return;
  const questionnaire = await findEntry(trx, 'questionnaire', String(data.questionnaireId));
  if (!questionnaire) throw fieldError(locale, 'questionnaireId', 'invalid');
}

export async function adminCreate(db: Db, kind: TContentKind, input: unknown, user: SessionUser, locale: Locale) {
  const def = KINDS[kind];
  const prepared = def.prepare(input);
  const row = await db.transaction().execute(async (trx) => {
    await checkReferences(trx, kind, prepared.data, locale);
    await attachContentFiles(trx, def.files(prepared), locale);
    const inserted = await insertEntry(trx, {
      ...columnsOf(prepared),
      lgcSn: newPublicId(),
      kind: def.entryKind,
      status: 'draft',
      searchText: searchTextOf(prepared.title, prepared.data),
      updatedBy: user.id,
    });
    await bumpContentVersion(trx);
    return inserted;
  });
  return adminShape(db, kind, row);
}

function searchTextOf(title: TBilingual, data: Record<string, unknown>): string {
  const extra = [data.namePt, data.swiftCode, data.issue].filter((value): value is string => typeof value === 'string');
  return lowerTitles(title, ...extra);
}

export async function adminSave(
  db: Db,
  kind: TContentKind,
  lgcSn: string,
  input: unknown,
  user: SessionUser,
  locale: Locale,
) {
  const def = KINDS[kind];
  const prepared = def.prepare(input);
  const row = await db.transaction().execute(async (trx) => {
    const current = await lockEntry(trx, def.entryKind, lgcSn);
    if (!current) throw new AppError('PRT_NOT_FOUND');
    const data = prepared.data;
    // A questionnaire's secret is write-only: an empty one keeps the current key.
    if (kind === 'questionnaires' && !data.secret) data.secret = current.data.secret ?? '';
    await checkReferences(trx, kind, data, locale);
    await attachContentFiles(trx, def.files(prepared), locale);
    const updated = await updateEntry(trx, current.id, {
      ...columnsOf(prepared),
      searchText: searchTextOf(prepared.title, data),
      updatedBy: user.id,
    });
    await bumpContentVersion(trx);
    return updated;
  });
  return adminShape(db, kind, row);
}

export async function adminSetStatus(
  db: Db,
  kind: TContentKind,
  lgcSn: string,
  status: 'draft' | 'published',
  user: SessionUser,
) {
  const def = KINDS[kind];
  const row = await db.transaction().execute(async (trx) => {
    const current = await lockEntry(trx, def.entryKind, lgcSn);
    if (!current) throw new AppError('PRT_NOT_FOUND');
    if (status === 'published' && kind === 'reports' && !current.data.pdfFileId) throw new AppError('PRT_CONFLICT');
    const updated = await updateEntry(trx, current.id, {
      status,
      publishedAt: status === 'published' ? new Date() : current.publishedAt,
      updatedBy: user.id,
    });
    await bumpContentVersion(trx);
    return updated;
  });
  return adminShape(db, kind, row);
}

/** Deletes an entry; a questionnaire still used by a banner cannot go (PRT_CONFLICT). */
export async function adminDelete(db: Db, kind: TContentKind, lgcSn: string): Promise<void> {
  const def = KINDS[kind];
  await db.transaction().execute(async (trx) => {
    const current = await lockEntry(trx, def.entryKind, lgcSn);
    if (!current) throw new AppError('PRT_NOT_FOUND');
    if (kind === 'questionnaires' && (await isQuestionnaireUsedByBanner(trx, lgcSn))) {
      throw new AppError('PRT_CONFLICT');
    }
    await deleteEntry(trx, current.id);
    await bumpContentVersion(trx);
  });
}
