/**
 * Choices of the profile form and names of stored codes, from the shared dictionaries, in the
 * reader's language.
 */
import type { Locale } from '@portal/shared';
import {
  CONTINENTS,
  COOPERATION_TYPES,
  COUNTRIES,
  DOMESTIC_BRANCHES,
  dictLabel,
  OVERSEAS_BRANCHES,
} from '@portal/shared/dictionaries';

export type Option = { value: string; label: string };
export type OptionGroup = { label: string; options: Option[] };
export type TreeOption = { value: string; title: string; children?: TreeOption[] };

function collator(locale: Locale): Intl.Collator {
  return new Intl.Collator(locale === 'zh-CN' ? 'zh-Hans-CN-u-co-pinyin' : 'en', { sensitivity: 'base' });
}

function sorted(options: Option[], locale: Locale): Option[] {
  const compare = collator(locale).compare;
  return options.sort((a, b) => compare(a.label, b.label));
}

export function continentOptions(locale: Locale): Option[] {
  return CONTINENTS.map((entry) => ({ value: entry.code, label: dictLabel(entry, locale) }));
}

/** Countries and regions, alphabetical in the reader's language; only those of a continent if given. */
export function countryOptions(locale: Locale, continent?: string | null): Option[] {
  const countries = continent ? COUNTRIES.filter((country) => country.continent === continent) : COUNTRIES;
  return sorted(
    countries.map((country) => ({ value: country.code, label: dictLabel(country, locale) })),
    locale,
  );
}

/** The continent a country belongs to (the form fills it in when a country is chosen). */
export function continentOf(countryCode: string): string | undefined {
  return COUNTRIES.find((country) => country.code === countryCode)?.continent;
}

export function branchOptionGroups(locale: Locale, labels: { overseas: string; domestic: string }): OptionGroup[] {
  const toOption = (branch: { code: string; en: string; zh: string }) => ({
    value: branch.code,
    label: dictLabel(branch, locale),
  });
  return [
    { label: labels.overseas, options: OVERSEAS_BRANCHES.map(toOption) },
    { label: labels.domestic, options: DOMESTIC_BRANCHES.map(toOption) },
  ];
}

/** The seven cooperation types (what a user will publish). */
export function cooperationTypeOptions(locale: Locale): Option[] {
  return COOPERATION_TYPES.map((type) => ({ value: type.code, label: dictLabel(type, locale) }));
}

/** Cooperation types with their sub-types, for the interests tree (sub-types are what is stored). */
export function cooperationTree(locale: Locale): TreeOption[] {
  return COOPERATION_TYPES.map((type) => ({
    value: type.code,
    title: dictLabel(type, locale),
    children: type.children.map((sub) => ({ value: sub.code, title: dictLabel(sub, locale) })),
  }));
}
