import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { itOnPostgres } from '../../../test/postgres-only.ts';
import { startTestSmtpServer } from '../../../test/smtp.ts';
import type { Db } from '../../db/database.ts';
import { createMailer, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_SECONDS, type MailerLog } from './mailer.ts';
import { enqueueMail } from './outbox.ts';
import { renderMail } from './templates.ts';

const brand = {
  portalName: { en: 'Interbank Cooperation Portal', zh: '同业合作平台' },
  bankName: { en: 'Global Cooperation Bank', zh: '环球合作银行' },
  serviceLine: '0086-95533',
  orgEmail: 'fi-cooperation@portal.example',
};
const FROM = 'Interbank Cooperation Portal <no-reply@portal.example>';

const smtp = await startTestSmtpServer();
afterAll(() => smtp.close());

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const at =
    (level: string) =>
    (details: Record<string, unknown>, message: string): void => {
      lines.push({ level, details, message });
    };
  const log: MailerLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

const outboxRow = (db: Db, id: number) =>
  db.selectFrom('mailOutbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('enqueueMail', async () => {
  const { db } = await createTestDatabase();

  it('queues the message rendered in the recipient’s language', async () => {
    const id = await enqueueMail(
      db,
      { to: 'li@bank.example', locale: 'zh-CN', template: 'passwordChanged', params: { name: '李雷' } },
      brand,
    );
    const row = await outboxRow(db, id);
    expect(row).toMatchObject({
      toAddress: 'li@bank.example',
      locale: 'zh-CN',
      template: 'passwordChanged',
      subject: '同业合作平台：登录密码已修改',
      status: 'pending',
      attempts: 0,
    });
    expect(row.textBody).toMatch(/^尊敬的李雷：/);
    expect(row.htmlBody).toContain('<html lang="zh-CN">');
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(
          trx,
          { to: 'rollback@bank.example', locale: 'en-US', template: 'dormantStopped', params: { name: 'R' } },
          brand,
        );
        throw new Error('the business write failed');
      })
      .catch(() => {});
    const rows = await db
      .selectFrom('mailOutbox')
      .select('id')
      .where('toAddress', '=', 'rollback@bank.example')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('delivery over SMTP', async () => {
  const { db } = await createTestDatabase();
  const { log } = recordingLog();
  const mailer = createMailer({ db, smtpUrl: smtp.url, from: FROM, log });
  afterAll(() => mailer.stop());

  it('delivers a Chinese e-mail code to a zh-CN recipient and marks it sent', async () => {
    const id = await enqueueMail(
      db,
      {
        to: 'wang@bank.example',
        locale: 'zh-CN',
        template: 'emailCode',
        params: { code: 'K7QX', purpose: 'login', minutes: 10 },
      },
      brand,
    );
    expect(await mailer.deliverDue()).toBe(1);
    const mail = await smtp.waitFor((m) => m.to.includes('wang@bank.example'));
    expect(mail.from).toBe('no-reply@portal.example');
    expect(mail.subject).toBe('同业合作平台登录验证码');
    expect(mail.raw).not.toContain('同业合作平台登录验证码'); // the header itself is RFC 2047 encoded
    expect(mail.text).toContain('验证码：K7QX');
    expect(mail.html).toContain('>K7QX</div>');
    const row = await outboxRow(db, id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).not.toBeNull();
  });

  it('delivers in English to an en-US recipient', async () => {
    await enqueueMail(
      db,
      {
        to: 'ann@partner.example',
        locale: 'en-US',
        template: 'registrationApproved',
        params: { name: 'Ann', loginUrl: 'https://portal.example/home' },
      },
      brand,
    );
    await mailer.deliverDue();
    const mail = await smtp.waitFor((m) => m.to.includes('ann@partner.example'));
    expect(mail.subject).toBe(
      renderMail('registrationApproved', 'en-US', { name: 'Ann', loginUrl: 'x' }, brand).subject,
    );
    expect(mail.text).toContain('Log in: https://portal.example/home');
  });

  itOnPostgres('does not send a message twice when two senders run at once', async () => {
    const before = smtp.messages.length;
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        await enqueueMail(
          db,
          { to: `batch${i}@bank.example`, locale: 'en-US', template: 'dormantStopped', params: { name: `N${i}` } },
          brand,
        ),
      );
    }
    const other = createMailer({ db, smtpUrl: smtp.url, from: FROM, log });
    const counts = await Promise.all([
      mailer.deliverDue(5),
      other.deliverDue(5),
      mailer.deliverDue(5),
      other.deliverDue(5),
    ]);
    await other.stop();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    const received = smtp.messages.slice(before).flatMap((m) => m.to);
    expect(received.sort()).toEqual(ids.map((_, i) => `batch${i}@bank.example`).sort());
    expect(await mailer.deliverDue()).toBe(0);
  });
});

describe('delivery failures', async () => {
  const { db } = await createTestDatabase();
  const { log, lines } = recordingLog();
  let clock = new Date('2030-05-01T12:00:00.000Z');
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const mailer = createMailer({ db, smtpUrl: smtp.url, from: FROM, log, now: () => clock });
  afterAll(async () => {
    smtp.setFailure(null);
    await mailer.stop();
  });

  it('retries after 30 s, 2 min, 10 min and 1 h, then gives up after 5 attempts', async () => {
    smtp.setFailure(550);
    const id = await enqueueMail(
      db,
      { to: 'nobody@bank.example', locale: 'en-US', template: 'passwordChanged', params: { name: 'N' } },
      brand,
    );
    // Queued with the database's now(); the test clock is in the future, so it is due.
    const history: Array<{ attempts: number; status: string; waitSeconds: number | null }> = [];
    for (const delay of [...MAIL_RETRY_DELAYS_SECONDS, null]) {
      expect(await mailer.deliverDue()).toBe(0);
      const row = await outboxRow(db, id);
      history.push({
        attempts: row.attempts,
        status: row.status,
        waitSeconds: row.status === 'pending' ? (new Date(row.nextAttemptAt).getTime() - clock.getTime()) / 1000 : null,
      });
      expect(row.lastError).toMatch(/550/);
      if (delay === null) break;
      // One second early nothing happens; on time, the next attempt is made.
      advance(delay - 1);
      await mailer.deliverDue();
      expect((await outboxRow(db, id)).attempts).toBe(row.attempts);
      advance(1);
    }
    expect(history).toEqual([
      { attempts: 1, status: 'pending', waitSeconds: 30 },
      { attempts: 2, status: 'pending', waitSeconds: 120 },
      { attempts: 3, status: 'pending', waitSeconds: 600 },
      { attempts: 4, status: 'pending', waitSeconds: 3600 },
      { attempts: MAIL_MAX_ATTEMPTS, status: 'failed', waitSeconds: null },
    ]);
    advance(86_400);
    await mailer.deliverDue();
    expect((await outboxRow(db, id)).attempts).toBe(5);
    expect(smtp.messages.some((m) => m.to.includes('nobody@bank.example'))).toBe(false);
    expect(lines.filter((l) => l.level === 'warn')).toHaveLength(4);
    expect(lines.filter((l) => l.level === 'error')).toHaveLength(1);
  });

  it('delivers on a later attempt once the server accepts again', async () => {
    smtp.setFailure(451);
    const id = await enqueueMail(
      db,
      { to: 'later@bank.example', locale: 'en-US', template: 'passwordChanged', params: { name: 'L' } },
      brand,
    );
    await mailer.deliverDue();
    smtp.setFailure(null);
    advance(30);
    expect(await mailer.deliverDue()).toBe(1);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const delivered = smtp.messages.filter((m) => m.to.includes('later@bank.example'));
    expect(delivered).toHaveLength(1);
  });
});

describe('without SMTP', async () => {
  const { db } = await createTestDatabase();
  const { log, lines } = recordingLog();
  const mailer = createMailer({ db, from: FROM, log });

  it('keeps the message as stored and logs its subject and recipient, not its body', async () => {
    const before = smtp.messages.length;
    const id = await enqueueMail(
      db,
      {
        to: 'dev@bank.example',
        locale: 'en-US',
        template: 'emailCode',
        params: { code: 'Q9WZ', purpose: 'reset', minutes: 10 },
      },
      brand,
    );
    expect(await mailer.deliverDue()).toBe(1);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'stored' });
    expect(lines).toEqual([
      {
        level: 'info',
        details: {
          mailId: id,
          to: 'dev@bank.example',
          subject: 'Your password reset verification code – Interbank Cooperation Portal',
        },
        message: expect.any(String),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('Q9WZ');
    expect(await mailer.deliverDue()).toBe(0);
    expect(smtp.messages.length).toBe(before);
  });
});

describe('background delivery', async () => {
  const { db } = await createTestDatabase();
  const { log } = recordingLog();

  it('polls the outbox after start(), delivers at once on wake(), and stops cleanly', async () => {
    const mailer = createMailer({ db, smtpUrl: smtp.url, from: FROM, log, pollMs: 60_000 });
    mailer.start();
    await enqueueMail(
      db,
      { to: 'woken@bank.example', locale: 'en-US', template: 'dormantStopped', params: { name: 'W' } },
      brand,
    );
    mailer.wake(); // the poll interval is a minute: only wake() can deliver this in time
    await smtp.waitFor((m) => m.to.includes('woken@bank.example'), 3000);
    await mailer.stop();

    const id = await enqueueMail(
      db,
      { to: 'after-stop@bank.example', locale: 'en-US', template: 'dormantStopped', params: { name: 'S' } },
      brand,
    );
    mailer.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await outboxRow(db, id)).status).toBe('pending');
  });

  it('delivers by polling alone', async () => {
    const mailer = createMailer({ db, smtpUrl: smtp.url, from: FROM, log, pollMs: 50 });
    mailer.start();
    const id = await enqueueMail(
      db,
      { to: 'polled@bank.example', locale: 'en-US', template: 'dormantStopped', params: { name: 'P' } },
      brand,
    );
    // No wake(): only the 50 ms poll can deliver it. waitFor's 3 s are well inside the test's time.
    const mail = await smtp.waitFor((m) => m.to.includes('polled@bank.example'), 3000).catch(() => null);
    await mailer.stop();
    expect(mail, 'delivered by the poll').not.toBeNull();
    expect(mail?.subject).toBe(renderMail('dormantStopped', 'en-US', { name: 'P' }, brand).subject);
    expect(await outboxRow(db, id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });
});
