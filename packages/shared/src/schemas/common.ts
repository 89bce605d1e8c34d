import { z } from 'zod';

/** Every API response body: `{ code, message, data }` (DESIGN.md, API conventions). */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string().describe('"0" on success, otherwise an error code of SPEC §8 or a PRT_ code'),
    message: z.string().describe("Human-readable message in the request's language"),
    data,
  });
}

export type TEnvelope<T> = { code: string; message: string; data: T };

/** One field that failed validation, with the rule it broke, localised. */
export const ZFieldError = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZErrorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  data: z.union([z.null(), z.object({ fields: z.array(ZFieldError) })]),
});

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;

/** Paging query of every list (`pageNo` from 1, `pageSize` at most 100). */
export const ZPageQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  });
}

/**
 * Earliest and latest years a date may have: nothing a bank enters here predates 1900 or lies
 * beyond 2999, PostgreSQL refuses year 0, and a day after 9999-12-31 (an "up to and including"
 * filter) would be year 10000, which it refuses too. The messages `dateRange` quote these years.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2999;
/** The rule of a text in the wrong format; a missing value keeps zod's issue (rule `required`). */
const ruleForFormat = (rule: string) => (issue: { code?: string }) =>
  issue.code === 'invalid_format' ? rule : undefined;
const inDateRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
};

/**
 * A real calendar date, `YYYY-MM-DD`, in years 1900–2999: zod's ISO date knows the length of each
 * month and leap years (2026-02-30 and 2026-13-45 fail with rule `date`), the range check turns
 * away 0000-01-01 (rule `dateRange`). Every date a request or form accepts uses this.
 */
export const ZIsoDate = z.iso
  .date({ error: ruleForFormat('date'), abort: true })
  .refine(inDateRange, { message: 'dateRange' })
  .describe('YYYY-MM-DD');

/**
 * A real moment, ISO 8601 with an offset (`2026-03-01T09:00:00+08:00` or `…Z`), in years
 * 1900–2999: rule `dateTime` when it is not one (2026-02-30T…), `dateRange` outside the years.
 */
export const ZIsoDateTime = z.iso
  .datetime({ offset: true, error: ruleForFormat('dateTime'), abort: true })
  .refine(inDateRange, { message: 'dateRange' });

/** A text that exists in both languages (reference data, back-office content). */
export const ZBilingual = z.object({ en: z.string(), zh: z.string() });
export type TBilingual = z.infer<typeof ZBilingual>;

/** An e-mail address: trimmed and lower-cased before it is checked (the accounts' and the content's forms). */
export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254)
  .pipe(z.email({ message: 'email' }));
