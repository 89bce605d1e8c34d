/**
 * A real SMTP server in the test process (smtp-server), for tests that check what the portal
 * e-mails. It keeps every message with its envelope and raw text, and decodes what tests read:
 * the Subject header (RFC 2047) and the plain-text body (quoted-printable or base64, inside
 * multipart/alternative). Enough to find a 4-character code in a Chinese e-mail; not a full
 * MIME parser.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  raw: string;
  /** Decoded Subject header. */
  subject: string;
  /** Decoded text/plain body (or the HTML body without tags when there is no text part). */
  text: string;
  /** Decoded text/html body, '' when there is none. */
  html: string;
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes every RCPT TO answer with this SMTP code (e.g. 550), or accept again with null. */
  setFailure(code: number | null): void;
  close(): Promise<void>;
};

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  let failure: number | null = null;

  const server = new SMTPServer({
    authOptional: true,
    // Plain text on loopback: nodemailer would otherwise upgrade to TLS with an untrusted cert.
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failure === null) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: failure }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          ...decodeMessage(raw),
        };
        messages.push(mail);
        for (const waiter of waiters) {
          if (waiter.predicate(mail)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
          reject(new Error(`No matching e-mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    setFailure(code) {
      failure = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Headers = Map<string, string>;

function splitHead(entity: string): { headers: Headers; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  const head = at < 0 ? entity : entity.slice(0, at);
  const body = at < 0 ? '' : entity.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  // Folded lines continue the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(headerValue);
  return match ? (match[1] ?? match[2]) : undefined;
}

function quotedPrintableBytes(text: string, underscoreIsSpace = false): Buffer {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    const hex = source.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return quotedPrintableBytes(body).toString('utf8');
    default:
      return body;
  }
}

/** Decodes RFC 2047 encoded words; adjacent words are joined as bytes (a character may span two). */
export function decodeHeader(value: string): string {
  const word = /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g;
  let out = '';
  let pending: Buffer[] = [];
  let last = 0;
  const flush = () => {
    out += Buffer.concat(pending).toString('utf8');
    pending = [];
  };
  for (let match = word.exec(value); match; match = word.exec(value)) {
    const between = value.slice(last, match.index);
    // Whitespace between two encoded words is not part of the text.
    if (!(pending.length > 0 && /^\s*$/.test(between))) {
      flush();
      out += between;
    }
    const [, , kind, data] = match;
    pending.push(kind!.toUpperCase() === 'B' ? Buffer.from(data!, 'base64') : quotedPrintableBytes(data!, true));
    last = word.lastIndex;
  }
  flush();
  return out + value.slice(last);
}

function decodeEntity(entity: string, found: { text?: string; html?: string }): void {
  const { headers, body } = splitHead(entity);
  const type = headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) return;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      decodeEntity(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  if (/^text\/plain/i.test(type)) found.text ??= decoded;
  else if (/^text\/html/i.test(type)) found.html ??= decoded;
}

function decodeMessage(raw: string): { subject: string; text: string; html: string } {
  const { headers } = splitHead(raw);
  const found: { text?: string; html?: string } = {};
  decodeEntity(raw, found);
  const html = found.html ?? '';
  const text = found.text ?? html.replace(/<[^>]+>/g, ' ');
  return { subject: decodeHeader(headers.get('subject') ?? ''), text, html };
}
