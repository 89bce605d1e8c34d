import type {
  TComplianceSummary,
  TConsultListQuery,
  TModuleListQuery,
  TTopicKey,
} from '@portal/shared/schemas/content';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { StoredFile } from '../files/index.ts';
import {
  type EntryRow,
  findEntry,
  findNeighbours,
  findTopic,
  findUpcomingBannerWindows,
  listAllEntries,
  listEntries,
} from './content.repository.ts';
import { filesOfRows } from './content-files.ts';
import {
  articleDetail,
  articleSummary,
  bannerPublic,
  complianceDetail,
  complianceSummary,
  institutionPublic,
  moduleDetail,
  moduleSummary,
  reportPublic,
  topicPublic,
} from './content-kinds.ts';

type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

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
