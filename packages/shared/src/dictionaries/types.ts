/**
 * Shapes shared by every dictionary. A dictionary is a list of entries, each with a stable
 * `code` (never changes once published: stored in the database and sent by the API) and a name
 * in both languages. Some entries carry extra fields (a country's continent, a branch's kind,
 * the flags of a cooperation sub-type); all of it is plain JSON.
 */

/** The dictionaries served by the API, by name. */
export const DICT_TYPES = [
  'directions',
  'cooperationTypes',
  'publishCategories',
  'currencies',
  'continents',
  'countries',
  'branches',
  'rateTypes',
  'lcPaymentModes',
  'termTypes',
  'riskPreferencesForfaiting',
  'riskPreferencesGuarantee',
  'commonTerms',
  'guaranteeTypes',
  'transferredAssetTypes',
  'costBearers',
  'baftVersions',
  'customerTypes',
  'partyLocations',
] as const;
export type DictType = (typeof DICT_TYPES)[number];

export const BRANCH_KINDS = ['overseas', 'domestic'] as const;
export type BranchKind = (typeof BRANCH_KINDS)[number];

/** Which risk-preference prompt the publish form shows for a sub-type (SPEC §2, §3). */
export const RISK_PREFERENCES = ['forfaiting', 'guarantee'] as const;
export type RiskPreference = (typeof RISK_PREFERENCES)[number];

/** One entry of any dictionary, as served by the API. */
export type DictEntry = {
  code: string;
  en: string;
  zh: string;
  children?: readonly DictEntry[];
  /** Code of the parent entry (flat lists of cooperation sub-types). */
  parent?: string;
  /** Countries: continent code. */
  continent?: string;
  /** Branches: alpha-2 code of the country or region. */
  country?: string;
  /** Branches: overseas or domestic. */
  kind?: BranchKind;
  /** Publish-category choices: the cooperation sub-type chosen. */
  subTypeCode?: string;
  /** Publish-category choices: the direction implied by the category. */
  direction?: string;
  /** Cooperation sub-types: cannot be published without a signed master agreement (SPEC §5). */
  requiresMasterAgreement?: boolean;
  /** Cooperation sub-types: the risk-preference prompt that applies. */
  riskPreference?: RiskPreference;
  /** Cooperation sub-types: the form carries letter-of-credit details. */
  hasLetterOfCredit?: boolean;
  /** Currencies: the current ISO 4217 code when the bank's legacy code differs. */
  isoCode?: string;
  /** Currencies: withdrawn from circulation (replaced by the euro), kept for old records. */
  obsolete?: boolean;
};

/** The codes of a literal list of entries, keeping their literal types (usable with `z.enum`). */
export function codesOf<const T extends readonly { code: string }[]>(entries: T): { [K in keyof T]: T[K]['code'] } {
  return entries.map((entry) => entry.code) as { [K in keyof T]: T[K]['code'] };
}
