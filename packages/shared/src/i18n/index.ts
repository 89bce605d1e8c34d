/**
 * Every user-facing string, client and server, in both languages.
 * One JSON file per namespace under `en-US/` and `zh-CN/`; both must carry the same keys
 * (a unit test fails otherwise). Keys are addressed as `namespace:path.to.key` in i18next,
 * and as `namespace.path.to.key` through `translate()` on the server.
 *
 * `resources` holds the core namespaces, the ones the web app needs for its first paint. The
 * others (`ON_DEMAND_NAMESPACES`: the e-mails, the server's own texts, the back office and the
 * agreement texts) live in `namespaces/*.ts` and reach `translate()` through `registerNamespaces`:
 * the server registers them all at start (`./full.ts`), the web app when a page needs them.
 */

import accountsEn from './en-US/accounts.json' with { type: 'json' };
import type agreementsEn from './en-US/agreements.json';
import type backofficeEn from './en-US/backoffice.json';
import commonEn from './en-US/common.json' with { type: 'json' };
import contentEn from './en-US/content.json' with { type: 'json' };
import type contractsEn from './en-US/contracts.json';
import cooperationEn from './en-US/cooperation.json' with { type: 'json' };
import errorsEn from './en-US/errors.json' with { type: 'json' };
import homeEn from './en-US/home.json' with { type: 'json' };
import type mailEn from './en-US/mail.json';
import messagesEn from './en-US/messages.json' with { type: 'json' };
import publishEn from './en-US/publish.json' with { type: 'json' };
import type sealsEn from './en-US/seals.json';
import type serverEn from './en-US/server.json';
import usersEn from './en-US/users.json' with { type: 'json' };
import accountsZh from './zh-CN/accounts.json' with { type: 'json' };
import commonZh from './zh-CN/common.json' with { type: 'json' };
import contentZh from './zh-CN/content.json' with { type: 'json' };
import cooperationZh from './zh-CN/cooperation.json' with { type: 'json' };
import errorsZh from './zh-CN/errors.json' with { type: 'json' };
import homeZh from './zh-CN/home.json' with { type: 'json' };
import messagesZh from './zh-CN/messages.json' with { type: 'json' };
import publishZh from './zh-CN/publish.json' with { type: 'json' };
import usersZh from './zh-CN/users.json' with { type: 'json' };

export const LOCALES = ['en-US', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

export const resources = {
  'en-US': {
    accounts: accountsEn,
    common: commonEn,
    content: contentEn,
    cooperation: cooperationEn,
    errors: errorsEn,
    home: homeEn,
    messages: messagesEn,
    publish: publishEn,
    users: usersEn,
  },
  'zh-CN': {
    accounts: accountsZh,
    common: commonZh,
    content: contentZh,
    cooperation: cooperationZh,
    errors: errorsZh,
    home: homeZh,
    messages: messagesZh,
    publish: publishZh,
    users: usersZh,
  },
} as const;

/** The namespaces kept out of `resources`, registered when needed (see `registerNamespaces`). */
export const ON_DEMAND_NAMESPACES = ['agreements', 'backoffice', 'contracts', 'mail', 'seals', 'server'] as const;
export type OnDemandNamespace = (typeof ON_DEMAND_NAMESPACES)[number];

/** Every namespace's English texts, the source of the key types (the Chinese files carry the same keys). */
export type AllResources = (typeof resources)['en-US'] & {
  agreements: typeof agreementsEn;
  backoffice: typeof backofficeEn;
  contracts: typeof contractsEn;
  mail: typeof mailEn;
  seals: typeof sealsEn;
  server: typeof serverEn;
};

/** The core namespaces, always in `resources`. */
export type CoreNamespace = keyof (typeof resources)['en-US'];
export type Namespace = CoreNamespace | OnDemandNamespace;
export const NAMESPACES = Object.keys(resources['en-US']) as CoreNamespace[];

type Tree = { [key: string]: string | Tree };

/** The texts of one or more namespaces in both languages: `{ 'en-US': { mail: … }, 'zh-CN': { mail: … } }`. */
export type NamespaceTexts = Record<Locale, Partial<Record<Namespace, object>>>;

/** What `translate()` reads: the core resources plus every registered namespace. */
const registry: Record<Locale, Record<string, Tree>> = {
  'en-US': { ...(resources['en-US'] as unknown as Record<string, Tree>) },
  'zh-CN': { ...(resources['zh-CN'] as unknown as Record<string, Tree>) },
};

/** Makes namespaces kept out of `resources` available to `translate()` and `hasTranslation()`. */
export function registerNamespaces(texts: NamespaceTexts): void {
  for (const locale of LOCALES) {
    Object.assign(registry[locale], texts[locale] as Record<string, Tree>);
  }
}

/** Whether `translate()` knows the namespace (always for the core ones). */
export function isNamespaceRegistered(namespace: Namespace): boolean {
  return LOCALES.every((locale) => registry[locale][namespace] !== undefined);
}

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

/**
 * Looks up `namespace.path.to.key` (a core or registered namespace) and fills `{{name}}`
 * placeholders; returns the key when missing.
 */
export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const [ns, ...path] = key.split('.');
  let node: string | Tree | undefined = registry[locale][ns ?? ''];
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
