/**
 * An audit entry as a sentence a person reads ("Approved the registration of Tess Lee (Harbour
 * Bank)"), with the meaningful details beneath it: labels and values in the reader's language,
 * dictionary codes by name, empty values and internal ids left out. Every action the server
 * records has its sentence (backoffice:audit.sentences.*); an action not known here still reads
 * as "<action>: <object type> <name>".
 */
import type { Locale } from '@portal/shared';
import { type DictType, dictName } from '@portal/shared/dictionaries';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { AuditEntry } from './backoffice-api.ts';

/** A translator bound to the backoffice namespace, taking keys built at run time. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The page's typed `t` as a Translate (the keys here are built from action names). */
export function asTranslate(t: TFunction<'backoffice'>): Translate {
  return (key, options) => String(t(key as never, options as never));
}

export type AuditDetail = {
  key: string;
  label: string;
  value: string;
  /** A code or number read as one token: never broken across lines. */
  code?: boolean;
  /** The whole value, when `value` is shortened (a file fingerprint). */
  title?: string;
};

export type AuditDescription = { sentence: string; details: AuditDetail[] };

/** The i18n key of an action: `review.approved` → `review_approved`. */
export const actionKey = (action: string) => action.replace(/\./g, '_');

const ROLE_KEYS: Record<string, string> = {
  '10': 'general',
  '20': 'institutionAdmin',
  '50': 'bankStaff',
  '99': 'systemAdmin',
};

/** Detail keys that are internal references (ids), never shown. */
const HIDDEN = new Set(['institutionId', 'request', 'intention', 'institutions', 'via', 'invitation', 'decision']);

/** Detail keys each action's sentence already says, so they are not repeated beneath it. */
const IN_SENTENCE: Record<string, readonly string[]> = {
  auth_login_failed: ['unknownAddress'],
  auth_locked: ['failures', 'unknownAddress'],
  auth_password_changed: ['forced'],
  user_registered: ['institution'],
  user_resubmitted: ['institution'],
  user_invited: ['email', 'institution', 'roles'],
  cooperation_published: ['name'],
  cooperation_taken_down: ['name'],
  master_agreement_submitted: ['subTypeCode'],
  master_agreement_signed: ['subTypeCode'],
  seal_applied: ['sealName'],
  seal_approved: ['sealNo'],
  seal_rejected: ['sealNo'],
  seal_cancelled: ['sealNo'],
  seal_expired: ['sealNo'],
  contract_signed: ['seals'],
};

/** Values of these keys are codes of a dictionary, shown by name. */
const DICTIONARY_OF: Record<string, DictType> = {
  subTypeCode: 'cooperationTypes',
  approverBranch: 'branches',
  mainContactBranch: 'branches',
};
const TIMES = new Set(['lastUsedAt', 'warnedAt']);
const FINGERPRINTS = new Set(['sha256', 'sha256Before', 'sha256After']);
const CODES = new Set(['swift', 'sealNo', 'certificateSerial', 'failures']);

function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}

/** A key or code this table does not know, in words: `sealNo` → "Seal no", `foo.bar_baz` → "Foo bar baz". */
function humanize(key: string): string {
  const words = key
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The action's name in the reader's language; an unknown action by its words. */
export function actionName(action: string, t: Translate): string {
  return t(`audit.actions.${actionKey(action)}`, { defaultValue: humanize(action) });
}

/** The object type's name in the reader's language; an unknown type by its words. */
export function targetTypeName(type: string | null, t: Translate): string {
  if (!type) return '';
  return t(`audit.targetTypes.${type}`, { defaultValue: humanize(type) });
}

function listJoin(items: string[], locale: Locale): string {
  return items.join(locale === 'zh-CN' ? '、' : ', ');
}

function formatValue(key: string, value: unknown, t: Translate, locale: Locale): Omit<AuditDetail, 'key' | 'label'> {
  if (typeof value === 'boolean') return { value: t(value ? 'audit.yes' : 'audit.no') };
  if (typeof value === 'number') return { value: String(value), code: true };
  if ((key === 'roles' || key === 'rolesBefore') && Array.isArray(value)) {
    return {
      value: listJoin(
        value.map((code) => (ROLE_KEYS[String(code)] ? t(`audit.roles.${ROLE_KEYS[String(code)]}`) : String(code))),
        locale,
      ),
    };
  }
  if (Array.isArray(value)) return { value: listJoin(value.map(String), locale) };
  if (typeof value === 'string') {
    const dictionary = DICTIONARY_OF[key];
    if (dictionary) return { value: dictName(dictionary, value, locale) };
    if (TIMES.has(key) && dayjs(value).isValid()) return { value: dayjs(value).format('YYYY-MM-DD HH:mm'), code: true };
    if (FINGERPRINTS.has(key)) return { value: `${value.slice(0, 12)}…`, code: true, title: value };
    return CODES.has(key) ? { value, code: true } : { value };
  }
  return { value: JSON.stringify(value) };
}

/**
 * Who or what the entry is about: the target's name with its institution ("Tess Lee (Harbour
 * Bank)"), else the name or e-mail the entry kept, else "(no longer on the portal)".
 */
function targetLabel(entry: AuditEntry, t: Translate): string {
  const name = entry.targetName ?? text(entry.detail.name) ?? text(entry.detail.email) ?? text(entry.detail.sealName);
  if (!name) return t('audit.unknownTarget');
  const institution = entry.targetType === 'user' ? entry.targetInstitution : null;
  return institution ? t('audit.withInstitution', { name, institution }) : name;
}

/** The sentence's key: some actions read differently by a detail (a forced password change, an agreed intention). */
function sentenceKey(key: string, detail: Record<string, unknown>): string {
  if (key === 'auth_login_failed' && detail.unknownAddress === true) return 'auth_login_failed_unknown';
  if (key === 'auth_password_changed' && detail.forced === true) return 'auth_password_changed_forced';
  if (key === 'user_updated' && detail.invitation === 'accepted') return 'user_updated_invitation';
  if (key === 'user_invited' && detail.via === 'INITIAL_ADMIN_EMAIL') return 'user_invited_initial';
  if (key === 'cooperation_intention_answered' && (detail.decision === 'agreed' || detail.decision === 'rejected')) {
    return `cooperation_intention_${detail.decision}`;
  }
  return key;
}

/** The entry as a sentence and its details, in the reader's language. */
export function describeAudit(entry: AuditEntry, t: Translate, locale: Locale): AuditDescription {
  const key = actionKey(entry.action);
  const detail = entry.detail ?? {};
  const target = targetLabel(entry, t);
  const subType = text(detail.subTypeCode);
  const params = {
    target,
    institution: text(detail.institution) ?? entry.targetInstitution ?? t('audit.unknownTarget'),
    email: text(detail.email) ?? target,
    failures: typeof detail.failures === 'number' ? detail.failures : 0,
    subType: subType ? dictName('cooperationTypes', subType, locale) : '',
    sealName: text(detail.sealName) ?? target,
    sealNo: text(detail.sealNo) ?? target,
    seals: Array.isArray(detail.seals) ? listJoin(detail.seals.map(String), locale) : '',
    count: Array.isArray(detail.institutions) ? detail.institutions.length : 0,
  };
  const known = t(`audit.actions.${key}`, { defaultValue: '' }) !== '';
  const sentence = known
    ? t(`audit.sentences.${sentenceKey(key, detail)}`, params)
    : t(entry.targetType ? 'audit.sentences.fallback' : 'audit.sentences.fallbackNoTarget', {
        action: actionName(entry.action, t),
        type: targetTypeName(entry.targetType, t),
        target,
      });

  const said = new Set(IN_SENTENCE[key] ?? []);
  const details: AuditDetail[] = [];
  for (const [name, value] of Object.entries(detail)) {
    if (HIDDEN.has(name) || said.has(name) || isEmpty(value)) continue;
    // A user's e-mail and name are in the sentence when the target is named by them.
    if ((name === 'email' || name === 'name') && !entry.targetName && target === value) continue;
    details.push({
      key: name,
      label: t(`audit.detailLabels.${name}`, { defaultValue: humanize(name) }),
      ...formatValue(name, value, t, locale),
    });
  }
  // The institution of a request, seal or intention, when the sentence does not name it.
  if (entry.targetInstitution && entry.targetType !== 'user' && key !== 'master_agreement_signed') {
    details.push({
      key: 'targetInstitution',
      label: t('audit.detailLabels.institution'),
      value: entry.targetInstitution,
    });
  }
  return { sentence, details };
}
