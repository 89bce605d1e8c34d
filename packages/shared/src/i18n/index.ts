/**
 * Every user-facing string, client and server, in both languages.
 * One JSON file per namespace under `en-US/` and `zh-CN/`; both must carry the same keys
 * (a unit test fails otherwise). Keys are addressed as `namespace:path.to.key` in i18next,
 * and as `namespace.path.to.key` through `translate()` on the server.
 */
import accountsEn from './en-US/accounts.json' with { type: 'json' };
import agreementsEn from './en-US/agreements.json' with { type: 'json' };
import backofficeEn from './en-US/backoffice.json' with { type: 'json' };
import commonEn from './en-US/common.json' with { type: 'json' };
import contentEn from './en-US/content.json' with { type: 'json' };
import cooperationEn from './en-US/cooperation.json' with { type: 'json' };
import errorsEn from './en-US/errors.json' with { type: 'json' };
import homeEn from './en-US/home.json' with { type: 'json' };
import mailEn from './en-US/mail.json' with { type: 'json' };
import messagesEn from './en-US/messages.json' with { type: 'json' };
import publishEn from './en-US/publish.json' with { type: 'json' };
import serverEn from './en-US/server.json' with { type: 'json' };
import usersEn from './en-US/users.json' with { type: 'json' };
import accountsZh from './zh-CN/accounts.json' with { type: 'json' };
import agreementsZh from './zh-CN/agreements.json' with { type: 'json' };
import backofficeZh from './zh-CN/backoffice.json' with { type: 'json' };
import commonZh from './zh-CN/common.json' with { type: 'json' };
import contentZh from './zh-CN/content.json' with { type: 'json' };
import cooperationZh from './zh-CN/cooperation.json' with { type: 'json' };
import errorsZh from './zh-CN/errors.json' with { type: 'json' };
import homeZh from './zh-CN/home.json' with { type: 'json' };
import mailZh from './zh-CN/mail.json' with { type: 'json' };
import messagesZh from './zh-CN/messages.json' with { type: 'json' };
import publishZh from './zh-CN/publish.json' with { type: 'json' };
import serverZh from './zh-CN/server.json' with { type: 'json' };
import usersZh from './zh-CN/users.json' with { type: 'json' };

export const LOCALES = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const resources = {
  'en-US': {
    accounts: accountsEn,
    agreements: agreementsEn,
    backoffice: backofficeEn,
    common: commonEn,
    content: contentEn,
    cooperation: cooperationEn,
    errors: errorsEn,
    home: homeEn,
    mail: mailEn,
    messages: messagesEn,
    publish: publishEn,
    server: serverEn,
    users: usersEn,
  },
  'zh-CN': {
    accounts: accountsZh,
    agreements: agreementsZh,
    backoffice: backofficeZh,
    common: commonZh,
    content: contentZh,
    cooperation: cooperationZh,
    errors: errorsZh,
    home: homeZh,
    mail: mailZh,
    messages: messagesZh,
    publish: publishZh,
    server: serverZh,
    users: usersZh,
  },
} as const;

export type Namespace = keyof (typeof resources)['en-US'];
export const NAMESPACES = Object.keys(resources['en-US']) as Namespace[];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Picks the locale from a `lang` header value or an `Accept-Language` list:
 * anything starting with `zh` is Chinese, everything else English.
 */
export function resolveLocale(...candidates: Array<string | undefined | null>): Locale {
  for (const raw of candidates) {
    if (!raw) continue;
    for (const part of raw.split(',')) {
      const tag = part.split(';')[0]?.trim().toLowerCase();
      if (!tag || tag === '*') continue;
      if (tag.startsWith('zh')) return 'zh-CN';
      if (tag.startsWith('en')) return 'en-US';
    }
  }
  return DEFAULT_LOCALE;
}

type Tree = { [key: string]: string | Tree };

/** Looks up `namespace.path.to.key` and fills `{{name}}` placeholders; returns the key when missing. */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const [ns, ...path] = key.split('.');
  let node: string | Tree | undefined = (resources[locale] as unknown as Tree)[ns ?? ''];
  for (const segment of path) {
    if (node === undefined || typeof node === 'string') return key;
    node = node[segment];
  }
  if (typeof node !== 'string') return key;
  if (!params) return node;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export function hasTranslation(locale: Locale, key: string): boolean {
  return translate(locale, key) !== key;
}
