/**
 * Feedback (SPEC §2 global feedback dialog, §5) and leave messages (SPEC §7 /cooperLevgMg/...),
 * no HTTP.
 *
 * Feedback: anyone may send it (visitors too): a text, a valid e-mail, up to 10 images (jpg/png/bmp;
 * jpeg, pjpeg and jfif are JPEG), 10 MB each, checked by CONTENT. The images' bytes are stored
 * first, then the file rows and the feedback in one transaction (bytes removed again if it fails).
 * Staff answer it; the answer is e-mailed in the sender's language through the outbox, in the
 * same transaction as the answer.
 *
 * Leave messages: a signed-in, active user leaves a message for the bank; they see their own
 * messages with replies; staff list and reply (e-mailed too).
 */
import { fieldLabelsOf, type Locale, localizeIssues, translate } from '@portal/shared';
import { CONTENT_LIMITS, type TFeedbackAdmin, ZFeedbackSubmit } from '@portal/shared/schemas/content';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { assertExportSize, type CsvColumn, csvTime, exportFetchSize } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enforceRateLimit, type RateLimit } from '../../platform/rate-limit.ts';
import type { SessionUser } from '../../platform/session.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import { describeFilesOf, storeUploads } from '../files/index.ts';
import {
  describeUsers,
  type FeedbackRow,
  findFeedback,
  insertFeedback,
  insertLeaveMessage,
  type LeaveMessageRow,
  listFeedback,
  listLeaveMessages,
  lockFeedback,
  lockLeaveMessage,
  setFeedbackAnswer,
  setLeaveMessageReply,
} from './feedback.repository.ts';

export const FEEDBACK_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600 };
export const LEAVE_MESSAGE_RATE_LIMIT: RateLimit = { limit: 20, windowSeconds: 3600 };

export async function countFeedback(db: Db, ip: string): Promise<void> {
  await enforceRateLimit(db, { key: `feedback:ip:${ip}`, ...FEEDBACK_RATE_LIMIT });
}

/** The text fields, validated with the dialog's own schema (errors name the field). */
export function parseFeedbackFields(fields: Record<string, string>, locale: Locale) {
  const parsed = ZFeedbackSubmit.safeParse({ text: fields.text ?? '', emailAdr: fields.emailAdr ?? '' });
  if (parsed.success) return parsed.data;
  const issues = localizeIssues(parsed.error.issues, locale, fields, fieldLabelsOf(ZFeedbackSubmit));
  throw new AppError('PRT_VALIDATION', { details: issues.map((issue) => issue.message).join(' ') }, issues);
}

export async function submitFeedback(
  db: Db,
  storage: FileStorage,
  input: {
    text: string;
    emailAdr: string;
    images: { name: string; data: Buffer }[];
    user: SessionUser | null;
    locale: Locale;
  },
): Promise<{ lgcSn: string }> {
  if (input.images.length > CONTENT_LIMITS.feedbackImages) {
    throw fieldError(input.locale, 'file', 'tooManyItems', { max: CONTENT_LIMITS.feedbackImages });
  }
  const lgcSn = newPublicId();
  await storeUploads(
    db,
    storage,
    {
      uploader: input.user ? { kind: 'user', userId: input.user.id } : { kind: 'visitor', email: input.emailAdr },
      purpose: 'feedback',
      files: input.images,
      owner: { kind: 'feedback', lgcSn },
    },
    (trx, files) =>
      insertFeedback(trx, {
        lgcSn,
        text: input.text,
        email: input.emailAdr,
        locale: input.locale,
        userId: input.user?.id ?? null,
        imageIds: files.map((file) => file.lgcSn),
      }),
  );
  return { lgcSn };
}

async function feedbackShapes(db: Db, rows: FeedbackRow[]): Promise<TFeedbackAdmin[]> {
  const [users, images] = await Promise.all([
    describeUsers(
      db,
      rows.flatMap((row) => [row.userId, row.answeredBy]),
    ),
    describeFilesOf(
      db,
      rows.map((row) => ({ owner: { kind: 'feedback', lgcSn: row.lgcSn }, lgcSns: row.imageIds })),
    ),
  ]);
  return rows.map((row, index) => ({
    lgcSn: row.lgcSn,
    text: row.text,
    emailAdr: row.email,
    locale: row.locale,
    userName: row.userId === null ? null : (users.get(row.userId)?.name ?? null),
    images: (images[index] ?? []).map((file) => ({ ...file, url: `/api/fileP1/download/${file.lgcSn}?inline=1` })),
    createdAt: new Date(row.createdAt).toISOString(),
    answer: row.answer,
    answeredBy: row.answeredBy === null ? null : (users.get(Number(row.answeredBy))?.name ?? null),
    answeredAt: row.answeredAt ? new Date(row.answeredAt).toISOString() : null,
  }));
}

export async function listFeedbackForStaff(
  db: Db,
  query: { pageNo: number; pageSize: number; answered?: '0' | '1' | undefined },
) {
  const { rows, total } = await listFeedback(db, query);
  return { list: await feedbackShapes(db, rows), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/**
 * Every feedback matching the back office's filter, for a spreadsheet: header and language in
 * the reader's language, images counted. More rows than the export cap are refused.
 */
export async function exportFeedback(
  db: Db,
  query: { answered?: '0' | '1' | undefined },
  locale: Locale,
): Promise<{ columns: CsvColumn<TFeedbackAdmin>[]; rows: TFeedbackAdmin[] }> {
  const page = await listFeedbackForStaff(db, { ...query, pageNo: 1, pageSize: exportFetchSize() });
  assertExportSize(page.total);
  const t = (key: string) => translate(locale, `backoffice.export.feedback.${key}`);
  return {
    rows: page.list,
    columns: [
      { header: t('createdAt'), value: (f) => csvTime(f.createdAt) },
      { header: t('email'), value: (f) => f.emailAdr },
      { header: t('userName'), value: (f) => f.userName },
      { header: t('language'), value: (f) => translate(locale, `backoffice.export.languages.${f.locale}`) },
      { header: t('text'), value: (f) => f.text },
      { header: t('images'), value: (f) => f.images.length },
      { header: t('answer'), value: (f) => f.answer },
      { header: t('answeredBy'), value: (f) => f.answeredBy },
      { header: t('answeredAt'), value: (f) => csvTime(f.answeredAt) },
    ],
  };
}

export async function feedbackDetail(db: Db, lgcSn: string): Promise<TFeedbackAdmin> {
  const row = await findFeedback(db, lgcSn);
  if (!row) throw new AppError('PRT_NOT_FOUND');
  return (await feedbackShapes(db, [row]))[0]!;
}

/** Answers a feedback once (PRT_CONFLICT when already answered) and e-mails the answer. */
export async function answerFeedback(
  db: Db,
  config: Config,
  staff: SessionUser,
  lgcSn: string,
  answer: string,
): Promise<TFeedbackAdmin> {
  await db.transaction().execute(async (trx) => {
    const row = await lockFeedback(trx, lgcSn);
    if (!row) throw new AppError('PRT_NOT_FOUND');
    if (row.answeredAt) throw new AppError('PRT_CONFLICT');
    await setFeedbackAnswer(trx, row.id, { answer, answeredBy: staff.id, answeredAt: new Date() });
    await enqueueMail(
      trx,
      { to: row.email, locale: row.locale, template: 'feedbackAnswered', params: { feedback: row.text, answer } },
      config.brand,
    );
  });
  return feedbackDetail(db, lgcSn);
}

// ---------- leave messages ----------

const toLeaveMessage = (row: LeaveMessageRow) => ({
  lgcSn: row.lgcSn,
  content: row.content,
  createdAt: new Date(row.createdAt).toISOString(),
  reply: row.reply,
  repliedAt: row.repliedAt ? new Date(row.repliedAt).toISOString() : null,
});

export async function myLeaveMessages(db: Db, user: SessionUser, page: { pageNo: number; pageSize: number }) {
  const { rows, total } = await listLeaveMessages(db, { ...page, userId: user.id });
  return { list: rows.map(toLeaveMessage), total, pageNo: page.pageNo, pageSize: page.pageSize };
}

export async function saveLeaveMessage(db: Db, user: SessionUser, content: string) {
  await enforceRateLimit(db, { key: `leave-message:user:${user.id}`, ...LEAVE_MESSAGE_RATE_LIMIT });
  const row = await db
    .transaction()
    .execute((trx) => insertLeaveMessage(trx, { lgcSn: newPublicId(), userId: user.id, content }));
  return toLeaveMessage(row);
}

async function leaveMessageShapes(db: Db, rows: LeaveMessageRow[]) {
  const users = await describeUsers(
    db,
    rows.flatMap((row) => [row.userId, row.repliedBy]),
  );
  return rows.map((row) => {
    const author = users.get(row.userId);
    return {
      ...toLeaveMessage(row),
      userName: author?.name ?? '',
      emailAdr: author?.email ?? '',
      institution: author?.institution ?? null,
      repliedBy: row.repliedBy === null ? null : (users.get(Number(row.repliedBy))?.name ?? null),
    };
  });
}

export async function listLeaveMessagesForStaff(
  db: Db,
  query: { pageNo: number; pageSize: number; replied?: '0' | '1' | undefined },
) {
  const { rows, total } = await listLeaveMessages(db, query);
  return { list: await leaveMessageShapes(db, rows), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

export async function replyLeaveMessage(db: Db, config: Config, staff: SessionUser, lgcSn: string, reply: string) {
  const row = await db.transaction().execute(async (trx) => {
    const current = await lockLeaveMessage(trx, lgcSn);
    if (!current) throw new AppError('PRT_NOT_FOUND');
    if (current.repliedAt) throw new AppError('PRT_CONFLICT');
    const updated = await setLeaveMessageReply(trx, current.id, { reply, repliedBy: staff.id, repliedAt: new Date() });
    const author = (await describeUsers(trx, [current.userId])).get(current.userId);
    if (author) {
      await enqueueMail(
        trx,
        {
          to: author.email,
          locale: author.locale,
          template: 'leaveMessageReplied',
          params: { name: author.name, message: current.content, reply },
        },
        config.brand,
      );
    }
    return updated;
  });
  return (await leaveMessageShapes(db, [row]))[0]!;
}
