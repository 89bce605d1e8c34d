/**
 * Delivers the outbox. With SMTP_URL: over SMTP, retrying failures with backoff. Without it
 * (development): messages are marked `stored`, kept for /dev/mailbox, and logged.
 *
 * Claiming: a short transaction selects due rows `FOR UPDATE SKIP LOCKED` and leases them
 * (pushes `next_attempt_at` ahead) before anything is sent, so several instances never take the
 * same message, and no transaction stays open while an SMTP server talks (on PGlite that would
 * hold the only connection). A process that dies mid-send leaves the lease to run out, and the
 * message is tried again: delivery is at least once.
 */
import { createTransport } from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { countMail } from '../metrics.ts';

type LogFn = (details: Record<string, unknown>, message: string) => void;
/** The part of a pino logger the mailer uses (Fastify's `app.log` fits). */
export type MailerLog = { info: LogFn; warn: LogFn; error: LogFn };

export type MailerOptions = {
  db: Db;
  /** smtp:// or smtps:// URL; unset keeps messages in the database only. */
  smtpUrl?: string | undefined;
  from: string;
  log: MailerLog;
  pollMs?: number;
  /** The clock, replaceable in tests to step through the retry delays. */
  now?: () => Date;
};

export type Mailer = {
  /** Polls the outbox every `pollMs` until stopped (the timer does not keep the process alive). */
  start(): void;
  /** Waits for a delivery in progress, then stops polling and closes the SMTP transport. */
  stop(): Promise<void>;
  /** Delivers soon instead of at the next poll (call after a transaction that queued mail commits). */
  wake(): void;
  /** Delivers up to `limit` due messages now; returns how many were sent (or stored). */
  deliverDue(limit?: number): Promise<number>;
};

/** Wait before the 2nd, 3rd, 4th and 5th attempt; the 5th failure is final. */
export const MAIL_RETRY_DELAYS_SECONDS = [30, 120, 600, 3600] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_SECONDS.length + 1;
/** How long a claimed message is held back from other senders; longer than any send can take. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;

/** Short time-outs: a stuck SMTP server must not hold a batch for minutes. */
function openTransport(smtpUrl: string) {
  return createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}
type Transport = ReturnType<typeof openTransport>;
type SendContext = { db: Db; from: string; log: MailerLog; now: () => Date };

/** Without SMTP: one statement marks the due messages `stored`. */
async function storeDue(db: Db, log: MailerLog, limit: number, at: Date): Promise<number> {
  const rows = await db
    .updateTable('mailOutbox')
    .set((eb) => ({ status: 'stored', attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mailOutbox')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', at)
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'toAddress', 'subject'])
    .execute();
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    // Subject and recipient only: the body may hold a one-time code.
    log.info({ mailId: row.id, to: row.toAddress, subject: row.subject }, 'e-mail stored (no SMTP_URL)');
  }
  countMail('stored', rows.length);
  return rows.length;
}

async function claimDue(db: Db, limit: number, at: Date) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('mailOutbox')
      .select(['id', 'toAddress', 'subject', 'textBody', 'htmlBody', 'attempts'])
      .where('status', '=', 'pending')
      .where('nextAttemptAt', '<=', at)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) {
      await trx
        .updateTable('mailOutbox')
        .set({ nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .execute();
    }
    return rows;
  });
}

async function sendDue({ db, from, log, now }: SendContext, smtp: Transport, limit: number, at: Date): Promise<number> {
  let sent = 0;
  for (const row of await claimDue(db, limit, at)) {
    const attempts = row.attempts + 1;
    try {
      await smtp.sendMail({ from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
      await db
        .updateTable('mailOutbox')
        .set({ status: 'sent', sentAt: now(), attempts, lastError: null })
        .where('id', '=', row.id)
        .execute();
      sent++;
      countMail('sent');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const delay = MAIL_RETRY_DELAYS_SECONDS[attempts - 1];
      const final = delay === undefined;
      await db
        .updateTable('mailOutbox')
        .set({
          attempts,
          lastError: reason.slice(0, 1000),
          ...(final ? { status: 'failed' as const } : { nextAttemptAt: new Date(now().getTime() + delay * 1000) }),
        })
        .where('id', '=', row.id)
        .execute();
      countMail(final ? 'failed' : 'retry');
      (final ? log.error : log.warn)(
        { mailId: row.id, to: row.toAddress, attempts, reason },
        final ? 'e-mail delivery failed for good' : 'e-mail delivery failed, will retry',
      );
    }
  }
  return sent;
}

export function createMailer({ db, smtpUrl, from, log, pollMs = 1000, now = () => new Date() }: MailerOptions): Mailer {
  const transport = smtpUrl ? openTransport(smtpUrl) : undefined;

  async function deliverDue(limit = BATCH): Promise<number> {
    const at = now();
    return transport ? sendDue({ db, from, log, now }, transport, limit, at) : storeDue(db, log, limit, at);
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let started = false;
  let stopped = false;

  /** One delivery round at a time; a wake-up during a round asks for another round after it. */
  function tick(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          // A full batch means more may be waiting.
          while (!stopped && (await deliverDue(BATCH)) === BATCH) {}
        } catch (error) {
          log.error({ err: error }, 'e-mail delivery round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      transport?.close();
    },
    wake() {
      if (started) setImmediate(tick);
    },
    deliverDue,
  };
}
