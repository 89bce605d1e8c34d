/**
 * Issue 26: every error names the field by its label. A message gets the field's name from the
 * labels its form registered on the schema (`labelFields`) or from the shared dictionary
 * (`errors.fields`); with neither it falls back to the key: "rlTpcd needs at least 1 item(s)."
 * under "Roles". `form-labels.test.ts` checks chosen fields against the label their form shows;
 * this test walks every schema a web form validates with (found in the forms' source, so a new
 * form is covered without being listed) and every field in it, and checks that a message about
 * that field would name it by a label, in both languages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldLabelOf, fieldLabelsOf, LOCALES } from '@portal/shared';
import * as accounts from '@portal/shared/schemas/accounts';
import * as content from '@portal/shared/schemas/content';
import * as contracts from '@portal/shared/schemas/contracts';
import * as cooperation from '@portal/shared/schemas/cooperation';
import * as seals from '@portal/shared/schemas/seals';
import * as userManagement from '@portal/shared/schemas/user-management';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loadNamespace } from '../i18n/namespaces.ts';

const SCHEMA_MODULES: Record<string, unknown>[] = [accounts, content, contracts, cooperation, seals, userManagement];
const WEB_SRC = join(dirname(fileURLToPath(import.meta.url)), '../../');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// Where a form hands a schema to the validation helpers, directly or through a `schema` prop.
const SCHEMA_USES = [
  /\b(?:schemaRule|useSchemaSubmit|validateForm|checkWithSchema)\(\s*(?:\w+,\s*)?(Z\w+)/g,
  /\bschema(?:=\{|:\s*)(Z\w+)/g,
  /\bconst schema = [^;]*?(Z\w+)(?:[^;]*?(Z\w+))?/g,
];

/** The names of the shared schemas the web's forms validate with, and the files using each. */
function formSchemaNames(): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const file of sourceFiles(WEB_SRC)) {
    const text = readFileSync(file, 'utf8');
    // (A `.ts` file's `schema:` is an API call's answer schema, not a form's.)
    for (const pattern of file.endsWith('.tsx') ? SCHEMA_USES : SCHEMA_USES.slice(0, 1)) {
      for (const match of text.matchAll(pattern)) {
        for (const name of match.slice(1).filter(Boolean)) {
          names.set(name, [...new Set([...(names.get(name) ?? []), file.slice(WEB_SRC.length)])]);
        }
      }
    }
  }
  return names;
}

function exported(name: string): z.ZodType | undefined {
  for (const module of SCHEMA_MODULES) if (name in module) return module[name] as z.ZodType;
  return undefined;
}

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The paths of a schema's fields (a list's items count as the list, as the messages name them). */
function fieldPaths(schema: unknown, path: string[] = []): string[][] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) =>
        fieldPaths(field, [...path, key]),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fieldPaths(def.innerType, path);
    case 'pipe':
      return defOf(def.in).type === 'transform' ? fieldPaths(def.out, path) : fieldPaths(def.in, path);
    case 'lazy':
      return fieldPaths((def.getter as () => unknown)(), path);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => fieldPaths(option, path));
    case 'intersection':
      return [...fieldPaths(def.left, path), ...fieldPaths(def.right, path)];
    case 'array': {
      const items = defOf(def.element).type;
      return items === 'object' || items === 'union' ? fieldPaths(def.element, path) : [path];
    }
    default:
      return [path];
  }
}

const FORMS = formSchemaNames();

/** Fields of a form's schema that are not fields of the form: the page fills them in, nobody types them. */
const NOT_TYPED: Record<string, string[]> = {
  // The request the intention is about: the detail page's id, not a field of the dialog.
  ZSendIntentionRequest: ['requestLgcSn'],
};

// A form validating with the kind's publish schema (`releaseFormSchema(kind, …)`) may use any kind.
const RELEASE_FORMS = cooperation.FORM_KINDS.map((kind) => ({
  name: `releaseFormSchema(${kind})`,
  schema: cooperation.releaseFormSchema(kind, { today: '2026-01-01' }) as z.ZodType,
}));

beforeAll(async () => {
  for (const namespace of ['agreements', 'backoffice', 'contracts', 'seals'] as const) await loadNamespace(namespace);
});

it('finds the schemas of the forms in their source, each a shared export', () => {
  // The dialogs of the audit, a form handing its schema through a prop, and a conditional one.
  for (const name of ['ZRoleChangeRequest', 'ZManualPushRequest', 'ZFeedbackAnswer', 'ZProfileUpdateRequest']) {
    expect(FORMS.has(name), name).toBe(true);
  }
  expect(FORMS.size).toBeGreaterThan(30);
  const missing = [...FORMS.keys()].filter((name) => !exported(name));
  expect(missing, 'schemas the forms use that are not exported by @portal/shared/schemas').toEqual([]);
});

describe.each(LOCALES)('every field of every web form has a label in %s', (locale) => {
  const schemas = [
    ...[...FORMS.keys()].sort().map((name) => ({ name, schema: exported(name) as z.ZodType })),
    ...RELEASE_FORMS,
  ];
  it.each(schemas)('$name', ({ name, schema }) => {
    const labels = fieldLabelsOf(schema);
    const unnamed = fieldPaths(schema)
      .filter((path) => path.length > 0 && fieldLabelOf(path, locale, labels) === null)
      .map((path) => path.join('.'))
      .filter((field, i, all) => all.indexOf(field) === i && !NOT_TYPED[name]?.includes(field));
    expect(unnamed, `fields of ${name} (${FORMS.get(name)?.join(', ') ?? 'publish'}) named by their key`).toEqual([]);
  });
});
