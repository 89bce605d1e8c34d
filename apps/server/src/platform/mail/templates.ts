/**
 * E-mail templates, rendered in the recipient's language: a subject, a plain-text body and a
 * simple HTML body (tables and inline styles, which mail clients understand). Every text comes
 * from the `mail` i18n namespace; every parameter is HTML-escaped in the HTML body.
 */
import { isLocale, type Locale, resolveLocale, translate } from '@portal/shared';
// The `mail` namespace is not in the core resources: register it (and the rest) here too.
import '@portal/shared/i18n/full';
import type { CodeKind } from '../verification-codes.ts';

export type MailBrand = {
  portalName: { en: string; zh: string };
  bankName: { en: string; zh: string };
  serviceLine: string;
  orgEmail: string;
};

/** Each template and its parameters. */
export type MailTemplates = {
  emailCode: { code: string; purpose: CodeKind; minutes: number };
  registrationReceived: { name: string };
  /** Someone asked for a registration code for an address that already has an account. */
  alreadyRegistered: { loginUrl: string; resetUrl: string };
  registrationApproved: { name: string; loginUrl: string };
  registrationRejected: { name: string; note: string; refillUrl: string };
  supplementRequested: { name: string; note: string; refillUrl: string };
  passwordChanged: { name: string };
  /** To an account's holder: browsers new to the account keep failing to log in (once a day at most). */
  loginAttempts: { name: string; failures: number; resetUrl: string };
  dormantWarning: { name: string; days: number; loginUrl: string };
  dormantStopped: { name: string };
  invitation: { inviterName: string; institution: string; link: string };
  feedbackAnswered: { feedback: string; answer: string };
  leaveMessageReplied: { name: string; message: string; reply: string };
  /** To a request's owner: another institution sent a cooperation intention on it. */
  intentionReceived: {
    name: string;
    request: string;
    institution: string;
    sender: string;
    message: string;
    link: string;
  };
  /** To an intention's sender: the request's institution agreed or refused it. */
  intentionAnswered: { name: string; request: string; institution: string; decision: 'agree' | 'refuse'; link: string };
  /** To a seal's applicant: the bank approved or rejected it. */
  sealDecided: {
    name: string;
    seal: string;
    sealNo: string;
    decision: 'approve' | 'reject';
    reason: string;
    link: string;
  };
  /** To the other party's users: a contract was uploaded, or signed by this institution. */
  contractEvent: {
    name: string;
    title: string;
    request: string;
    institution: string;
    event: 'uploaded' | 'signed' | 'completed';
    link: string;
  };
};

export type MailTemplate = keyof MailTemplates;

export const MAIL_TEMPLATES = [
  'emailCode',
  'registrationReceived',
  'alreadyRegistered',
  'registrationApproved',
  'registrationRejected',
  'supplementRequested',
  'passwordChanged',
  'loginAttempts',
  'dormantWarning',
  'dormantStopped',
  'invitation',
  'feedbackAnswered',
  'leaveMessageReplied',
  'intentionReceived',
  'intentionAnswered',
  'sealDecided',
  'contractEvent',
] as const satisfies readonly MailTemplate[];

export type RenderedMail = { subject: string; text: string; html: string };

/** Keys are relative to `mail.`; `note` and `code` carry a value as given, labelled by a key. */
type Block =
  | { kind: 'p'; key: string }
  | { kind: 'code'; label: string; value: string }
  | { kind: 'note'; label: string; value: string }
  | { kind: 'link'; label: string; url: string };

type Layout = { subject: string; greeting: 'named' | 'generic'; blocks: Block[] };

const p = (key: string): Block => ({ kind: 'p', key });

const LAYOUTS: { [T in MailTemplate]: (params: MailTemplates[T]) => Layout } = {
  emailCode: ({ code, purpose }) => ({
    subject: `emailCode.subject.${purpose}`,
    greeting: 'generic',
    blocks: [
      p(`emailCode.intro.${purpose}`),
      { kind: 'code', label: 'emailCode.codeLabel', value: code },
      p('emailCode.validity'),
      p('emailCode.notYou'),
    ],
  }),
  registrationReceived: () => ({
    subject: 'registrationReceived.subject',
    greeting: 'named',
    blocks: [p('registrationReceived.body'), p('registrationReceived.next')],
  }),
  alreadyRegistered: ({ loginUrl, resetUrl }) => ({
    subject: 'alreadyRegistered.subject',
    greeting: 'generic',
    blocks: [
      p('alreadyRegistered.body'),
      { kind: 'link', label: 'alreadyRegistered.login', url: loginUrl },
      p('alreadyRegistered.forgot'),
      { kind: 'link', label: 'alreadyRegistered.reset', url: resetUrl },
      p('emailCode.notYou'),
    ],
  }),
  registrationApproved: ({ loginUrl }) => ({
    subject: 'registrationApproved.subject',
    greeting: 'named',
    blocks: [
      p('registrationApproved.body'),
      p('registrationApproved.next'),
      { kind: 'link', label: 'registrationApproved.action', url: loginUrl },
    ],
  }),
  registrationRejected: ({ note, refillUrl }) => ({
    subject: 'registrationRejected.subject',
    greeting: 'named',
    blocks: [
      p('registrationRejected.body'),
      { kind: 'note', label: 'registrationRejected.noteLabel', value: note },
      p('registrationRejected.next'),
      { kind: 'link', label: 'registrationRejected.action', url: refillUrl },
    ],
  }),
  supplementRequested: ({ note, refillUrl }) => ({
    subject: 'supplementRequested.subject',
    greeting: 'named',
    blocks: [
      p('supplementRequested.body'),
      { kind: 'note', label: 'supplementRequested.noteLabel', value: note },
      p('supplementRequested.next'),
      { kind: 'link', label: 'supplementRequested.action', url: refillUrl },
    ],
  }),
  passwordChanged: () => ({
    subject: 'passwordChanged.subject',
    greeting: 'named',
    blocks: [p('passwordChanged.body'), p('passwordChanged.notYou')],
  }),
  loginAttempts: ({ resetUrl }) => ({
    subject: 'loginAttempts.subject',
    greeting: 'named',
    blocks: [
      p('loginAttempts.body'),
      p('loginAttempts.notLocked'),
      p('loginAttempts.next'),
      { kind: 'link', label: 'loginAttempts.reset', url: resetUrl },
    ],
  }),
  dormantWarning: ({ loginUrl }) => ({
    subject: 'dormantWarning.subject',
    greeting: 'named',
    blocks: [
      p('dormantWarning.body'),
      p('dormantWarning.next'),
      { kind: 'link', label: 'dormantWarning.action', url: loginUrl },
    ],
  }),
  dormantStopped: () => ({
    subject: 'dormantStopped.subject',
    greeting: 'named',
    blocks: [p('dormantStopped.body'), p('dormantStopped.next')],
  }),
  feedbackAnswered: ({ feedback, answer }) => ({
    subject: 'feedbackAnswered.subject',
    greeting: 'generic',
    blocks: [
      p('feedbackAnswered.body'),
      { kind: 'note', label: 'feedbackAnswered.feedbackLabel', value: feedback },
      { kind: 'note', label: 'feedbackAnswered.answerLabel', value: answer },
      p('feedbackAnswered.next'),
    ],
  }),
  leaveMessageReplied: ({ message, reply }) => ({
    subject: 'leaveMessageReplied.subject',
    greeting: 'named',
    blocks: [
      p('leaveMessageReplied.body'),
      { kind: 'note', label: 'leaveMessageReplied.messageLabel', value: message },
      { kind: 'note', label: 'leaveMessageReplied.replyLabel', value: reply },
      p('leaveMessageReplied.next'),
    ],
  }),
  invitation: ({ link }) => ({
    subject: 'invitation.subject',
    greeting: 'generic',
    blocks: [
      p('invitation.body'),
      p('invitation.next'),
      { kind: 'link', label: 'invitation.action', url: link },
      p('invitation.notYou'),
    ],
  }),
  intentionReceived: ({ message, link }) => ({
    subject: 'intentionReceived.subject',
    greeting: 'named',
    blocks: [
      p('intentionReceived.body'),
      { kind: 'note', label: 'intentionReceived.messageLabel', value: message },
      p('intentionReceived.next'),
      { kind: 'link', label: 'intentionReceived.action', url: link },
    ],
  }),
  intentionAnswered: ({ decision, link }) => ({
    subject: `intentionAnswered.subject.${decision}`,
    greeting: 'named',
    blocks: [
      p(`intentionAnswered.body.${decision}`),
      p(`intentionAnswered.next.${decision}`),
      { kind: 'link', label: 'intentionAnswered.action', url: link },
    ],
  }),
  sealDecided: ({ decision, reason, link }) => ({
    subject: `sealDecided.subject.${decision}`,
    greeting: 'named',
    blocks: [
      p(`sealDecided.body.${decision}`),
      ...(decision === 'reject' ? [{ kind: 'note' as const, label: 'sealDecided.reasonLabel', value: reason }] : []),
      p(`sealDecided.next.${decision}`),
      { kind: 'link', label: 'sealDecided.action', url: link },
    ],
  }),
  contractEvent: ({ event, link }) => ({
    subject: `contractEvent.subject.${event}`,
    greeting: 'named',
    blocks: [
      p(`contractEvent.body.${event}`),
      p(`contractEvent.next.${event}`),
      { kind: 'link', label: 'contractEvent.action', url: link },
    ],
  }),
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Only web links become buttons; anything else (javascript:, data:) is shown as text. */
function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

type Vars = Record<string, string | number>;

function fill(template: string, vars: Vars): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}

// Brand colours of the web app (apps/web/src/app/providers/theme.ts).
const PRIMARY = '#0a3d91';
const ACCENT = '#c9a14a';
const FONT = "Arial, 'Helvetica Neue', 'PingFang SC', 'Microsoft YaHei', sans-serif";

/** The language of a recipient's locale setting: Chinese for any `zh…`, else English. */
export function mailLocale(locale: string): Locale {
  return isLocale(locale) ? locale : resolveLocale(locale);
}

/** One mail's texts in its language: translations filled with the variables, as text or as escaped HTML. */
type MailTexts = {
  lang: Locale;
  escapedVars: Record<string, string>;
  text(key: string): string;
  html(key: string): string;
  /** "Label: value" with the colon of the language (a full-width one in Chinese). */
  labelled(key: string, value?: string): string;
};

function mailTexts(lang: Locale, vars: Vars): MailTexts {
  const escapedVars = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(v)]));
  // The raw text (placeholders intact) is escaped first, then filled with escaped values.
  const raw = (key: string) => translate(lang, `mail.${key}`);
  const text = (key: string) => fill(raw(key), vars);
  const html = (key: string) => fill(escapeHtml(raw(key)), escapedVars);
  const labelled = (key: string, value?: string) =>
    value === undefined
      ? fill(raw('common.label'), { label: text(key) })
      : fill(raw('common.labelValue'), { label: text(key), value });
  return { lang, escapedVars, text, html, labelled };
}

function textBody({ text, labelled }: MailTexts, greetingKey: string, blocks: Block[]): string {
  const textLines = [text(greetingKey), ''];
  for (const block of blocks) {
    if (block.kind === 'p') textLines.push(text(block.key));
    else if (block.kind === 'note') textLines.push(labelled(block.label), block.value);
    else textLines.push(labelled(block.label, block.kind === 'code' ? block.value : block.url));
    textLines.push('');
  }
  textLines.push(
    text('common.closing'),
    text('common.team'),
    '',
    '--',
    text('common.automated'),
    text('common.contact'),
    text('common.securityNote'),
  );
  return textLines.join('\n');
}

const cell = (inner: string, style = '') => `<tr><td style="padding:0 0 16px 0;${style}">${inner}</td></tr>`;

function htmlBlock({ html, labelled }: MailTexts, block: Block): string {
  if (block.kind === 'p') return cell(html(block.key));
  if (block.kind === 'code') {
    return cell(
      `<div style="font-size:13px;color:#4b5563;">${html(block.label)}</div>` +
        `<div style="display:inline-block;margin-top:6px;padding:10px 20px;background:#f4f6fa;border:1px solid #d6dce8;` +
        `font-family:Consolas,'Courier New',monospace;font-size:28px;font-weight:bold;letter-spacing:8px;color:${PRIMARY};">` +
        `${escapeHtml(block.value)}</div>`,
    );
  }
  if (block.kind === 'note') {
    return cell(
      `<div style="font-weight:bold;">${html(block.label)}</div>` +
        `<div style="margin-top:6px;padding:10px 14px;background:#f4f6fa;border-left:3px solid ${ACCENT};white-space:pre-wrap;">` +
        `${escapeHtml(block.value)}</div>`,
    );
  }
  if (!isWebUrl(block.url)) return cell(escapeHtml(labelled(block.label, block.url)));
  const href = escapeHtml(block.url);
  return cell(
    `<a href="${href}" style="display:inline-block;padding:10px 24px;background:${PRIMARY};color:#ffffff;` +
      `text-decoration:none;font-weight:bold;border-radius:4px;">${html(block.label)}</a>` +
      `<div style="margin-top:10px;font-size:12px;color:#6b7280;">${html('common.linkFallback')}<br>` +
      `<a href="${href}" style="color:${PRIMARY};word-break:break-all;">${href}</a></div>`,
  );
}

function htmlBody(texts: MailTexts, subject: string, greetingKey: string, blocks: Block[]): string {
  const { lang, escapedVars, html } = texts;
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f4f6fa;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f6fa;">`,
    `<tr><td align="center" style="padding:24px 12px;">`,
    `<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;` +
      `background:#ffffff;border:1px solid #e5e7eb;font-family:${FONT};font-size:14px;line-height:1.6;color:#1f2937;">`,
    `<tr><td style="background:${PRIMARY};padding:18px 24px;border-bottom:3px solid ${ACCENT};">`,
    `<div style="font-size:18px;font-weight:bold;color:#ffffff;">${escapedVars.portalName}</div>`,
    `<div style="font-size:12px;color:#dbe4f3;">${escapedVars.bankName}</div></td></tr>`,
    `<tr><td style="padding:24px;">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">`,
    cell(html(greetingKey)),
    ...blocks.map((block) => htmlBlock(texts, block)),
    cell(`${html('common.closing')}<br>${html('common.team')}`, 'padding-bottom:0;'),
    '</table></td></tr>',
    `<tr><td style="padding:16px 24px;background:#f9fafb;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280;">`,
    `${html('common.automated')}<br>${html('common.contact')}<br>${html('common.securityNote')}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/** Renders a template in `locale` (anything not Chinese is English). */
export function renderMail<T extends MailTemplate>(
  template: T,
  locale: Locale | string,
  params: MailTemplates[T],
  brand: MailBrand,
): RenderedMail {
  const lang = mailLocale(locale);
  const zh = lang === 'zh-CN';
  const vars: Vars = {
    portalName: zh ? brand.portalName.zh : brand.portalName.en,
    bankName: zh ? brand.bankName.zh : brand.bankName.en,
    serviceLine: brand.serviceLine,
    orgEmail: brand.orgEmail,
    ...(params as unknown as Vars),
  };
  const texts = mailTexts(lang, vars);

  const layout = (LAYOUTS[template] as (params: MailTemplates[T]) => Layout)(params);
  const greetingKey = layout.greeting === 'named' ? 'common.greeting' : 'common.greetingGeneric';
  // A subject is one header line: no line breaks from a parameter.
  const subject = texts.text(layout.subject).replace(/[\r\n]+/g, ' ');
  const blocks = layout.blocks.filter((block) => block.kind === 'p' || ('value' in block ? block.value.trim() : true));

  return { subject, text: textBody(texts, greetingKey, blocks), html: htmlBody(texts, subject, greetingKey, blocks) };
}
