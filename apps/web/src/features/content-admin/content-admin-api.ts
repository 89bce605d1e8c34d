/**
 * The back office's content API (`/api/backend/content/...`, `/api/backend/feedback`,
 * `/api/backend/leaveMessages`, `/api/backend/visits`; bank staff only, the server checks role 50
 * on every call), typed by the shared contract in @portal/shared/schemas/content.
 */
import { ZPage } from '@portal/shared';
import {
  type TContentKind,
  type TContentStatus,
  type TTopicInput,
  type TTopicKey,
  ZBanner,
  ZBannerAdmin,
  ZCompliance,
  ZComplianceAdmin,
  ZConsultAdmin,
  ZConsultDetail,
  ZFeedbackAdmin,
  ZLeaveMessageAdmin,
  ZModuleAdmin,
  ZModuleDetail,
  ZPortugueseInstitution,
  ZPortugueseInstitutionAdmin,
  ZQuestionnaireAdmin,
  ZReport,
  ZReportAdmin,
  ZTopic,
  ZTopicAdmin,
  ZVisitReport,
} from '@portal/shared/schemas/content';
import { z } from 'zod';
import { apiGet, apiPost, withSignal } from '../../lib/api/api-client.ts';

const BASE = '/api/backend/content';

/** The back-office shape of each kind. */
export const ADMIN_SCHEMAS = {
  banners: ZBannerAdmin,
  modules: ZModuleAdmin,
  articles: ZConsultAdmin,
  reports: ZReportAdmin,
  compliance: ZComplianceAdmin,
  institutions: ZPortugueseInstitutionAdmin,
  questionnaires: ZQuestionnaireAdmin,
} as const satisfies Record<TContentKind, z.ZodType>;

/** What a visitor would see of each kind (the preview answers). */
export const PREVIEW_SCHEMAS = {
  banners: ZBanner,
  modules: ZModuleDetail,
  articles: ZConsultDetail,
  reports: ZReport,
  compliance: ZCompliance,
  institutions: ZPortugueseInstitution,
  questionnaires: ZQuestionnaireAdmin,
} as const satisfies Record<TContentKind, z.ZodType>;

export type AdminShape<K extends TContentKind> = z.infer<(typeof ADMIN_SCHEMAS)[K]>;
export type PreviewShape<K extends TContentKind> = z.infer<(typeof PREVIEW_SCHEMAS)[K]>;
export type AdminPage<K extends TContentKind> = {
  list: AdminShape<K>[];
  total: number;
  pageNo: number;
  pageSize: number;
};
export type TopicAdmin = z.infer<typeof ZTopicAdmin>;
export type TopicPreview = z.infer<typeof ZTopic>;
export type FeedbackItem = z.infer<typeof ZFeedbackAdmin>;
export type LeaveMessageItem = z.infer<typeof ZLeaveMessageAdmin>;
export type VisitReport = z.infer<typeof ZVisitReport>;

export type ContentListParams = {
  status?: TContentStatus | undefined;
  keyword?: string | undefined;
  moduleType?: string | undefined;
  category?: string | undefined;
  pageNo: number;
  pageSize: number;
};

export const contentAdminKeys = {
  all: ['contentAdmin'] as const,
  kind: (kind: TContentKind) => ['contentAdmin', kind] as const,
  list: (kind: TContentKind, params: ContentListParams) => ['contentAdmin', kind, 'list', params] as const,
  entry: (kind: TContentKind, lgcSn: string) => ['contentAdmin', kind, 'entry', lgcSn] as const,
  preview: (kind: TContentKind | 'topics', id: string) => ['contentAdmin', kind, 'preview', id] as const,
  topics: ['contentAdmin', 'topics'] as const,
  feedback: (params: FeedbackListParams) => ['contentAdmin', 'feedback', params] as const,
  feedbackAll: ['contentAdmin', 'feedback'] as const,
  leaveMessages: (params: LeaveMessageListParams) => ['contentAdmin', 'leaveMessages', params] as const,
  leaveMessagesAll: ['contentAdmin', 'leaveMessages'] as const,
  visits: (params: VisitParams) => ['contentAdmin', 'visits', params] as const,
};

// Each a union over the kinds, so a kind whose route the server renames fails the type check.
const listPath = (kind: TContentKind) => `${BASE}/${kind}` as const;
const entryPath = (kind: TContentKind) => `${BASE}/${kind}/{lgcSn}` as const;
const actionPath = <A extends 'preview' | 'publish' | 'unpublish' | 'delete'>(kind: TContentKind, action: A) =>
  `${BASE}/${kind}/{lgcSn}/${action}` as const;

/** The admin schema of one kind, typed by the kind (an index into the record loses that). */
const adminSchema = <K extends TContentKind>(kind: K) => ADMIN_SCHEMAS[kind] as unknown as z.ZodType<AdminShape<K>>;

export function fetchContentList<K extends TContentKind>(
  kind: K,
  params: ContentListParams,
  signal?: AbortSignal,
): Promise<AdminPage<K>> {
  return apiGet(listPath(kind), {
    query: {
      pageNo: params.pageNo,
      pageSize: params.pageSize,
      status: params.status || undefined,
      keyword: params.keyword || undefined,
      moduleType: params.moduleType || undefined,
      category: params.category || undefined,
    },
    schema: ZPage(adminSchema(kind)),
    ...withSignal(signal),
  }) as Promise<AdminPage<K>>;
}

export function fetchContentEntry<K extends TContentKind>(
  kind: K,
  lgcSn: string,
  signal?: AbortSignal,
): Promise<AdminShape<K>> {
  return apiGet(entryPath(kind), {
    params: { lgcSn },
    schema: adminSchema(kind),
    ...withSignal(signal),
  });
}

export function fetchContentPreview<K extends TContentKind>(
  kind: K,
  lgcSn: string,
  signal?: AbortSignal,
): Promise<PreviewShape<K>> {
  return apiGet(actionPath(kind, 'preview'), {
    params: { lgcSn },
    schema: PREVIEW_SCHEMAS[kind] as unknown as z.ZodType<PreviewShape<K>>,
    ...withSignal(signal),
  });
}

/** Creates a draft (no lgcSn) or saves an entry (its status stays). */
export function saveContentEntry<K extends TContentKind>(
  kind: K,
  lgcSn: string | null,
  input: unknown,
): Promise<AdminShape<K>> {
  const options = { body: input, schema: adminSchema(kind) };
  return lgcSn ? apiPost(entryPath(kind), { ...options, params: { lgcSn } }) : apiPost(listPath(kind), options);
}

export function setContentStatus<K extends TContentKind>(
  kind: K,
  lgcSn: string,
  action: 'publish' | 'unpublish',
): Promise<AdminShape<K>> {
  return apiPost(actionPath(kind, action), { params: { lgcSn }, schema: adminSchema(kind) });
}

export async function deleteContentEntry(kind: TContentKind, lgcSn: string): Promise<void> {
  await apiPost(actionPath(kind, 'delete'), { params: { lgcSn } });
}

// ---------- topic pages ----------

export function fetchTopics(signal?: AbortSignal) {
  return apiGet(`${BASE}/topics`, { schema: z.object({ list: z.array(ZTopicAdmin) }), ...withSignal(signal) });
}

export function fetchTopicPreview(key: TTopicKey, signal?: AbortSignal) {
  return apiGet(`${BASE}/topics/{key}/preview`, { params: { key }, schema: ZTopic, ...withSignal(signal) });
}

export function saveTopic(key: TTopicKey, input: TTopicInput) {
  return apiPost(`${BASE}/topics/{key}`, { params: { key }, body: input, schema: ZTopicAdmin });
}

export function setTopicStatus(key: TTopicKey, action: 'publish' | 'unpublish') {
  return apiPost(`${BASE}/topics/{key}/${action}`, { params: { key }, schema: ZTopicAdmin });
}

// ---------- feedback ----------

export type FeedbackFilter = 'waiting' | 'answered' | 'all';
export type FeedbackListParams = { filter: FeedbackFilter; pageNo: number; pageSize: number };

export function fetchFeedback(params: FeedbackListParams, signal?: AbortSignal) {
  const answered = params.filter === 'all' ? undefined : params.filter === 'answered' ? '1' : '0';
  return apiGet('/api/backend/feedback', {
    query: { pageNo: params.pageNo, pageSize: params.pageSize, answered },
    schema: ZPage(ZFeedbackAdmin),
    ...withSignal(signal),
  });
}

export function answerFeedback(lgcSn: string, answer: string) {
  return apiPost('/api/backend/feedback/{lgcSn}/answer', {
    params: { lgcSn },
    body: { answer },
    schema: ZFeedbackAdmin,
  });
}

// ---------- leave messages ----------

/** The leave-message list shares the feedback list's filter (waiting for a reply, replied, all). */
export type LeaveMessageListParams = FeedbackListParams;

export function fetchLeaveMessages(params: LeaveMessageListParams, signal?: AbortSignal) {
  const replied = params.filter === 'all' ? undefined : params.filter === 'answered' ? '1' : '0';
  return apiGet('/api/backend/leaveMessages', {
    query: { pageNo: params.pageNo, pageSize: params.pageSize, replied },
    schema: ZPage(ZLeaveMessageAdmin),
    ...withSignal(signal),
  });
}

export function replyLeaveMessage(lgcSn: string, reply: string) {
  return apiPost('/api/backend/leaveMessages/{lgcSn}/reply', {
    params: { lgcSn },
    body: { reply },
    schema: ZLeaveMessageAdmin,
  });
}

// ---------- visits ----------

export type VisitParams = { from: string; until: string; page?: string | undefined };

export function fetchVisits(params: VisitParams, signal?: AbortSignal) {
  return apiGet('/api/backend/visits', {
    query: { from: params.from, until: params.until, page: params.page || undefined },
    schema: ZVisitReport,
    ...withSignal(signal),
  });
}
