/**
 * The development mailbox: e-mail the portal has queued, readable without an SMTP server.
 * `GET /dev/mailbox` for people, `GET /api/dev/mailbox?to=` for the end-to-end journeys.
 * Registered by app.ts only outside production (messages hold one-time codes).
 */
import { ZEnvelope } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ok } from '../respond.ts';
import { escapeHtml } from './templates.ts';

const LATEST = 100;

export const ZDevMail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});

async function latestMail(db: Db, to?: string) {
  let query = db
    .selectFrom('mailOutbox')
    .select(['id', 'toAddress', 'subject', 'textBody', 'status', 'createdAt'])
    .orderBy('id', 'desc')
    .limit(LATEST);
  if (to) query = query.where((eb) => eb(eb.fn('lower', ['toAddress']), '=', to.trim().toLowerCase()));
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/dev/mailbox',
    {
      // Anyone may read it: the route exists only on development and test servers.
      config: { access: 'public' },
      schema: {
        operationId: 'listDevMail',
        tags: ['development'],
        summary: 'Latest queued e-mail (development only), newest first',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: ZEnvelope(z.object({ list: z.array(ZDevMail) })) },
      },
    },
    async (request) => ok(request, { list: await latestMail(db, request.query.to) }),
  );

  // A plain page: no script, no style (the API's Content-Security-Policy allows neither).
  app.get('/dev/mailbox', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const mail = await latestMail(db);
    const rows = mail
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt)}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.status)}</td>` +
          `<td>${escapeHtml(m.subject)}</td><td><pre>${escapeHtml(m.text)}</pre></td></tr>`,
      )
      .join('\n');
    const body = mail.length
      ? `<table border="1" cellpadding="6">\n<thead><tr><th>Time (UTC)</th><th>To</th><th>Status</th><th>Subject</th><th>Text</th></tr></thead>\n<tbody>\n${rows}\n</tbody></table>`
      : '<p>No e-mail yet.</p>';
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    return [
      '<!DOCTYPE html>',
      '<html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title></head><body>',
      '<h1>Development mailbox</h1>',
      `<p>The latest ${LATEST} e-mails queued by this server, newest first. Shown only outside production.</p>`,
      body,
      '</body></html>',
    ].join('\n');
  });
};
