/**
 * Message centre routes (SPEC §3 Message, §7): the list, marking read, the unread count and its
 * server-sent-events stream. Every route works on the signed-in reader's own messages only.
 */
// `isDraining` on the app (platform/shutdown.ts).

import { ZEnvelope, ZPage } from '@portal/shared';
import {
  MESSAGE_STREAM_EVENT,
  ZMarkReadRequest,
  ZMessageItem,
  ZMessageListQuery,
  ZUnreadCount,
} from '@portal/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, Listen } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { API_CSP } from '../../platform/security.ts';
import { actorOf, sessionOf } from '../../platform/session.ts';
import type {} from '../../platform/shutdown.ts';
import { listMessages, markEverythingRead, markSelectedRead, unreadCount } from './messages.service.ts';
import { createUnreadStreamHub, type UnreadStreamHub } from './messages.stream.ts';

const ZMarkedCount = z.object({ count: z.number().int().describe('Messages marked read') });

const active = { access: 'active' as const };
const session = { access: 'session' as const };
const tags = ['messages'];

export const messageRoutes: FastifyPluginAsyncZod<{ db: Db; listen: Listen; config: Config }> = async (
  app,
  { db, listen, config },
) => {
  const hub = createUnreadStreamHub({ db, listen, log: app.log, sessionIdleMs: config.auth.sessionIdleMs });
  // Open streams would keep their connections (and so the server) up: end them first.
  app.addHook('preClose', async () => {
    hub.closeAll();
  });

  registerMessageRoutes(app, db);
  registerUnreadStreamRoute(app, hub);
};

/** The list, marking read, the unread count. */
function registerMessageRoutes(app: RouteApp, db: Db) {
  app.get(
    '/api/bthw/messages',
    {
      config: active,
      schema: {
        operationId: 'listMessages',
        tags,
        summary: 'My messages, newest first, with their text in my language',
        querystring: ZMessageListQuery,
        response: { 200: ZEnvelope(ZPage(ZMessageItem)) },
      },
    },
    async (request) => ok(request, await listMessages(db, actorOf(request).user.id, request.locale, request.query)),
  );
  app.post(
    '/api/bthw/updateMessageStatusByLgcSn',
    {
      config: active,
      schema: {
        operationId: 'updateMessageStatusByLgcSn',
        tags,
        summary: 'Mark the selected messages read (at least one must be unread)',
        body: ZMarkReadRequest,
        response: { 200: ZEnvelope(ZMarkedCount) },
      },
    },
    async (request) => ok(request, await markSelectedRead(db, actorOf(request).user.id, request.body.lgcSns)),
  );
  app.post(
    '/api/bthw/messages/readAll',
    {
      config: active,
      schema: {
        operationId: 'readAllMessages',
        tags,
        summary: 'Mark all my messages read',
        response: { 200: ZEnvelope(ZMarkedCount) },
      },
    },
    async (request) => ok(request, await markEverythingRead(db, actorOf(request).user.id)),
  );
  app.get(
    '/api/bthw/queryMessageNum',
    {
      config: session,
      schema: {
        operationId: 'queryMessageNum',
        tags,
        summary: 'My unread message count',
        response: { 200: ZEnvelope(ZUnreadCount) },
      },
    },
    async (request) => ok(request, await unreadCount(db, actorOf(request).user.id)),
  );
}

/** The unread count as server-sent events, served by the hub. */
function registerUnreadStreamRoute(app: RouteApp, hub: UnreadStreamHub) {
  app.get(
    '/api/bthw/messages/stream',
    {
      config: session,
      schema: {
        operationId: 'streamUnreadCount',
        tags,
        summary: 'My unread count as server-sent events',
        description:
          `\`event: ${MESSAGE_STREAM_EVENT}\` with \`{"num":N}\` on connect and whenever the count changes ` +
          '(at once, whichever instance changed it); a comment line every 25 s keeps it open.',
        response: {
          200: {
            description: 'An event stream',
            content: { 'text/event-stream': { schema: z.string().describe(`event: ${MESSAGE_STREAM_EVENT}`) } },
          },
        },
      },
    },
    async (request, reply) => {
      if (app.isDraining()) throw new AppError('PRT_SERVICE_UNAVAILABLE');
      const auth = sessionOf(request);
      // Written by hand: no compression (it would buffer the events) and no serializer; the
      // headers other hooks set so far (request id, helmet's, language) are kept.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies: pass each event on at once.
        'x-accel-buffering': 'no',
        'content-security-policy': API_CSP,
        'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
      });
      raw.flushHeaders();
      await hub.open({ userId: auth.user.id, tokenHash: auth.tokenHash, raw });
    },
  );
}
