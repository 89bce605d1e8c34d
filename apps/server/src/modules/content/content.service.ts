/**
 * Portal content: public reads and the back office's management, no HTTP
 * (docs/decisions/0007-public-content.md).
 *
 * Every write runs in one transaction that also checks and attaches the entry's files and bumps the
 * content version (public ETags). Visitors see only published entries (banners also only inside
 * their publish window); drafts are for bank staff (list, detail, preview).
 */
import { createHash } from 'node:crypto';
import type { Locale, TBilingual } from '@portal/shared';
import type {
  TAdminListQuery,
  TComplianceSummary,
  TConsultListQuery,
  TContentKind,
  TModuleListQuery,
  TTopicKey,
  ZTopicInput,
} from '@portal/shared/schemas/content';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import { ACTIVE_ACTIVATIONS, isStaff, type SessionUser } from '../../platform/session.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import {
  claimFiles,
  findOwnedFile,
  findOwnedFiles,
  findOwnUnclaimedUpload,
  readStoredFile,
  type StoredFile,
} from '../files/index.ts';
import {
  bumpContentVersion,
  deleteEntry,
  type EntryRow,
  findEntry,
  findNeighbours,
  findTopic,
  findUpcomingBannerWindows,
  insertEntry,
  isFileUsedByPublishedEntry,
  isQuestionnaireUsedByBanner,
  listAllEntries,
  listEntries,
  lockEntry,
  lockTopic,
  updateEntry,
  userNames,
} from './content.repository.ts';
import {
  articleDetail,
  articleSummary,
  bannerPublic,
  CONTENT_FILES,
  columnsOf,
  complianceDetail,
  complianceSummary,
  FILE_USE_PURPOSE,
  type FileRef,
  type Files,
  type FileUse,
  institutionPublic,
  KINDS,
  lowerTitles,
  managed,
  moduleDetail,
  moduleSummary,
  prepareTopic,
  reportPublic,
  topicFiles,
  topicPublic,
} from './content-kinds.ts';

type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

/** The files the rows refer to, in one query. */
async function filesOf(db: Db, refs: FileRef[]): Promise<Files> {
  return findOwnedFiles(
    db,
    CONTENT_FILES,
    refs.map((r) => r.id),
  );
}

const refsOfRow = (row: EntryRow): FileRef[] => {
  if (row.kind === 'topic') return topicFiles(row);
  const def = Object.values(KINDS).find((kind) => kind.entryKind === row.kind);
  return def ? def.files(row) : [];
};

async function filesOfRows(db: Db, rows: EntryRow[]): Promise<Files> {
  return filesOf(db, rows.flatMap(refsOfRow));
}

// ---------- public reads ----------

/** Published banners inside their window, and when that set next changes by itself. */
export async function listPublicBanners(db: Db, now = new Date()) {
  const rows = await listAllEntries(db, { kind: 'banner', status: 'published', windowAt: now });
  // A banner still to start or end changes the list without a write: the memo expires then.
  const upcoming = await findUpcomingBannerWindows(db, now);
  const boundaries = upcoming
    .flatMap((row) => [row.publishFrom, row.publishUntil])
    .filter((at): at is Date => at !== null)
    .map((at) => new Date(at).getTime())
    .filter((at) => at > now.getTime());
  const files = await filesOfRows(db, rows);
  return {
    data: { list: rows.map((row) => bannerPublic(row, files)) },
    expiresAt: boundaries.length ? Math.min(...boundaries) : undefined,
  };
}

export async function listPublicModules(
  db: Db,
  query: TModuleListQuery,
): Promise<Page<ReturnType<typeof moduleSummary>>> {
  const { rows, total } = await listEntries(
    db,
    { kind: 'module', status: 'published', category: query.moduleType },
    query,
  );
  const files = await filesOfRows(db, rows);
  return { list: rows.map((row) => moduleSummary(row, files)), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/**
 * One module entry. Products and services (type '1') need a signed-in user (SPEC §4: the product
 * detail is the one login page open to a user whose account is not active yet); tiles and series
 * are public.
 */
export async function publicModuleDetail(db: Db, lgcSn: string, user: SessionUser | null) {
  const row = await findEntry(db, 'module', lgcSn);
  if (row?.status !== 'published') throw new AppError('PRT_NOT_FOUND');
  if (row.category === '1' && !user) throw new AppError('PRT_UNAUTHENTICATED');
  return moduleDetail(row, await filesOfRows(db, [row]));
}

export async function listPublicArticles(db: Db, query: TConsultListQuery) {
  const { rows, total } = await listEntries(
    db,
    { kind: 'article', status: 'published', category: query.category, keyword: query.keyword },
    query,
  );
  const files = await filesOfRows(db, rows);
  return { list: rows.map((row) => articleSummary(row, files)), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function publicArticleDetail(db: Db, lgcSn: string) {
  const row = await findEntry(db, 'article', lgcSn);
  if (row?.status !== 'published') throw new AppError('PRT_NOT_FOUND');
  const { previous, next } = await findNeighbours(db, row);
  const link = (other: EntryRow | undefined) => (other ? { lgcSn: other.lgcSn, title: other.title } : null);
  return { ...articleDetail(row, await filesOfRows(db, [row])), previous: link(previous), next: link(next) };
}

export async function listPublicReports(
  db: Db,
  query: { pageNo: number; pageSize: number; keyword?: string | undefined },
) {
  const { rows, total } = await listEntries(db, { kind: 'report', status: 'published', keyword: query.keyword }, query);
  const files = await filesOfRows(db, rows);
  const list = rows.flatMap((row) => {
    const report = reportPublic(row, files);
    return report ? [report] : [];
  });
  return { list, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function publicReportDetail(db: Db, lgcSn: string) {
  const row = await findEntry(db, 'report', lgcSn);
  const report = row?.status === 'published' ? reportPublic(row, await filesOfRows(db, [row])) : null;
  if (!report) throw new AppError('PRT_NOT_FOUND');
  return report;
}

export async function publicTopic(db: Db, key: TTopicKey) {
  const row = await findTopic(db, key);
  if (row?.status !== 'published') throw new AppError('PRT_NOT_FOUND');
  return topicPublic(row, await filesOfRows(db, [row]));
}

export async function listPublicCompliance(
  db: Db,
  query: { pageNo: number; pageSize: number; keyword?: string | undefined },
  withFiles: boolean,
): Promise<Page<TComplianceSummary | ReturnType<typeof complianceDetail>>> {
  const { rows, total } = await listEntries(
    db,
    { kind: 'compliance', status: 'published', keyword: query.keyword },
    query,
  );
  const files = withFiles ? await filesOfRows(db, rows) : new Map<string, StoredFile>();
  const list = rows.map((row) => (withFiles ? complianceDetail(row, files) : complianceSummary(row)));
  return { list, total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function publicComplianceDetail(db: Db, lgcSn: string) {
  const row = await findEntry(db, 'compliance', lgcSn);
  if (row?.status !== 'published') throw new AppError('PRT_NOT_FOUND');
  return complianceDetail(row, await filesOfRows(db, [row]));
}

export async function listPublicInstitutions(
  db: Db,
  query: { pageNo: number; pageSize: number; country?: string | undefined; keyword?: string | undefined },
) {
  const { rows, total } = await listEntries(
    db,
    { kind: 'institution', status: 'published', category: query.country, keyword: query.keyword },
    query,
  );
  return { list: rows.map(institutionPublic), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/**
 * A content file a reader may get: a content upload of the asked use, attached to content, and
 * used by a published entry — or, for active bank staff, by a draft (back-office previews).
 * Images of content are public; PDFs (reports, compliance, topic guides) need an active user,
 * which the route checks. Anything else — an introduction or request attachment, a feedback
 * image, a file of a draft — is "not found", exactly like an unknown id (nothing to probe).
 * `published` says whether anyone may cache it.
 */
export async function findContentFile(
  db: Db,
  lgcSn: string,
  use: FileUse,
  viewer: SessionUser | null,
): Promise<{ file: StoredFile; published: boolean }> {
  const staff = viewer !== null && isStaff(viewer) && ACTIVE_ACTIVATIONS.includes(viewer.activation);
  // Staff also see their own upload that no entry claims yet: the editor shows an inline image
  // before the entry is saved. Nobody else does, and it is never cached (not published).
  const file =
    (await findOwnedFile(db, CONTENT_FILES, lgcSn)) ??
    (staff ? await findOwnUnclaimedUpload(db, viewer.id, lgcSn) : undefined);
  if (!file || file.purpose !== FILE_USE_PURPOSE[use]) {
    throw new AppError('PRT_NOT_FOUND');
  }
  const published = await isFileUsedByPublishedEntry(db, lgcSn);
  if (!published && !staff) throw new AppError('PRT_NOT_FOUND');
  return { file, published };
}

/**
 * The ETag of a content file. Not derived from its content (a hash of the bytes would let anyone
 * who can ask confirm a guess of a file's content): the file id and its stored time, which name
 * the bytes for good (a file id never changes content).
 */
export function contentFileEtag(file: Pick<StoredFile, 'lgcSn' | 'createdAt'>): string {
  const created = file.createdAt instanceof Date ? file.createdAt.toISOString() : String(file.createdAt);
  const digest = createHash('sha256').update(`content-file\n${file.lgcSn}\n${created}`).digest('base64url');
  return `"f-${digest.slice(0, 27)}"`;
}

/** Does an If-None-Match header name this ETag? Whole tags only (weak or strong), never a prefix. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The bytes of a content file found by findContentFile. */
export async function readContentFile(storage: FileStorage, file: StoredFile): Promise<Buffer> {
  return readStoredFile(storage, file);
}

// ---------- back office ----------

/**
 * Checks that every file an entry refers to is a content upload of the right use (an image where an
 * image goes, a PDF where a document goes) made by bank staff or already used by content, then
 * marks them used by content. Inside the write's transaction.
 */
async function attachContentFiles(trx: Db, refs: FileRef[], locale: Locale): Promise<void> {
  await claimFiles(trx, {
    owner: CONTENT_FILES,
    by: 'staff',
    files: refs.map((ref) => ({ lgcSn: ref.id, purpose: FILE_USE_PURPOSE[ref.use], field: ref.field })),
    locale,
  });
}

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

// ---------- topics (fixed keys) ----------

function emptyTopic(key: TTopicKey) {
  return {
    status: 'draft' as const,
    updatedAt: new Date(0).toISOString(),
    publishedAt: null,
    updatedBy: null,
    key,
    title: { en: '', zh: '' },
    summary: { en: '', zh: '' },
    banner: null,
    sections: [],
    portugueseText: '',
    document: null,
  };
}

async function topicAdminShape(db: Db, row: EntryRow) {
  const [files, who] = await Promise.all([filesOfRows(db, [row]), userNames(db, [row.updatedBy])]);
  const { createdAt: _created, ...meta } = managed(row, who);
  return { ...meta, ...topicPublic(row, files) };
}

export async function adminTopics(db: Db, keys: readonly TTopicKey[]) {
  const list = [];
  for (const key of keys) {
    const row = await findTopic(db, key);
    list.push(row ? await topicAdminShape(db, row) : emptyTopic(key));
  }
  return { list };
}

export async function adminTopic(db: Db, key: TTopicKey) {
  const row = await findTopic(db, key);
  return row ? topicAdminShape(db, row) : emptyTopic(key);
}

export async function adminTopicPreview(db: Db, key: TTopicKey) {
  const row = await findTopic(db, key);
  if (!row) throw new AppError('PRT_NOT_FOUND');
  return topicPublic(row, await filesOfRows(db, [row]));
}

export async function adminSaveTopic(
  db: Db,
  key: TTopicKey,
  input: z.output<typeof ZTopicInput>,
  user: SessionUser,
  locale: Locale,
) {
  const prepared = prepareTopic(input);
  const row = await db.transaction().execute(async (trx) => {
    await attachContentFiles(trx, topicFiles(prepared), locale);
    const current = await lockTopic(trx, key);
    const searchText = lowerTitles(prepared.title);
    const columns = columnsOf({ ...prepared, entryKey: key });
    const saved = current
      ? await updateEntry(trx, current.id, { ...columns, searchText, updatedBy: user.id })
      : await insertEntry(trx, {
          ...columns,
          lgcSn: newPublicId(),
          kind: 'topic',
          entryKey: key,
          status: 'draft',
          searchText,
          updatedBy: user.id,
        });
    await bumpContentVersion(trx);
    return saved;
  });
  return topicAdminShape(db, row);
}

export async function adminSetTopicStatus(db: Db, key: TTopicKey, status: 'draft' | 'published', user: SessionUser) {
  const row = await db.transaction().execute(async (trx) => {
    const current = await lockTopic(trx, key);
    if (!current) throw new AppError('PRT_NOT_FOUND');
    const updated = await updateEntry(trx, current.id, {
      status,
      publishedAt: status === 'published' ? new Date() : current.publishedAt,
      updatedBy: user.id,
    });
    await bumpContentVersion(trx);
    return updated;
  });
  return topicAdminShape(db, row);
}
