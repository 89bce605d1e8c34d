/**
 * Queues an e-mail in `mail_outbox`. Called with the caller's transaction, the message is queued
 * only if the business change commits; the mailer delivers it afterwards.
 */
import type { Locale } from '@portal/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type MailBrand, type MailTemplate, type MailTemplates, mailLocale, renderMail } from './templates.ts';

export type OutgoingMail<T extends MailTemplate> = {
  to: string;
  locale: Locale | string;
  template: T;
  params: MailTemplates[T];
};

/** Renders the message in the recipient's language and queues it; returns its outbox id. */
export async function enqueueMail<T extends MailTemplate>(
  db: Db,
  { to, locale, template, params }: OutgoingMail<T>,
  brand: MailBrand,
): Promise<number> {
  const { subject, text, html } = renderMail(template, locale, params, brand);
  const { id } = await db
    .insertInto('mailOutbox')
    .values({
      toAddress: to,
      locale: mailLocale(locale),
      template,
      subject,
      textBody: text,
      htmlBody: html,
      // Due at once, in whole milliseconds: the mailer compares with a JS Date (milliseconds), and
      // now()'s microseconds would otherwise leave a message queued in the same millisecond as
      // the delivery round's clock reading behind until the next round.
      nextAttemptAt: sql<Date>`date_trunc('milliseconds', now())`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}
