/**
 * Input rules every route gets, whatever its own schema says (DESIGN: API conventions).
 *
 * No text the API takes may contain NUL (U+0000): PostgreSQL cannot keep it in a text column and
 * refuses it as a query parameter, so a NUL in a path parameter, a query or a JSON body used to
 * answer 500. One preValidation hook looks at the raw params, query and body of every route —
 * with a zod schema or without one — before the schemas run, and answers what any failed
 * validation answers: 422 PRT_VALIDATION with `data.fields: [{ field, rule: 'noNul', message }]`,
 * the field named by its path in that part (`lgcSn`, `releaseFrom`, `profile.instNm`,
 * `lgcSns.0`). Multipart fields are checked as a route reads them (refuseNulInParts, installed by
 * multipart.ts); uploaded file names are cleaned of control characters (files.service.ts).
 */
import type { Multipart } from '@fastify/multipart';
import { type Locale, localizeIssues, type TFieldError } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError } from './errors.ts';

const NUL = '\u0000';
/** At most this many fields are named in one answer. */
const MAX_REPORTED = 20;

type Path = (string | number)[];

/**
 * JSON objects and parsed params and queries (whose prototype is a null-prototype object); not
 * buffers, streams or other class instances.
 */
function isPlainObject(node: unknown): node is Record<string, unknown> {
  if (node === null || typeof node !== 'object') return false;
  const proto = Object.getPrototypeOf(node);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/** A key with a NUL in it, printable in a field path. */
const printable = (key: string) => key.replaceAll(NUL, '\\u0000');

/**
 * The paths of every text in `value` that contains NUL (object keys included), in document
 * order, at most `limit`. Walks with a stack, so deeply nested JSON cannot exhaust the call stack.
 */
export function nulPaths(value: unknown, limit = MAX_REPORTED): Path[] {
  const found: Path[] = [];
  const stack: { node: unknown; path: Path }[] = [{ node: value, path: [] }];
  while (stack.length > 0 && found.length < limit) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL)) found.push(path);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ node: node[i], path: [...path, i] });
    } else if (isPlainObject(node)) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (key.includes(NUL)) found.push([...path, printable(key)]);
        else stack.push({ node: child, path: [...path, key] });
      }
    }
  }
  return found.slice(0, limit);
}

/** The 422 PRT_VALIDATION error naming each path, rule `noNul`, in the reader's language. */
export function nulError(paths: readonly Path[], locale: Locale): AppError {
  const issues = paths.map((path) => ({ code: 'custom', path, message: 'noNul', input: undefined }));
  const fields: TFieldError[] = localizeIssues(issues as unknown as z.core.$ZodIssue[], locale);
  return new AppError('PRT_VALIDATION', { details: fields.map((f) => f.message).join(' ') }, fields);
}

/**
 * Throws nulError when any text of the request's params, query or body contains NUL. A path no
 * route matches stays a 404 (the not-found handler's `*` parameter is not checked).
 */
export function refuseNul(request: FastifyRequest): void {
  for (const part of [request.is404 ? undefined : request.params, request.query, request.body]) {
    const paths = nulPaths(part);
    if (paths.length > 0) throw nulError(paths, request.locale);
  }
}

/** The parts of a multipart body as a route reads them, refusing a field (name or value) with NUL. */
export async function* refuseNulInParts(parts: AsyncIterable<Multipart>, locale: Locale): AsyncGenerator<Multipart> {
  for await (const part of parts) {
    if (part.fieldname.includes(NUL)) throw nulError([[printable(part.fieldname)]], locale);
    if (part.type === 'field' && typeof part.value === 'string' && part.value.includes(NUL)) {
      throw nulError([[part.fieldname]], locale);
    }
    yield part;
  }
}

export const inputRulesPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => refuseNul(request));
  },
  { name: 'input-rules', dependencies: ['errors', 'i18n'] },
);
