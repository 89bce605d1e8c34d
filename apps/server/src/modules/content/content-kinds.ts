/**
 * Each content kind as one definition: how its input becomes a `content_entry` row, which files it
 * refers to, and how a row becomes the public and the back-office shape. Rich texts are sanitised
 * when a row is prepared (on save) and again when it is shaped (on every read).
 */
import type { TBilingual } from '@portal/shared';
import {
  type TContentFile,
  type TContentKind,
  type TTopicKey,
  ZBannerAdmin,
  ZBannerInput,
  ZComplianceAdmin,
  ZComplianceInput,
  ZConsultAdmin,
  ZConsultInput,
  ZModuleAdmin,
  ZModuleInput,
  ZPortugueseInstitutionAdmin,
  ZPortugueseInstitutionInput,
  ZQuestionnaireAdmin,
  ZQuestionnaireInput,
  ZReportAdmin,
  ZReportInput,
  type ZTopicInput,
} from '@portal/shared/schemas/content';
import type { TFilePurpose } from '@portal/shared/schemas/files';
import { isSafeLink } from '@portal/shared/schemas/links';
import type { z } from 'zod';
import type { ContentEntryKind } from '../../db/schema.ts';
import type { FileOwner, StoredFile } from '../files/index.ts';
import type { EntryRow } from './content.repository.ts';
import {
  CONTENT_DOCUMENT_PATH,
  CONTENT_IMAGE_PATH,
  imageIdsIn,
  sanitizeBilingual,
  sanitizeRichText,
} from './sanitize.ts';

/** What a content file may be used as. */
export type FileUse = 'image' | 'document';
export const FILE_USE_PURPOSE: Record<FileUse, TFilePurpose> = { image: 'contentImage', document: 'contentDocument' };
/** The owner of every file used by content (served by the content file routes). */
export const CONTENT_FILES: FileOwner = { kind: 'content' };

/** A row's fields a kind fills from its input (lgcSn, kind, status and timestamps are the service's). */
export type Prepared = {
  title: TBilingual;
  entryKey: string | null;
  category: string | null;
  sortOrder: number;
  publishDate: string | null;
  publishFrom: string | null;
  publishUntil: string | null;
  data: Record<string, unknown>;
};

/** The row's column values of a prepared entry (JSON columns as text). */
export function columnsOf(prepared: Prepared) {
  return { ...prepared, title: JSON.stringify(prepared.title), data: JSON.stringify(prepared.data) };
}

/** A file the entry refers to, with the input field it came from (for error messages). */
export type FileRef = { id: string; use: FileUse; field: string };

export type Files = ReadonlyMap<string, StoredFile>;

export type Who = ReadonlyMap<number, string>;

type Data = Record<string, unknown>;

export const bi = (data: Data, key: string): TBilingual => {
  const value = data[key] as Partial<TBilingual> | undefined;
  return { en: String(value?.en ?? ''), zh: String(value?.zh ?? '') };
};
const str = (data: Data, key: string): string => (typeof data[key] === 'string' ? (data[key] as string) : '');
/** A stored link if it is safe to render (links.ts: http(s) or a same-site /path), else none. */
const safeLink = (value: string): string => (isSafeLink(value) ? value : '');
const idOrNull = (data: Data, key: string): string | null =>
  typeof data[key] === 'string' && data[key] ? (data[key] as string) : null;

export function contentFile(files: Files, id: string | null, use: FileUse): TContentFile | null {
  const row = id ? files.get(id) : undefined;
  if (!row || row.purpose !== FILE_USE_PURPOSE[use]) return null;
  return {
    lgcSn: row.lgcSn,
    name: row.originalName,
    size: Number(row.sizeBytes),
    mime: row.mime,
    url: `${use === 'image' ? CONTENT_IMAGE_PATH : CONTENT_DOCUMENT_PATH}${row.lgcSn}`,
  };
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function managed(row: EntryRow, who: Who) {
  return {
    status: row.status,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    publishedAt: iso(row.publishedAt),
    updatedBy: row.updatedBy === null ? null : (who.get(Number(row.updatedBy)) ?? null),
  };
}

const lowerTitles = (title: TBilingual, ...more: string[]) => [title.en, title.zh, ...more].join(' ').toLowerCase();

const inlineImages = (field: string, ...texts: TBilingual[]): FileRef[] =>
  texts.flatMap((text) =>
    [...imageIdsIn(text.en), ...imageIdsIn(text.zh)].map((id) => ({ id, use: 'image' as const, field })),
  );

const ref = (id: string | null, use: FileUse, field: string): FileRef[] => (id ? [{ id, use, field }] : []);

// ---------- public shapes ----------

export function bannerPublic(row: EntryRow, files: Files) {
  const data = row.data;
  const image = contentFile(files, idOrNull(data, 'imageFileId'), 'image');
  return {
    lgcSn: row.lgcSn,
    title: row.title,
    fileJSON: image ? [{ lgcSn: image.lgcSn }] : [],
    imageUrl: image?.url ?? null,
    wthrChkInd: str(data, 'wthrChkInd') === '1' ? ('1' as const) : ('0' as const),
    // A link saved before the link rule (links.ts) is not passed on.
    linksUrl: safeLink(str(data, 'linksUrl')),
    qtnMisId: str(data, 'wthrChkInd') === '1' ? idOrNull(data, 'questionnaireId') : null,
    sortOrder: row.sortOrder,
  };
}

export function moduleSummary(row: EntryRow, files: Files) {
  return {
    lgcSn: row.lgcSn,
    moduleType: (row.category ?? '1') as '0' | '1' | '2',
    key: row.entryKey,
    title: row.title,
    summary: bi(row.data, 'summary'),
    image: contentFile(files, idOrNull(row.data, 'imageFileId'), 'image'),
    linkUrl: safeLink(str(row.data, 'linkUrl')),
    sortOrder: row.sortOrder,
  };
}

export function moduleDetail(row: EntryRow, files: Files) {
  return { ...moduleSummary(row, files), body: sanitizeBilingual(bi(row.data, 'body')) };
}

export function articleSummary(row: EntryRow, files: Files) {
  return {
    lgcSn: row.lgcSn,
    category: row.category as z.infer<typeof ZConsultInput>['category'],
    title: row.title,
    summary: bi(row.data, 'summary'),
    cover: contentFile(files, idOrNull(row.data, 'coverFileId'), 'image'),
    publishDate: row.publishDate ?? '',
  };
}

export function articleDetail(row: EntryRow, files: Files) {
  return {
    ...articleSummary(row, files),
    body: sanitizeBilingual(bi(row.data, 'body')),
    source: bi(row.data, 'source'),
  };
}

/** A report whose PDF is missing is not shown (null). */
export function reportPublic(row: EntryRow, files: Files) {
  const pdf = contentFile(files, idOrNull(row.data, 'pdfFileId'), 'document');
  if (!pdf) return null;
  return {
    lgcSn: row.lgcSn,
    title: row.title,
    summary: bi(row.data, 'summary'),
    issue: str(row.data, 'issue'),
    publishDate: row.publishDate ?? '',
    pdf,
    cover: contentFile(files, idOrNull(row.data, 'coverFileId'), 'image'),
  };
}

export function topicPublic(row: EntryRow, files: Files) {
  const sections = Array.isArray(row.data.sections) ? (row.data.sections as Data[]) : [];
  return {
    key: row.entryKey as TTopicKey,
    title: row.title,
    summary: bi(row.data, 'summary'),
    banner: contentFile(files, idOrNull(row.data, 'bannerFileId'), 'image'),
    sections: sections.map((section) => ({
      heading: bi(section, 'heading'),
      body: sanitizeBilingual(bi(section, 'body')),
    })),
    portugueseText: sanitizeRichText(str(row.data, 'portugueseText')),
    document: contentFile(files, idOrNull(row.data, 'documentFileId'), 'document'),
    updatedAt: iso(row.updatedAt)!,
  };
}

export function complianceSummary(row: EntryRow) {
  const body = bi(row.data, 'body');
  return {
    lgcSn: row.lgcSn,
    title: row.title,
    summary: bi(row.data, 'summary'),
    publishDate: row.publishDate ?? '',
    hasBody: Boolean(body.en.trim() || body.zh.trim()),
  };
}

export function complianceDetail(row: EntryRow, files: Files) {
  return {
    ...complianceSummary(row),
    body: sanitizeBilingual(bi(row.data, 'body')),
    file: contentFile(files, idOrNull(row.data, 'fileId'), 'document'),
  };
}

export function institutionPublic(row: EntryRow) {
  return {
    lgcSn: row.lgcSn,
    name: row.title,
    namePt: str(row.data, 'namePt'),
    country: row.category ?? '',
    city: bi(row.data, 'city'),
    swiftCode: str(row.data, 'swiftCode'),
    descriptionPt: str(row.data, 'descriptionPt'),
    sortOrder: row.sortOrder,
  };
}

// ---------- the back office's kinds ----------

export type KindDef = {
  entryKind: ContentEntryKind;
  input: z.ZodType;
  admin: z.ZodType;
  /** The public shape for preview (questionnaires: the admin shape). */
  preview: (row: EntryRow, files: Files, who: Who) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: each kind takes its own schema's output (validated by the route)
  prepare: (input: any) => Prepared;
  files: (row: { data: Record<string, unknown> }) => FileRef[];
  toAdmin: (row: EntryRow, files: Files, who: Who) => unknown;
};

const banners: KindDef = {
  entryKind: 'banner',
  input: ZBannerInput,
  admin: ZBannerAdmin,
  prepare: (input: z.output<typeof ZBannerInput>) => ({
    title: input.title,
    entryKey: null,
    category: null,
    sortOrder: input.sortOrder,
    publishDate: null,
    publishFrom: input.publishFrom,
    publishUntil: input.publishUntil,
    data: {
      imageFileId: input.imageFileId,
      wthrChkInd: input.wthrChkInd,
      linksUrl: input.linksUrl,
      questionnaireId: input.wthrChkInd === '1' ? input.questionnaireId : null,
    },
  }),
  files: (row) => ref(idOrNull(row.data, 'imageFileId'), 'image', 'imageFileId'),
  preview: (row, files) => bannerPublic(row, files),
  toAdmin: (row, files, who) => ({
    ...managed(row, who),
    lgcSn: row.lgcSn,
    title: row.title,
    image: contentFile(files, idOrNull(row.data, 'imageFileId'), 'image'),
    wthrChkInd: str(row.data, 'wthrChkInd') === '1' ? '1' : '0',
    linksUrl: str(row.data, 'linksUrl'),
    questionnaireId: idOrNull(row.data, 'questionnaireId'),
    sortOrder: row.sortOrder,
    publishFrom: iso(row.publishFrom),
    publishUntil: iso(row.publishUntil),
  }),
};

const modules: KindDef = {
  entryKind: 'module',
  input: ZModuleInput,
  admin: ZModuleAdmin,
  prepare: (input: z.output<typeof ZModuleInput>) => ({
    title: input.title,
    entryKey: input.key,
    category: input.moduleType,
    sortOrder: input.sortOrder,
    publishDate: null,
    publishFrom: null,
    publishUntil: null,
    data: {
      summary: input.summary,
      body: sanitizeBilingual(input.body),
      imageFileId: input.imageFileId,
      linkUrl: input.linkUrl,
    },
  }),
  files: (row) => [
    ...ref(idOrNull(row.data, 'imageFileId'), 'image', 'imageFileId'),
    ...inlineImages('body', bi(row.data, 'body')),
  ],
  preview: (row, files) => moduleDetail(row, files),
  toAdmin: (row, files, who) => ({ ...managed(row, who), ...moduleDetail(row, files) }),
};

const articles: KindDef = {
  entryKind: 'article',
  input: ZConsultInput,
  admin: ZConsultAdmin,
  prepare: (input: z.output<typeof ZConsultInput>) => ({
    title: input.title,
    entryKey: null,
    category: input.category,
    sortOrder: 0,
    publishDate: input.publishDate,
    publishFrom: null,
    publishUntil: null,
    data: {
      summary: input.summary,
      body: sanitizeBilingual(input.body),
      source: input.source,
      coverFileId: input.coverFileId,
    },
  }),
  files: (row) => [
    ...ref(idOrNull(row.data, 'coverFileId'), 'image', 'coverFileId'),
    ...inlineImages('body', bi(row.data, 'body')),
  ],
  preview: (row, files) => ({ ...articleDetail(row, files), previous: null, next: null }),
  toAdmin: (row, files, who) => ({ ...managed(row, who), ...articleDetail(row, files) }),
};

const reports: KindDef = {
  entryKind: 'report',
  input: ZReportInput,
  admin: ZReportAdmin,
  prepare: (input: z.output<typeof ZReportInput>) => ({
    title: input.title,
    entryKey: null,
    category: null,
    sortOrder: 0,
    publishDate: input.publishDate,
    publishFrom: null,
    publishUntil: null,
    data: { summary: input.summary, issue: input.issue, pdfFileId: input.pdfFileId, coverFileId: input.coverFileId },
  }),
  files: (row) => [
    ...ref(idOrNull(row.data, 'pdfFileId'), 'document', 'pdfFileId'),
    ...ref(idOrNull(row.data, 'coverFileId'), 'image', 'coverFileId'),
  ],
  preview: (row, files) => reportPublic(row, files),
  toAdmin: (row, files, who) => ({ ...managed(row, who), ...reportPublic(row, files) }),
};

const compliance: KindDef = {
  entryKind: 'compliance',
  input: ZComplianceInput,
  admin: ZComplianceAdmin,
  prepare: (input: z.output<typeof ZComplianceInput>) => ({
    title: input.title,
    entryKey: null,
    category: null,
    sortOrder: input.sortOrder,
    publishDate: input.publishDate,
    publishFrom: null,
    publishUntil: null,
    data: { summary: input.summary, body: sanitizeBilingual(input.body), fileId: input.fileId },
  }),
  files: (row) => [
    ...ref(idOrNull(row.data, 'fileId'), 'document', 'fileId'),
    ...inlineImages('body', bi(row.data, 'body')),
  ],
  preview: (row, files) => complianceDetail(row, files),
  toAdmin: (row, files, who) => ({ ...managed(row, who), ...complianceDetail(row, files), sortOrder: row.sortOrder }),
};

const institutions: KindDef = {
  entryKind: 'institution',
  input: ZPortugueseInstitutionInput,
  admin: ZPortugueseInstitutionAdmin,
  prepare: (input: z.output<typeof ZPortugueseInstitutionInput>) => ({
    title: input.name,
    entryKey: null,
    category: input.country,
    sortOrder: input.sortOrder,
    publishDate: null,
    publishFrom: null,
    publishUntil: null,
    data: { namePt: input.namePt, city: input.city, swiftCode: input.swiftCode, descriptionPt: input.descriptionPt },
  }),
  files: () => [],
  preview: (row) => institutionPublic(row),
  toAdmin: (row, _files, who) => ({ ...managed(row, who), ...institutionPublic(row) }),
};

const questionnaires: KindDef = {
  entryKind: 'questionnaire',
  input: ZQuestionnaireInput,
  admin: ZQuestionnaireAdmin,
  prepare: (input: z.output<typeof ZQuestionnaireInput>) => ({
    title: input.name,
    entryKey: null,
    category: null,
    sortOrder: 0,
    publishDate: null,
    publishFrom: null,
    publishUntil: null,
    // An empty secret keeps the current one (the service merges it).
    data: { link: input.link, secret: input.secret },
  }),
  files: () => [],
  preview: (row, _files, who) => questionnaires.toAdmin(row, _files, who),
  toAdmin: (row, _files, who) => ({
    ...managed(row, who),
    lgcSn: row.lgcSn,
    name: row.title,
    link: str(row.data, 'link'),
    hasOwnSecret: Boolean(str(row.data, 'secret')),
  }),
};

export const KINDS: Record<TContentKind, KindDef> = {
  banners,
  modules,
  articles,
  reports,
  compliance,
  institutions,
  questionnaires,
};

/** Topics are not a KindDef (fixed keys, no create/delete); their pieces are here. */
export function prepareTopic(input: z.output<typeof ZTopicInput>): Omit<Prepared, 'entryKey'> {
  return {
    title: input.title,
    category: null,
    sortOrder: 0,
    publishDate: null,
    publishFrom: null,
    publishUntil: null,
    data: {
      summary: input.summary,
      bannerFileId: input.bannerFileId,
      sections: input.sections.map((section) => ({ heading: section.heading, body: sanitizeBilingual(section.body) })),
      portugueseText: sanitizeRichText(input.portugueseText),
      documentFileId: input.documentFileId,
    },
  };
}

export function topicFiles(row: { data: Record<string, unknown> }): FileRef[] {
  const sections = Array.isArray(row.data.sections) ? (row.data.sections as Data[]) : [];
  return [
    ...ref(idOrNull(row.data, 'bannerFileId'), 'image', 'bannerFileId'),
    ...ref(idOrNull(row.data, 'documentFileId'), 'document', 'documentFileId'),
    ...inlineImages('sections', ...sections.map((section) => bi(section, 'body'))),
  ];
}

export { lowerTitles };
