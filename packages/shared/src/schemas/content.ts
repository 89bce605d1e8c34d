/**
 * Public portal content and its back-office management (issue "Public portal content"; SPEC §1,
 * §2, §3 banner, §5 feedback files, §7 content calls). Decisions: docs/decisions/0007-public-content.md.
 *
 * Every content entry carries BOTH languages (`{ en, zh }`): public reads answer the same body to
 * every reader (cacheable with one ETag), and the page picks the reader's language. Rich texts are
 * HTML sanitised by the server on save and again on every read; render them as given.
 *
 * Images and PDFs are uploaded by staff through POST /api/fileP1/upload (purpose `contentImage` or
 * `contentDocument`) and referenced by file id. Public readers get them from
 *   GET /api/content/image/{lgcSn}      (public: images of content entries)
 *   GET /api/content/document/{lgcSn}   (signed-in active users: report and compliance PDFs; ?inline=1 to preview)
 * `imageUrl` / `url` below are those addresses, ready for an <img src> or a link.
 */
import { z } from 'zod';
import { labelFields } from '../field-labels.ts';
import { ZBilingual, ZEmail, ZIsoDate, ZIsoDateTime, ZPageQuery } from './common.ts';
import { ZHttpsLink, ZLink } from './links.ts';

// ---------- fixed sets ----------

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const ZContentStatus = z.enum(CONTENT_STATUSES);
export type TContentStatus = z.infer<typeof ZContentStatus>;

/**
 * Module entries (SPEC §7 /moduleInfoP1/moduleListForP1?moduleType=):
 * - '0' the home's "understand the bank" tiles (one per TILE_KEYS value) and their detail pages
 *   (/understandCCB/essential/:id);
 * - '1' products and services (home section, /productsAndServices and detail/:id);
 * - '2' the home's market-trend series cards: each points at a consult category (CONSULT_CATEGORIES)
 *   or at the research series ('fcReport') through `seriesKey`.
 */
export const MODULE_TYPES = ['0', '1', '2'] as const;
export const ZModuleType = z.enum(MODULE_TYPES);
export type TModuleType = z.infer<typeof ZModuleType>;

/** The 8 "understand the bank" tiles of the home (SPEC §2), in their usual order. */
export const TILE_KEYS = [
  'news',
  'annualReport',
  'introduction',
  'socialResponsibilityReport',
  'profile',
  'hotTopics',
  'greenFinance',
  'keyFinancialData',
] as const;
export const ZTileKey = z.enum(TILE_KEYS);
export type TTileKey = z.infer<typeof ZTileKey>;

/** Market-trend and policy articles ("consult information"). */
export const CONSULT_CATEGORIES = [
  'financialMarkets',
  'bonds',
  'rmbInternationalisation',
  'pandaBonds',
  'policyInterpretation',
  'information',
] as const;
export const ZConsultCategory = z.enum(CONSULT_CATEGORIES);
export type TConsultCategory = z.infer<typeof ZConsultCategory>;

/** What a module of type '2' links to: a consult category, or the research reports. */
export const SERIES_KEYS = [...CONSULT_CATEGORIES, 'fcReport'] as const;
export const ZSeriesKey = z.enum(SERIES_KEYS);
export type TSeriesKey = z.infer<typeof ZSeriesKey>;

/** The four topic pages (SPEC §1, §2). */
export const TOPIC_KEYS = ['crossBorderRmb', 'beltAndRoadInitiative', 'greenFinance', 'portugueseLanguage'] as const;
export const ZTopicKey = z.enum(TOPIC_KEYS);
export type TTopicKey = z.infer<typeof ZTopicKey>;

export const CONTENT_LIMITS = {
  title: 200,
  summary: 1000,
  /** Sanitised HTML of one rich text, per language. */
  body: 200_000,
  url: 2000,
  sections: 20,
  feedbackText: 1000,
  feedbackImages: 10,
  leaveMessage: 1000,
  answer: 2000,
  eventsPerBatch: 50,
  visitReportDays: 366,
} as const;

/**
 * The bank's reporting day: page views and clicks are counted per calendar day in this zone
 * (China Standard Time, UTC+8), so "today" in the visits report is today there, whatever the
 * reader's own zone.
 */
export const VISIT_REPORT_TIME_ZONE = 'Asia/Shanghai';

/** Today's date (YYYY-MM-DD) in the reporting zone. */
export function visitReportToday(now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: VISIT_REPORT_TIME_ZONE }).format(now);
}

// ---------- shared pieces ----------

const ZId = z.string().min(1).max(64);
const ZDate = ZIsoDate;
const ZDateTime = ZIsoDateTime;
const title = z.object({
  en: z.string().trim().min(1).max(CONTENT_LIMITS.title),
  zh: z.string().trim().min(1).max(CONTENT_LIMITS.title),
});
const summary = z.object({
  en: z.string().trim().max(CONTENT_LIMITS.summary),
  zh: z.string().trim().max(CONTENT_LIMITS.summary),
});
const richText = z.object({
  en: z.string().max(CONTENT_LIMITS.body),
  zh: z.string().max(CONTENT_LIMITS.body),
});

/** A file of a content entry, as readers get it. */
export const ZContentFile = z.object({
  lgcSn: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
  url: z.string().describe('/api/content/image/{lgcSn} or /api/content/document/{lgcSn}'),
});
export type TContentFile = z.infer<typeof ZContentFile>;

/** Fields every back-office answer carries besides the entry's own. */
const ZManaged = z.object({
  status: ZContentStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
  updatedBy: z.string().nullable().describe('Name of the staff member who saved it last'),
});

// ---------- banners (SPEC §3 Banner, §7 /bannerP1/bannerListForP1) ----------

export const ZBanner = z.object({
  lgcSn: z.string(),
  title: ZBilingual,
  /** SPEC §3: the first item's lgcSn is the image's id. Empty when the banner has no image (use the default). */
  fileJSON: z.array(z.object({ lgcSn: z.string() })),
  imageUrl: z.string().nullable(),
  /** '1' = clicking asks for a work e-mail and jumps to the questionnaire; '0' = opens linksUrl in a new window. */
  wthrChkInd: z.enum(['0', '1']),
  linksUrl: z.string(),
  /** The questionnaire's id (for /qtn/checkEmail) when wthrChkInd is '1'. */
  qtnMisId: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type TBanner = z.infer<typeof ZBanner>;
export const ZBannerList = z.object({ list: z.array(ZBanner) });

export const ZBannerInput = z
  .object({
    title,
    imageFileId: ZId.nullable().default(null),
    wthrChkInd: z.enum(['0', '1']).default('0'),
    linksUrl: ZLink.default(''),
    questionnaireId: ZId.nullable().default(null),
    sortOrder: z.number().int().min(0).max(9999).default(0),
    publishFrom: ZDateTime.nullable().default(null),
    publishUntil: ZDateTime.nullable().default(null),
  })
  .superRefine((value, ctx) => {
    if (value.wthrChkInd === '1' && !value.questionnaireId) {
      ctx.addIssue({ code: 'custom', path: ['questionnaireId'], message: 'required' });
    }
    if (value.publishFrom && value.publishUntil && value.publishUntil <= value.publishFrom) {
      ctx.addIssue({ code: 'custom', path: ['publishUntil'], message: 'dateOrder' });
    }
  });
export type TBannerInput = z.input<typeof ZBannerInput>;
export const ZBannerAdmin = ZManaged.extend({
  lgcSn: z.string(),
  title: ZBilingual,
  image: ZContentFile.nullable(),
  wthrChkInd: z.enum(['0', '1']),
  linksUrl: z.string(),
  questionnaireId: z.string().nullable(),
  sortOrder: z.number().int(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
});
export type TBannerAdmin = z.infer<typeof ZBannerAdmin>;

// ---------- module entries (SPEC §7 /moduleInfoP1/...) ----------

export const ZModuleListQuery = ZPageQuery.extend({
  moduleType: ZModuleType,
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});
export type TModuleListQuery = z.infer<typeof ZModuleListQuery>;

export const ZModuleSummary = z.object({
  lgcSn: z.string(),
  moduleType: ZModuleType,
  /** Type '0': which tile; type '2': which series (SERIES_KEYS); type '1': null. */
  key: z.string().nullable(),
  title: ZBilingual,
  summary: ZBilingual,
  image: ZContentFile.nullable(),
  /** Where the tile or card leads when it has no detail page of its own (external report, list). */
  linkUrl: z.string(),
  sortOrder: z.number().int(),
});
export type TModuleSummary = z.infer<typeof ZModuleSummary>;
export const ZModuleDetail = ZModuleSummary.extend({ body: ZBilingual });
export type TModuleDetail = z.infer<typeof ZModuleDetail>;

export const ZModuleInput = z
  .object({
    moduleType: ZModuleType,
    key: z.string().max(40).nullable().default(null),
    title,
    summary,
    body: richText,
    imageFileId: ZId.nullable().default(null),
    linkUrl: ZLink.default(''),
    sortOrder: z.number().int().min(0).max(9999).default(0),
  })
  .superRefine((value, ctx) => {
    const ok =
      (value.moduleType === '0' && ZTileKey.safeParse(value.key).success) ||
      (value.moduleType === '2' && ZSeriesKey.safeParse(value.key).success) ||
      (value.moduleType === '1' && value.key === null);
    if (!ok) ctx.addIssue({ code: 'custom', path: ['key'], message: 'invalid' });
  });
export type TModuleInput = z.input<typeof ZModuleInput>;
export const ZModuleAdmin = ZManaged.extend(ZModuleDetail.shape);
export type TModuleAdmin = z.infer<typeof ZModuleAdmin>;

// ---------- consult information: market trends and policy (SPEC §7 /consultInfoP1/...) ----------

export const ZConsultListQuery = ZPageQuery.extend({
  category: ZConsultCategory.optional().describe('One category; all when absent'),
  keyword: z.string().trim().max(100).optional(),
});
export type TConsultListQuery = z.infer<typeof ZConsultListQuery>;

export const ZConsultSummary = z.object({
  lgcSn: z.string(),
  category: ZConsultCategory,
  title: ZBilingual,
  summary: ZBilingual,
  cover: ZContentFile.nullable(),
  publishDate: z.string().describe('YYYY-MM-DD'),
});
export type TConsultSummary = z.infer<typeof ZConsultSummary>;
export const ZConsultDetail = ZConsultSummary.extend({
  body: ZBilingual,
  source: ZBilingual,
  /** The same category's neighbours by publish date, for "previous / next" links. */
  previous: z.object({ lgcSn: z.string(), title: ZBilingual }).nullable(),
  next: z.object({ lgcSn: z.string(), title: ZBilingual }).nullable(),
});
export type TConsultDetail = z.infer<typeof ZConsultDetail>;

export const ZConsultInput = z.object({
  category: ZConsultCategory,
  title,
  summary,
  body: richText,
  source: z.object({ en: z.string().trim().max(200), zh: z.string().trim().max(200) }).default({ en: '', zh: '' }),
  coverFileId: ZId.nullable().default(null),
  publishDate: ZDate,
});
export type TConsultInput = z.input<typeof ZConsultInput>;
export const ZConsultAdmin = ZManaged.extend({
  lgcSn: z.string(),
  category: ZConsultCategory,
  title: ZBilingual,
  summary: ZBilingual,
  body: ZBilingual,
  source: ZBilingual,
  cover: ZContentFile.nullable(),
  publishDate: z.string(),
});
export type TConsultAdmin = z.infer<typeof ZConsultAdmin>;

// ---------- research reports "FITs Your Wit" (SPEC §7 /fchy/...) ----------

export const ZReportListQuery = ZPageQuery.extend({ keyword: z.string().trim().max(100).optional() });
export const ZReport = z.object({
  lgcSn: z.string(),
  title: ZBilingual,
  summary: ZBilingual,
  /** Issue label, e.g. "2026 No. 3". */
  issue: z.string(),
  publishDate: z.string(),
  pdf: ZContentFile,
  cover: ZContentFile.nullable(),
});
export type TReport = z.infer<typeof ZReport>;
export const ZReportInput = z.object({
  title,
  summary,
  issue: z.string().trim().max(40).default(''),
  publishDate: ZDate,
  pdfFileId: ZId,
  coverFileId: ZId.nullable().default(null),
});
export type TReportInput = z.input<typeof ZReportInput>;
export const ZReportAdmin = ZManaged.extend(ZReport.shape);
export type TReportAdmin = z.infer<typeof ZReportAdmin>;

// ---------- topic pages ----------

export const ZTopicSection = z.object({ heading: ZBilingual, body: ZBilingual });
export const ZTopic = z.object({
  key: ZTopicKey,
  title: ZBilingual,
  summary: ZBilingual,
  banner: ZContentFile.nullable(),
  sections: z.array(ZTopicSection),
  /** portugueseLanguage: the page's text in Portuguese (sanitised HTML); empty elsewhere. */
  portugueseText: z.string(),
  /** crossBorderRmb: the service guide shown at /crossBorderRmb/preview (PDF); null elsewhere. */
  document: ZContentFile.nullable(),
  updatedAt: z.string(),
});
export type TTopic = z.infer<typeof ZTopic>;
export const ZTopicInput = z.object({
  title,
  summary,
  bannerFileId: ZId.nullable().default(null),
  sections: z
    .array(
      z.object({
        heading: z.object({
          en: z.string().trim().max(CONTENT_LIMITS.title),
          zh: z.string().trim().max(CONTENT_LIMITS.title),
        }),
        body: richText,
      }),
    )
    .max(CONTENT_LIMITS.sections),
  portugueseText: z.string().max(CONTENT_LIMITS.body).default(''),
  documentFileId: ZId.nullable().default(null),
});
export type TTopicInput = z.input<typeof ZTopicInput>;
export const ZTopicAdmin = ZManaged.omit({ createdAt: true }).extend(ZTopic.shape);
export type TTopicAdmin = z.infer<typeof ZTopicAdmin>;

// ---------- compliance materials and Portuguese-speaking institutions (SPEC §7 /hgcl/...) ----------

export const ZComplianceListQuery = ZPageQuery.extend({ keyword: z.string().trim().max(100).optional() });
export const ZComplianceSummary = z.object({
  lgcSn: z.string(),
  title: ZBilingual,
  summary: ZBilingual,
  publishDate: z.string(),
  hasBody: z.boolean(),
});
export type TComplianceSummary = z.infer<typeof ZComplianceSummary>;
export const ZCompliance = ZComplianceSummary.extend({ body: ZBilingual, file: ZContentFile.nullable() });
export type TCompliance = z.infer<typeof ZCompliance>;
export const ZComplianceInput = z
  .object({
    title,
    summary,
    body: richText.default({ en: '', zh: '' }),
    fileId: ZId.nullable().default(null),
    publishDate: ZDate,
    sortOrder: z.number().int().min(0).max(9999).default(0),
  })
  .superRefine((value, ctx) => {
    if (!value.fileId && !value.body.en.trim() && !value.body.zh.trim()) {
      ctx.addIssue({ code: 'custom', path: ['fileId'], message: 'required' });
    }
  });
export type TComplianceInput = z.input<typeof ZComplianceInput>;
export const ZComplianceAdmin = ZManaged.extend(ZCompliance.shape).extend({ sortOrder: z.number().int() });
export type TComplianceAdmin = z.infer<typeof ZComplianceAdmin>;

export const ZInstitutionListQuery = ZPageQuery.extend({
  country: z.string().trim().length(2).toUpperCase().optional().describe('ISO 3166-1 alpha-2'),
  keyword: z.string().trim().max(100).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});
export const ZPortugueseInstitution = z.object({
  lgcSn: z.string(),
  name: ZBilingual,
  /** The institution's name in Portuguese. */
  namePt: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  city: ZBilingual,
  swiftCode: z.string(),
  /** A short description in Portuguese. */
  descriptionPt: z.string(),
  sortOrder: z.number().int(),
});
export type TPortugueseInstitution = z.infer<typeof ZPortugueseInstitution>;
export const ZPortugueseInstitutionInput = z.object({
  name: title,
  namePt: z.string().trim().min(1).max(CONTENT_LIMITS.title),
  country: z.string().trim().length(2).toUpperCase(),
  city: z.object({ en: z.string().trim().max(100), zh: z.string().trim().max(100) }),
  swiftCode: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, { message: 'swift' }),
  descriptionPt: z.string().trim().max(CONTENT_LIMITS.summary).default(''),
  sortOrder: z.number().int().min(0).max(9999).default(0),
});
export type TPortugueseInstitutionInput = z.input<typeof ZPortugueseInstitutionInput>;
export const ZPortugueseInstitutionAdmin = ZManaged.extend(ZPortugueseInstitution.shape);

// ---------- questionnaires and the survey jump (SPEC §7 /qtn/checkEmail) ----------

export const ZQuestionnaireInput = z.object({
  name: title,
  /** The external questionnaire's address; the encrypted parameter is appended as `?param=`. */
  link: ZHttpsLink,
  /**
   * Optional key shared with the survey provider: 32 bytes, base64. Write-only (never sent back);
   * empty = keep the current one; without one, the server's QUESTIONNAIRE_KEY is used.
   */
  secret: z
    .string()
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9+/]{43}=$/.test(v), { message: 'invalid' })
    .default(''),
});
export type TQuestionnaireInput = z.input<typeof ZQuestionnaireInput>;
export const ZQuestionnaireAdmin = ZManaged.extend({
  lgcSn: z.string(),
  name: ZBilingual,
  link: z.string(),
  hasOwnSecret: z.boolean(),
});

export const ZCheckEmailRequest = z.object({
  /** The questionnaire's id (a banner's qtnMisId, or lgcSn of an e-mailed link). */
  lgcSn: ZId,
  emailAdr: ZEmail,
});
export type TCheckEmailRequest = z.infer<typeof ZCheckEmailRequest>;
export const ZCheckEmailResult = z.object({
  lgcSn: z.string(),
  /** The questionnaire link with `param=<base64url(iv ‖ AES-256-GCM ciphertext ‖ tag)>` appended. */
  qtnLnkAdr: z.string(),
});
export type TCheckEmailResult = z.infer<typeof ZCheckEmailResult>;

/** SPEC §7 credentials call (/pageForward/getTransKey). */
export const ZTransKey = z.object({
  appId: z.string(),
  /** Signed, 5-minute token naming the user, for the partner page to verify. */
  token: z.string(),
  /** A fresh 128-bit key (hex) for the page's payload encryption. */
  sm4: z.string(),
});
export type TTransKey = z.infer<typeof ZTransKey>;

/** Uncommon-Chinese-character input helper (GET /api/site/uncommonChar/token). */
export const ZUncommonCharToken = z.object({
  tid: z.string(),
  token: z.string(),
  /** Load these scripts, in order, after the token call succeeded. */
  scripts: z.array(z.string()),
});
export type TUncommonCharToken = z.infer<typeof ZUncommonCharToken>;

// ---------- feedback (SPEC §2 feedback dialog, §5) ----------

/** Image types the feedback dialog takes (checked by content on the server), 10 MB each. */
export const FEEDBACK_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.bmp', '.pjpeg', '.jfif'] as const;
export const FEEDBACK_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/feedback/submit is multipart/form-data: the fields below first (`text`, `emailAdr`),
 * then 0–10 parts named `file`. This schema also validates the dialog's form.
 */
export const ZFeedbackSubmit = z.object({
  text: z.string().trim().min(1).max(CONTENT_LIMITS.feedbackText),
  emailAdr: ZEmail,
});
export type TFeedbackSubmit = z.infer<typeof ZFeedbackSubmit>;
export const ZFeedbackReceipt = z.object({ lgcSn: z.string() });

export const ZFeedbackListQuery = ZPageQuery.extend({
  answered: z.enum(['0', '1']).optional().describe('0 = waiting for an answer, 1 = answered'),
});
export const ZFeedbackAdmin = z.object({
  lgcSn: z.string(),
  text: z.string(),
  emailAdr: z.string(),
  locale: z.string(),
  userName: z.string().nullable(),
  images: z.array(
    z.object({ lgcSn: z.string(), name: z.string(), size: z.number().int(), mime: z.string(), url: z.string() }),
  ),
  createdAt: z.string(),
  answer: z.string().nullable(),
  answeredBy: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type TFeedbackAdmin = z.infer<typeof ZFeedbackAdmin>;
export const ZFeedbackAnswer = z.object({ answer: z.string().trim().min(1).max(CONTENT_LIMITS.answer) });

// ---------- leave message (SPEC §7 /cooperLevgMg/...) ----------

export const ZLeaveMessageInput = z.object({
  content: z.string().trim().min(1).max(CONTENT_LIMITS.leaveMessage),
});
export const ZLeaveMessage = z.object({
  lgcSn: z.string(),
  content: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type TLeaveMessage = z.infer<typeof ZLeaveMessage>;
export const ZLeaveMessageAdmin = ZLeaveMessage.extend({
  userName: z.string(),
  emailAdr: z.string(),
  institution: z.string().nullable(),
  repliedBy: z.string().nullable(),
});
export const ZLeaveMessageListQuery = ZPageQuery.extend({ replied: z.enum(['0', '1']).optional() });
export const ZLeaveMessageReply = z.object({ reply: z.string().trim().min(1).max(CONTENT_LIMITS.answer) });

// ---------- event tracking (SPEC §7 /eventTrack/add) and the visit report ----------

export const TRACK_ACTIONS = ['view', 'click'] as const;
export const ZTrackEvent = z.object({
  /** The route path, without query (e.g. /policyInformation). */
  page: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^\/[^?#\s]*$/, { message: 'invalid' }),
  action: z.enum(TRACK_ACTIONS),
  /** For clicks: what was clicked (e.g. banner:<lgcSn>, tile:news); empty for views. */
  target: z.string().trim().max(100).default(''),
});
export const ZTrackBatch = z.object({ events: z.array(ZTrackEvent).min(1).max(CONTENT_LIMITS.eventsPerBatch) });
export type TTrackBatch = z.input<typeof ZTrackBatch>;
export const ZTrackResult = z.object({ accepted: z.number().int() });

export const ZVisitReportQuery = z.object({
  from: ZDate,
  until: ZDate,
  page: z.string().trim().max(200).optional(),
});
export const ZVisitReport = z.object({
  days: z.array(z.string()).describe('Every day of the range, YYYY-MM-DD'),
  /** One row per page and day with any event. */
  rows: z.array(z.object({ day: z.string(), page: z.string(), views: z.number().int(), clicks: z.number().int() })),
  /** Totals per page over the range, most viewed first. */
  pages: z.array(z.object({ page: z.string(), views: z.number().int(), clicks: z.number().int() })),
});
export type TVisitReport = z.infer<typeof ZVisitReport>;

// ---------- back-office lists ----------

export const ZAdminListQuery = ZPageQuery.extend({
  status: ZContentStatus.optional(),
  keyword: z.string().trim().max(100).optional(),
  moduleType: ZModuleType.optional().describe('modules only'),
  category: ZConsultCategory.optional().describe('articles only'),
});
export type TAdminListQuery = z.infer<typeof ZAdminListQuery>;

/**
 * The back office's content kinds: each has, under /api/backend/content/{kind}:
 *   GET /            list (ZAdminListQuery) → ZPage(admin shape)
 *   GET /:lgcSn      one entry, drafts too
 *   GET /:lgcSn/preview  the public shape, whatever its status
 *   POST /           create (input shape) → admin shape, as a draft
 *   POST /:lgcSn     save (input shape) → admin shape (a published entry stays published)
 *   POST /:lgcSn/publish, /:lgcSn/unpublish, /:lgcSn/delete
 * Topics are fixed (key instead of lgcSn; no create or delete).
 */
export const CONTENT_KINDS = [
  'banners',
  'modules',
  'articles',
  'reports',
  'compliance',
  'institutions',
  'questionnaires',
] as const;
export type TContentKind = (typeof CONTENT_KINDS)[number];

// The labels these forms show, so their messages name the field as the form does (issue 26).
labelFields(ZCheckEmailRequest, { emailAdr: 'content.survey.email' });
labelFields(ZFeedbackSubmit, { text: 'content.feedback.text', emailAdr: 'content.feedback.email' });
labelFields(ZPortugueseInstitutionInput, { country: 'backoffice.content.institutions.country' });
labelFields(ZBannerInput, { wthrChkInd: 'backoffice.content.banners.clickAction' });
