/**
 * fast-check arbitraries for the route fuzz (fuzz.test.ts): values a JSON schema of the OpenAPI
 * document accepts, and the hostile values and malformed requests a caller might send instead.
 */
import fc from 'fast-check';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

/** Resolves `#/components/schemas/X` references against the document. */
export type Resolve = (schema: JsonSchema) => JsonSchema;

export function resolverFor(document: { components?: { schemas?: Record<string, JsonSchema> } }): Resolve {
  return function resolve(schema) {
    let s = schema;
    for (let hops = 0; s?.$ref && hops < 10; hops++) {
      const name = s.$ref.replace('#/components/schemas/', '');
      s = document.components?.schemas?.[name] ?? {};
    }
    return s ?? {};
  };
}

/** Strings a careless server trips on: traversal, NUL, control and unusual unicode, injection. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a\u0000b',
  '\u0000',
  '\uFEFF\u202E\u200B',
  '😀𠮷𝕏',
  '中文测试',
  '\uD800',
  "' OR 1=1 --",
  '"; DROP TABLE app_user; --',
  '<script>alert(1)</script>',
  // A template placeholder, as a string: template injection.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the point
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999999999',
  '2026-02-30',
  '9999-12-31T23:59:59Z',
  'true',
  'null',
  'undefined',
  '[object Object]',
  'x@',
  '   padded   ',
  '\r\nSet-Cookie: a=b',
];

/** A huge string, NUL-free or not, of one of a few lengths (the body limit is 1 MiB). */
const hugeString = fc
  .tuple(fc.constantFrom(1_000, 10_000, 100_000), fc.constantFrom('x', '中', 'a\u0000', '😀'))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

const hugeNumber = fc.constantFrom(
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  2 ** 31,
  -(2 ** 31) - 1,
  0.1 + 0.2,
  -0,
  1e-320,
);

/** Any of the above, or a value of the wrong kind altogether. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 2, arbitrary: fc.constantFrom(true, false, null, 0, -1, 1.5, {}, [], [null], { __proto__: null }) },
  { weight: 1, arbitrary: fc.constantFrom(10, 1_000, 20_000).map((n) => Array.from({ length: n }, (_, i) => i)) },
  { weight: 1, arbitrary: fc.constantFrom(10, 1_000).map((n) => Array.from({ length: n }, () => 'a\u0000')) },
  // Deeply nested: recursion in a validator or a JSON walker.
  { weight: 1, arbitrary: fc.constantFrom(50, 500).map((depth) => nest(depth)) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

function nest(depth: number): unknown {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/**
 * Real ids, set by the fuzz: a string property named like an id (`lgcSn`, `…Id`, `…Sn`) is
 * sometimes one of them, so ownership checks on ids in bodies and queries are exercised too.
 */
let idPool: readonly string[] = [];
export function useIds(ids: readonly string[]) {
  idPool = ids;
}
const ID_NAME = /lgcsn|sn$|id$|ids$/i;

/** A value the schema accepts (best effort: patterns are honoured when fast-check can). */
export function valid(schema: JsonSchema, resolve: Resolve, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const value = validValue(schema, resolve, depth);
  if (!idPool.length || !ID_NAME.test(name)) return value;
  const types = [resolve(schema).type].flat();
  if (types.includes('string')) return fc.oneof(value, fc.constantFrom(...idPool));
  if (types.includes('array')) return fc.oneof(value, fc.subarray([...idPool], { minLength: 1 }));
  return value;
}

function validValue(schema: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, resolve, depth + 1)));
  if (s.allOf?.length) {
    const merged: JsonSchema = { properties: {}, required: [] };
    for (const part of s.allOf.map(resolve)) {
      Object.assign(merged, part, {
        properties: Object.assign(merged.properties ?? {}, part.properties),
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    return valid(merged, resolve, depth + 1);
  }
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const type = types.find((t) => t !== 'null') ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return validString(s);
    case 'integer':
    case 'number': {
      const min =
        typeof s.minimum === 'number'
          ? s.minimum
          : typeof s.exclusiveMinimum === 'number'
            ? s.exclusiveMinimum + 1
            : -1_000;
      const max =
        typeof s.maximum === 'number'
          ? s.maximum
          : typeof s.exclusiveMaximum === 'number'
            ? s.exclusiveMaximum - 1
            : 1_000_000;
      const lo = Math.max(min, -1e9);
      const hi = Math.min(max, 1e9);
      if (type === 'integer') return fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
      return fc.double({ min: lo, max: Math.max(lo, hi), noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(s.items ?? {}, resolve, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(properties)) model[k] = valid(v, resolve, depth + 1, k);
      const required = (s.required ?? []).filter((k) => k in properties);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 30, Math.max(minLength, 30));
  switch (s.format) {
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return fc.webUrl();
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= Math.max(maxLength, 64));
    } catch {
      // A pattern JavaScript cannot compile: fall back to any string.
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

/** Ways to spoil an object a schema accepts: one field made hostile, removed, or added. */
export function spoiled(value: unknown, schema: JsonSchema, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const keys = Object.keys(s.properties ?? {});
  const base = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('x');
  return fc.oneof(
    // One known field of the wrong kind or size.
    fc.tuple(key, hostileValue).map(([k, v]) => ({ ...base, [k]: v })),
    // A required field missing.
    key.map((k) => {
      const { [k]: _dropped, ...rest } = base;
      return rest;
    }),
    // Extra fields, prototype pollution among them (an own `__proto__` key, as JSON.parse makes it).
    fc
      .tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'toString', 'hasOwnProperty'), hostileValue)
      .map(([k, v]) => JSON.parse(`{${JSON.stringify(k)}:${JSON.stringify(v ?? null)}}`) as object)
      .map((extra) => Object.assign(JSON.parse(JSON.stringify(base)) as object, extra)),
    fc.constant(
      JSON.parse(`{"__proto__":{"isAdmin":true,"roles":["50"]},${JSON.stringify(base).slice(1)}`.replace(',}', '}')),
    ),
    // Not an object at all.
    hostileValue,
  );
}
