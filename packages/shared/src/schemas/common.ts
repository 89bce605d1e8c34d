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

/** A text that exists in both languages (reference data, back-office content). */
export const ZBilingual = z.object({ en: z.string(), zh: z.string() });
export type TBilingual = z.infer<typeof ZBilingual>;
