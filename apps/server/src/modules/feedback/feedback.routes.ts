/**
 * Feedback (SPEC §2 feedback dialog, §5) and leave messages (SPEC §7 /cooperLevgMg/...), and the
 * back office's lists and answers. Rules in feedback.service.ts.
 */

import { ZEnvelope, ZPage, ZPageQuery } from '@portal/shared';
import {
  CONTENT_LIMITS,
  FEEDBACK_IMAGE_MAX_BYTES,
  ZFeedbackAdmin,
  ZFeedbackAnswer,
  ZFeedbackListQuery,
  ZFeedbackReceipt,
  ZLeaveMessage,
  ZLeaveMessageAdmin,
  ZLeaveMessageInput,
  ZLeaveMessageListQuery,
  ZLeaveMessageReply,
} from '@portal/shared/schemas/content';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { CSV_RESPONSE, sendCsv } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { FILE_FIELD, fileOrField } from '../../platform/files/multipart.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type {} from '../../platform/openapi.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import {
  answerFeedback,
  countFeedback,
  exportFeedback,
  feedbackDetail,
  listFeedbackForStaff,
  listLeaveMessagesForStaff,
  myLeaveMessages,
  parseFeedbackFields,
  replyLeaveMessage,
  saveLeaveMessage,
  submitFeedback,
} from './feedback.service.ts';

type FeedbackDeps = { db: Db; config: Config; storage: FileStorage };

const tags = ['feedback'];
const lgcSnParams = z.object({ lgcSn: z.string().min(1).max(64) });
const staff = { access: 'staff' as const };
const backTags = ['back office: feedback'];

export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackDeps> = async (app, deps) => {
  registerFeedbackSubmitRoute(app, deps);
  registerLeaveMessageRoutes(app, deps);
  registerStaffFeedbackRoutes(app, deps);
  registerStaffAnswerRoutes(app, deps);
};

/**
 * The text fields and images of a feedback form, read within the multipart limits; a file part
 * under another name, too many or too large files are refused.
 */
async function readFeedbackParts(request: FastifyRequest) {
  const locale = request.locale;
  const fields: Record<string, string> = {};
  const images: { name: string; data: Buffer }[] = [];
  try {
    for await (const part of request.parts({
      limits: {
        files: CONTENT_LIMITS.feedbackImages,
        fileSize: FEEDBACK_IMAGE_MAX_BYTES,
        fields: 5,
        fieldSize: 16 * 1024,
        parts: CONTENT_LIMITS.feedbackImages + 5,
      },
    })) {
      const file = fileOrField(part, fields, locale);
      if (!file) continue;
      images.push({ name: file.filename, data: await file.toBuffer() });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError('PRT_PAYLOAD_TOO_LARGE', { limit: '10 MB' });
      case 'FST_FILES_LIMIT':
        throw fieldError(locale, FILE_FIELD, 'tooManyItems', { max: CONTENT_LIMITS.feedbackImages });
      default:
        throw new AppError('PRT_BAD_REQUEST');
    }
  }
  return { fields, images };
}

/** Feedback from anyone (multipart). */
function registerFeedbackSubmitRoute(app: RouteApp, { db, storage }: FeedbackDeps) {
  app.post(
    '/api/feedback/submit',
    {
      config: { access: 'public', multipart: true },
      schema: {
        operationId: 'submitFeedback',
        rateLimited: true,
        tags,
        summary: 'Send feedback (multipart/form-data): text, e-mail, up to 10 images',
        description: [
          'Fields first: `text` (1–1000 characters) and `emailAdr` (a valid e-mail); then 0–10 parts named `file`:',
          'jpg, jpeg, pjpeg, jfif, png or bmp as their CONTENT shows, 10 MB each (413 bigger, 415 other types).',
          'Open to visitors; a signed-in user is recorded with it. Rate-limited per client address.',
        ].join(' '),
        response: { 200: ZEnvelope(ZFeedbackReceipt) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: request.headers['content-type'] ?? '-' });
      }
      const locale = request.locale;
      await countFeedback(db, request.ip);
      const { fields, images } = await readFeedbackParts(request);
      const { text, emailAdr } = parseFeedbackFields(fields, locale);
      const receipt = await submitFeedback(db, storage, {
        text,
        emailAdr,
        images,
        user: request.auth?.user ?? null,
        locale,
      });
      return ok(request, receipt);
    },
  );
}

/** A signed-in user's leave messages. */
function registerLeaveMessageRoutes(app: RouteApp, { db }: FeedbackDeps) {
  app.get(
    '/api/cooperLevgMg/getLevaingMessage',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'getLevaingMessage',
        tags,
        summary: "The signed-in user's leave messages with the bank's replies, newest first",
        querystring: ZPageQuery,
        response: { 200: ZEnvelope(ZPage(ZLeaveMessage)) },
      },
    },
    async (request) => ok(request, await myLeaveMessages(db, actorOf(request).user, request.query)),
  );

  app.post(
    '/api/cooperLevgMg/saveLevaingMessage',
    {
      config: { access: 'active' },
      schema: {
        operationId: 'saveLevaingMessage',
        rateLimited: true,
        tags,
        summary: 'Leave a message for the bank (1–1000 characters); rate-limited per user',
        body: ZLeaveMessageInput,
        response: { 200: ZEnvelope(ZLeaveMessage) },
      },
    },
    async (request) => ok(request, await saveLeaveMessage(db, actorOf(request).user, request.body.content)),
  );
}

/** Bank staff: feedback list, export and detail. */
function registerStaffFeedbackRoutes(app: RouteApp, { db }: FeedbackDeps) {
  app.get(
    '/api/backend/feedback',
    {
      config: staff,
      schema: {
        operationId: 'listFeedback',
        tags: backTags,
        summary: 'Feedback, newest first; answered=0 for those waiting',
        querystring: ZFeedbackListQuery,
        response: { 200: ZEnvelope(ZPage(ZFeedbackAdmin)) },
      },
    },
    async (request) => ok(request, await listFeedbackForStaff(db, request.query)),
  );

  app.get(
    '/api/backend/feedback/export',
    {
      config: staff,
      schema: {
        operationId: 'exportFeedback',
        tags: backTags,
        summary: 'Every feedback matching the filter of the list, as a CSV file',
        querystring: ZFeedbackListQuery.omit({ pageNo: true, pageSize: true }),
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const { columns, rows } = await exportFeedback(db, request.query, request.locale);
      return sendCsv(reply, 'feedback', columns, rows);
    },
  );

  app.get(
    '/api/backend/feedback/:lgcSn',
    {
      config: staff,
      schema: {
        operationId: 'getFeedback',
        tags: backTags,
        summary: 'One feedback',
        params: lgcSnParams,
        response: { 200: ZEnvelope(ZFeedbackAdmin) },
      },
    },
    async (request) => ok(request, await feedbackDetail(db, request.params.lgcSn)),
  );
}

/** Bank staff: answer feedback, list and reply to leave messages. */
function registerStaffAnswerRoutes(app: RouteApp, { db, config }: FeedbackDeps) {
  app.post(
    '/api/backend/feedback/:lgcSn/answer',
    {
      config: staff,
      schema: {
        operationId: 'answerFeedback',
        tags: backTags,
        summary: "Answer a feedback once; the answer is e-mailed in the sender's language",
        params: lgcSnParams,
        body: ZFeedbackAnswer,
        response: { 200: ZEnvelope(ZFeedbackAdmin) },
      },
    },
    async (request) =>
      ok(request, await answerFeedback(db, config, actorOf(request).user, request.params.lgcSn, request.body.answer)),
  );

  app.get(
    '/api/backend/leaveMessages',
    {
      config: staff,
      schema: {
        operationId: 'listLeaveMessages',
        tags: backTags,
        summary: 'Leave messages of all users, newest first; replied=0 for those waiting',
        querystring: ZLeaveMessageListQuery,
        response: { 200: ZEnvelope(ZPage(ZLeaveMessageAdmin)) },
      },
    },
    async (request) => ok(request, await listLeaveMessagesForStaff(db, request.query)),
  );

  app.post(
    '/api/backend/leaveMessages/:lgcSn/reply',
    {
      config: staff,
      schema: {
        operationId: 'replyLeaveMessage',
        tags: backTags,
        summary: "Reply to a leave message once; the reply is e-mailed in the user's language",
        params: lgcSnParams,
        body: ZLeaveMessageReply,
        response: { 200: ZEnvelope(ZLeaveMessageAdmin) },
      },
    },
    async (request) =>
      ok(request, await replyLeaveMessage(db, config, actorOf(request).user, request.params.lgcSn, request.body.reply)),
  );
}
