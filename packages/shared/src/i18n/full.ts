/**
 * Registers every namespace kept out of `resources`, so `translate()` knows all of them.
 * The server imports this once at start (and wherever it translates those namespaces), so every
 * path, tests that do not build the app included, has every text. The web app never imports it:
 * it loads `namespaces/*.ts` one at a time, when a page needs them.
 */
import { type AllResources, LOCALES, type Locale, registerNamespaces, resources } from './index.ts';
import { texts as agreements } from './namespaces/agreements.ts';
import { texts as backoffice } from './namespaces/backoffice.ts';
import { texts as contracts } from './namespaces/contracts.ts';
import { texts as mail } from './namespaces/mail.ts';
import { texts as seals } from './namespaces/seals.ts';
import { texts as server } from './namespaces/server.ts';

const onDemand = [agreements, backoffice, contracts, mail, seals, server];

for (const texts of onDemand) registerNamespaces(texts);

/** Every namespace in both languages, core and on-demand (what the language-file tests check). */
export const allResources = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.assign({}, resources[locale], ...onDemand.map((texts) => texts[locale]))]),
) as Record<Locale, AllResources>;
