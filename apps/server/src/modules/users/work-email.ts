/**
 * Registration is for institutions: the address must be a work e-mail. Refused: disposable
 * addresses (the `mailchecker` list, kept up to date upstream), the large free-mail providers
 * (FREE_MAIL_DOMAINS) and the domains the bank lists in REGISTRATION_BLOCKED_DOMAINS.
 * REGISTRATION_ALLOWED_DOMAINS overrides all three for a domain a list names by mistake.
 */
import { type Locale, translate } from '@portal/shared';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Free-mail providers, by volume of sign-ups from institutions' staff using private addresses.
 * (The `free-email-domains` package was not used: its install script downloads its list again
 * from the network, which fails in offline installs.) A bank adds more through configuration.
 */
const FREE_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.com.hk',
  'yahoo.co.jp',
  'yahoo.co.uk',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'mail.ru',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'qq.com',
  'foxmail.com',
  '163.com',
  '126.com',
  'yeah.net',
  'sina.com',
  'sina.cn',
  'sohu.com',
  'aliyun.com',
  '139.com',
  '189.cn',
  'wo.cn',
  'naver.com',
  'daum.net',
  'hanmail.net',
  'rediffmail.com',
  'tutanota.com',
  'fastmail.com',
]);

// mailchecker's list of disposable domains is ~5 MB of heap: loaded at the first registration
// check, not at start (docs/decisions/0023, "Memory at rest: lazy libraries").
let disposableDomains: Promise<Set<string>> | undefined;
const loadDisposableDomains = () =>
  (disposableDomains ??= import('mailchecker').then(({ default: mailchecker }) => mailchecker.blacklist()));

/** The domain and each parent domain: a list entry covers its subdomains. */
function domainAndParents(domain: string): string[] {
  const labels = domain.split('.');
  return labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
}

export async function isWorkEmail(email: string, lists: Config['auth']['registrationDomains']): Promise<boolean> {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const names = domainAndParents(domain);
  if (names.some((name) => lists.allowed.includes(name))) return true;
  const disposable = await loadDisposableDomains();
  return !names.some((name) => FREE_MAIL_DOMAINS.has(name) || disposable.has(name) || lists.blocked.includes(name));
}

/** Refuses (422, PRT_EMAIL_NOT_WORK, on the field `emailAdr`) an address that is not a work e-mail. */
export async function requireWorkEmail(email: string, config: Config, locale: Locale): Promise<void> {
  if (await isWorkEmail(email, config.auth.registrationDomains)) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  throw new AppError('PRT_EMAIL_NOT_WORK', { domain }, [
    { field: 'emailAdr', rule: 'workEmail', message: translate(locale, 'errors.PRT_EMAIL_NOT_WORK', { domain }) },
  ]);
}
