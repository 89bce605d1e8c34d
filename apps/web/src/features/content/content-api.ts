/**
 * Public portal content (SPEC §7 content calls), typed by `@portal/shared/schemas/content`.
 * Every entry carries both languages, so the answers do not depend on the reader's locale and
 * are cached across a language switch. Reads are background requests for the loading mask
 * (`mask: false`): each page shows its own skeleton instead.
 */
import { type TBilingual, ZPage } from '@portal/shared';
import type {
  TBanner,
  TCheckEmailRequest,
  TCheckEmailResult,
  TCompliance,
  TConsultCategory,
  TConsultDetail,
  TConsultSummary,
  TModuleDetail,
  TModuleSummary,
  TModuleType,
  TPortugueseInstitution,
  TReport,
  TTopic,
  TTopicKey,
} from '@portal/shared/schemas/content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type ApiPath,
  apiGet,
  apiPost,
  apiUrl,
  type QueryParams,
  type RequestOptions,
} from '../../lib/api/api-client.ts';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api/api-error.ts';
import type { OptionsFor } from '../../lib/api/api-paths.ts';
import { takeEmbeddedData } from '../../lib/api/embedded.ts';
import { pickText } from '../../lib/i18n/locale.ts';
import { translateKey } from '../../lib/i18n/translate.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { notifyError } from '../../lib/notify.ts';

type Schemas = typeof import('@portal/shared/schemas/content');
/**
 * The contract module carries the account schemas and their dictionaries: it loads beside the
 * request (never before it), so the banner's first image does not wait for it.
 */
const loadSchemas = (): Promise<Schemas> => import('@portal/shared/schemas/content');

export type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

type ReadOptions = { query?: QueryParams; signal?: AbortSignal; silent?: boolean };

/** GETs `path` and validates the answer with the contract's schema, loaded in parallel. */
async function read<P extends ApiPath<'get'>, T>(
  path: P,
  pick: (schemas: Schemas) => z.ZodType<T>,
  ...[options]: OptionsFor<P, ReadOptions>
): Promise<T> {
  // Silent by default: every page shows its own error state (with a retry) instead of a toast.
  const request = [{ mask: false, silent: true, ...options }] as OptionsFor<P, RequestOptions>;
  const [data, schemas] = await Promise.all([apiGet(path, ...request), loadSchemas()]);
  const parsed = pick(schemas).safeParse(data);
  if (parsed.success) return parsed.data;
  console.error('API response does not match its schema', path, parsed.error.issues);
  const message = translateKey('common:api.invalidResponse', 'Unexpected response from the server.');
  if (!options?.silent) notifyError(message);
  throw new ApiError({ code: CLIENT_ERROR_CODES.invalidResponse, message, status: 0, cause: parsed.error });
}

function pageOf<T>(item: z.ZodType<T>): z.ZodType<Page<T>> {
  return ZPage(item) as unknown as z.ZodType<Page<T>>;
}

export const CONTENT_API = {
  banners: '/api/bannerP1/bannerListForP1',
  modules: '/api/moduleInfoP1/moduleListForP1',
  moduleDetail: '/api/moduleInfoP1/moduleDetail/{id}',
  articles: '/api/consultInfoP1/queryConsultInfosP1',
  articleDetail: '/api/consultInfoP1/consultInfoDetailP1/{id}',
  reports: '/api/fchy/p1/getShowList',
  reportDetail: '/api/fchy/getFchyDetail/{id}',
  /** With body and file, for signed-in users (the page is login-only); /api/hgcl/p1/frontList has titles only. */
  compliance: '/api/hgcl/frontList',
  complianceDetail: '/api/hgcl/detail/{id}',
  institutions: '/api/hgcl/queryInst',
  topic: '/api/topic/{key}',
  checkEmail: '/api/qtn/checkEmail',
} as const;

const CONTENT_STALE_MS = 5 * 60_000;

type Paging = { pageNo: number; pageSize: number };
type Signal = { signal: AbortSignal };

export const contentKeys = {
  all: ['content'] as const,
  banners: () => ['content', 'banners'] as const,
  modules: (moduleType: TModuleType) => ['content', 'modules', moduleType] as const,
  module: (id: string) => ['content', 'module', id] as const,
  articles: (category: TConsultCategory | undefined, paging: Paging, keyword?: string) =>
    ['content', 'articles', category ?? 'all', paging.pageNo, paging.pageSize, keyword ?? ''] as const,
  article: (id: string) => ['content', 'article', id] as const,
  reports: (paging: Paging, keyword?: string) =>
    ['content', 'reports', paging.pageNo, paging.pageSize, keyword ?? ''] as const,
  report: (id: string) => ['content', 'report', id] as const,
  compliance: (paging: Paging, keyword?: string) =>
    ['content', 'compliance', paging.pageNo, paging.pageSize, keyword ?? ''] as const,
  complianceItem: (id: string) => ['content', 'compliance-item', id] as const,
  institutions: () => ['content', 'institutions'] as const,
  topic: (key: TTopicKey) => ['content', 'topic', key] as const,
};

/** The banners of the home carousel, in order; an empty list when the server cannot say. */
export function useBanners() {
  return useQuery({
    queryKey: contentKeys.banners(),
    queryFn: ({ signal }: Signal): Promise<TBanner[]> =>
      read(CONTENT_API.banners, (s) => s.ZBannerList, { signal, silent: true }).then((data) => data.list),
    // On /home the document brings the list (the server's first screen already shows the first
    // image): the carousel renders it at once instead of a frame of placeholder.
    initialData: () => takeEmbeddedData<{ list: TBanner[] }>(CONTENT_API.banners)?.list,
    staleTime: CONTENT_STALE_MS,
  });
}

/** Module entries of one type (SPEC §7 moduleListForP1: pageSize 100, pageNo 1). */
export function useModules(moduleType: TModuleType) {
  const query = { moduleType, pageNo: 1, pageSize: 100 };
  return useQuery({
    queryKey: contentKeys.modules(moduleType),
    queryFn: ({ signal }: Signal): Promise<Page<TModuleSummary>> =>
      read(CONTENT_API.modules, (s) => pageOf(s.ZModuleSummary), { query, signal }),
    // /about's document brings its entries: the page renders them at once, not loading lines that
    // text of another height then pushes down (a layout shift on a phone).
    initialData: () => takeEmbeddedData<Page<TModuleSummary>>(apiUrl(CONTENT_API.modules, { query })),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useModule(id: string) {
  return useQuery({
    queryKey: contentKeys.module(id),
    queryFn: ({ signal }: Signal): Promise<TModuleDetail> =>
      read(CONTENT_API.moduleDetail, (s) => s.ZModuleDetail, { params: { id }, signal, silent: true }),
    initialData: () => takeEmbeddedData<TModuleDetail>(apiUrl(CONTENT_API.moduleDetail, { params: { id } })),
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}

export function useArticles(
  options: { category?: TConsultCategory | undefined; keyword?: string; silent?: boolean } & Paging,
) {
  const { category, keyword, pageNo, pageSize, silent } = options;
  return useQuery({
    queryKey: contentKeys.articles(category, { pageNo, pageSize }, keyword),
    queryFn: ({ signal }: Signal): Promise<Page<TConsultSummary>> =>
      read(CONTENT_API.articles, (s) => pageOf(s.ZConsultSummary), {
        query: { category, keyword: keyword || undefined, pageNo, pageSize },
        signal,
        silent: silent ?? true,
      }),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: string) {
  return useQuery({
    queryKey: contentKeys.article(id),
    queryFn: ({ signal }: Signal): Promise<TConsultDetail> =>
      read(CONTENT_API.articleDetail, (s) => s.ZConsultDetail, { params: { id }, signal, silent: true }),
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}

export function useReports(options: { keyword?: string } & Paging) {
  const { keyword, pageNo, pageSize } = options;
  return useQuery({
    queryKey: contentKeys.reports({ pageNo, pageSize }, keyword),
    queryFn: ({ signal }: Signal): Promise<Page<TReport>> =>
      read(CONTENT_API.reports, (s) => pageOf(s.ZReport), {
        query: { keyword: keyword || undefined, pageNo, pageSize },
        signal,
      }),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useReport(id: string | null) {
  return useQuery({
    queryKey: contentKeys.report(id ?? ''),
    queryFn: ({ signal }: Signal): Promise<TReport> =>
      read(CONTENT_API.reportDetail, (s) => s.ZReport, { params: { id: id ?? '' }, signal, silent: true }),
    enabled: id !== null,
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}

export function useComplianceList(options: { keyword?: string } & Paging) {
  const { keyword, pageNo, pageSize } = options;
  return useQuery({
    queryKey: contentKeys.compliance({ pageNo, pageSize }, keyword),
    queryFn: ({ signal }: Signal): Promise<Page<TCompliance>> =>
      read(CONTENT_API.compliance, (s) => pageOf(s.ZCompliance), {
        query: { keyword: keyword || undefined, pageNo, pageSize },
        signal,
      }),
    staleTime: CONTENT_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export function useComplianceItem(id: string | null) {
  return useQuery({
    queryKey: contentKeys.complianceItem(id ?? ''),
    queryFn: ({ signal }: Signal): Promise<TCompliance> =>
      read(CONTENT_API.complianceDetail, (s) => s.ZCompliance, { params: { id: id ?? '' }, signal, silent: true }),
    enabled: id !== null,
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}

export function useInstitutions() {
  return useQuery({
    queryKey: contentKeys.institutions(),
    queryFn: ({ signal }: Signal): Promise<Page<TPortugueseInstitution>> =>
      read(CONTENT_API.institutions, (s) => pageOf(s.ZPortugueseInstitution), {
        query: { pageNo: 1, pageSize: 100 },
        signal,
      }),
    staleTime: CONTENT_STALE_MS,
  });
}

export function useTopic(key: TTopicKey) {
  return useQuery({
    queryKey: contentKeys.topic(key),
    queryFn: ({ signal }: Signal): Promise<TTopic> =>
      read(CONTENT_API.topic, (s) => s.ZTopic, { params: { key }, signal, silent: true }),
    staleTime: CONTENT_STALE_MS,
    retry: false,
  });
}

/** SPEC §7 /qtn/checkEmail: checks the work e-mail for a questionnaire; answers the link to open. */
export async function checkQuestionnaireEmail(
  request: TCheckEmailRequest,
  options: { silent?: boolean } = {},
): Promise<TCheckEmailResult> {
  const { ZCheckEmailResult } = await loadSchemas();
  return apiPost(CONTENT_API.checkEmail, { body: request, schema: ZCheckEmailResult, ...options });
}

/** The reader's language of a bilingual value, falling back to the other when it is empty. */
export function useBilingual(): (value: TBilingual) => string {
  const { locale } = useLocale();
  return (value) => pickText(value, locale) || (locale === 'zh-CN' ? value.en : value.zh);
}

/** Whether a failed query failed because the entry does not exist (or is not published). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || /NOT_FOUND/.test(error.code));
}
