import { z } from 'zod';
import { BRANCH_KINDS, type BranchKind, DICT_TYPES, type DictEntry, RISK_PREFERENCES } from '../dictionaries/types.ts';

/** Name of a dictionary (`currencies`, `countries`, ...). */
export const ZDictType = z.enum(DICT_TYPES);
export type TDictType = z.infer<typeof ZDictType>;

/**
 * One dictionary entry: stable code, English and Chinese names, optional children (cooperation
 * sub-types, publish-category choices) and the extra fields some dictionaries carry. Unknown
 * extra fields are kept, so a dictionary can grow a field without breaking older clients.
 */
export const ZDictEntry: z.ZodType<DictEntry, DictEntry> = z.looseObject({
  code: z.string().min(1),
  en: z.string().min(1),
  zh: z.string().min(1),
  get children() {
    return z.array(ZDictEntry).readonly().optional();
  },
  parent: z.string().optional(),
  continent: z.string().optional(),
  country: z.string().optional(),
  kind: z.enum(BRANCH_KINDS).optional(),
  subTypeCode: z.string().optional(),
  direction: z.string().optional(),
  requiresMasterAgreement: z.boolean().optional(),
  riskPreference: z.enum(RISK_PREFERENCES).optional(),
  hasLetterOfCredit: z.boolean().optional(),
  isoCode: z.string().optional(),
  obsolete: z.boolean().optional(),
});
export type TDictEntry = DictEntry;

const ZDictList = z.array(ZDictEntry).readonly();

/** `selectDict` query: one dictionary by name, or all of them when `dictType` is absent. */
export const ZSelectDictQuery = z.object({ dictType: ZDictType.optional() });
export type TSelectDictQuery = z.infer<typeof ZSelectDictQuery>;

/** `selectDict` with a `dictType`: that dictionary's entries. */
export const ZSelectDictResponse = z.object({ dictType: ZDictType, list: ZDictList });
export type TSelectDictResponse = z.infer<typeof ZSelectDictResponse>;

/** `selectDict` without a `dictType`: every dictionary, by name. */
export const ZSelectAllDictsResponse = z.object({ dictionaries: z.record(ZDictType, ZDictList) });
export type TSelectAllDictsResponse = z.infer<typeof ZSelectAllDictsResponse>;

/** Either answer of `selectDict`, for a route that serves both. */
export const ZSelectDictResult = z.union([ZSelectDictResponse, ZSelectAllDictsResponse]);
export type TSelectDictResult = z.infer<typeof ZSelectDictResult>;

/** Branch-list filter (`/org/p1/list/dic`): '0' all branches, '1' overseas, '2' domestic. */
export const BRANCH_FLAGS = ['0', '1', '2'] as const;
export type BranchFlag = (typeof BRANCH_FLAGS)[number];

const KIND_OF_FLAG: Readonly<Record<BranchFlag, BranchKind | undefined>> = {
  '0': undefined,
  '1': 'overseas',
  '2': 'domestic',
};

/** The branch kind a `bFlag` selects; `undefined` for all branches. */
export function branchKindOfFlag(flag: BranchFlag): BranchKind | undefined {
  return KIND_OF_FLAG[flag];
}

export const ZBranchListQuery = z.object({ bFlag: z.enum(BRANCH_FLAGS).default('0') });
export type TBranchListQuery = z.infer<typeof ZBranchListQuery>;

export const ZBranch = z.object({
  code: z.string().min(1),
  en: z.string().min(1),
  zh: z.string().min(1),
  kind: z.enum(BRANCH_KINDS),
  country: z.string().length(2),
});
export type TBranch = z.infer<typeof ZBranch>;

export const ZBranchListResponse = z.object({ list: z.array(ZBranch).readonly() });
export type TBranchListResponse = z.infer<typeof ZBranchListResponse>;
