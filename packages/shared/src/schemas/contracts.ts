/**
 * Contracts (SPEC §1 contract upload and signing, §2 /previewContract and /signContract, §3
 * contract statuses, §4 contract states, §7 /cooperationManage/queryCooperationInfos and
 * contractUploadDel) and the public check of a signed PDF (/verify).
 * Light on purpose (no dictionaries): the web's pages import it.
 *
 * Every agreed intention has one contract between its two parties: the publisher (the
 * institution whose request it was) and the counterpart (the institution that sent the
 * intention). Either uploads the PDF, may delete it until it is confirmed, then confirms it; each
 * then signs once with its own effective seals. Only the two parties and bank staff read it.
 */
import { z } from 'zod';
import { ZPageQuery } from './common.ts';

/** SPEC §3: not uploaded, uploaded but not signed, signing (one party signed), signed (both). */
export const CONTRACT_STATUSES = ['notUploaded', 'uploaded', 'signing', 'signed'] as const;
export const ZContractStatus = z.enum(CONTRACT_STATUSES);
export type TContractStatus = z.infer<typeof ZContractStatus>;

/**
 * Why a contract takes no new step (no upload, confirmation or signature): its cooperation
 * request was withdrawn by its publisher or taken down by the bank. A request past its validity
 * is not closed: a deal agreed on it still gets its contract.
 */
export const REQUEST_CLOSED_REASONS = ['withdrawn', 'takenDown'] as const;
export const ZRequestClosed = z
  .enum(REQUEST_CLOSED_REASONS)
  .nullable()
  .describe('Set when the request was withdrawn or taken down: the contract takes no new step');
export type TRequestClosed = z.infer<typeof ZRequestClosed>;

export const CONTRACT_PARTIES = ['publisher', 'counterpart'] as const;
export const ZContractParty = z.enum(CONTRACT_PARTIES);
export type TContractParty = z.infer<typeof ZContractParty>;

export { CONTRACT_MAX_BYTES } from '../contract-constants.ts';
/** Seals one party may place in one signature. */
export const MAX_PLACEMENTS = 20;
export const CONTRACT_LIMITS = { title: 200 } as const;

/** GET /api/cooperationManage/queryCooperationInfos: the reader institution's agreed intentions. */
export const ZCooperationInfoQuery = ZPageQuery.extend({
  status: z.enum([...CONTRACT_STATUSES, 'all']).default('all'),
});
export type TCooperationInfoQuery = z.infer<typeof ZCooperationInfoQuery>;

export const ZCooperationInfo = z.object({
  intentionLgcSn: z.string().describe('The agreed intention: the contract is addressed by it'),
  requestLgcSn: z.string(),
  requestName: z.string(),
  myParty: ZContractParty,
  counterpartName: z.string().describe('The other institution'),
  counterpartSwiftCode: z.string().nullable(),
  agreedAt: z.string().nullable(),
  requestClosed: ZRequestClosed,
  contractStatus: ZContractStatus,
  confirmed: z.boolean(),
  /** The reader's institution has signed / the other has. */
  signedByMe: z.boolean(),
  signedByOther: z.boolean(),
  signedPdfUrl: z.string().nullable().describe('When signed: the signed PDF'),
  evidenceUrl: z.string().nullable().describe('When signed: the evidence report (PDF)'),
});
export type TCooperationInfo = z.infer<typeof ZCooperationInfo>;

export const ZCooperationInfoPage = z.object({
  list: z.array(ZCooperationInfo),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TCooperationInfoPage = z.infer<typeof ZCooperationInfoPage>;

export const ZContractPartyInfo = z.object({
  party: ZContractParty,
  institutionName: z.string(),
  swiftCode: z.string().nullable(),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  seals: z.array(z.object({ sealNo: z.string(), sealName: z.string() })),
});
export type TContractPartyInfo = z.infer<typeof ZContractPartyInfo>;

/** One line of the audit trail (issue "Electronic seals and contracts", Evidence). */
export const CONTRACT_EVENT_KINDS = [
  'uploaded',
  'deleted',
  'confirmed',
  'viewed',
  'codeSent',
  'placed',
  'signed',
  'evidence',
  'completed',
] as const;
export const ZContractEvent = z.object({
  kind: z.enum(CONTRACT_EVENT_KINDS),
  at: z.string().describe('ISO'),
  actorName: z.string(),
  institutionName: z.string(),
  sealNo: z.string().nullable(),
  sealName: z.string().nullable(),
  page: z.number().int().nullable().describe('Placed: the page (from 1)'),
  ip: z.string().nullable(),
  userAgent: z.string().nullable().describe('The browser the step came from (its User-Agent header)'),
  sha256Before: z.string().nullable(),
  sha256After: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type TContractEvent = z.infer<typeof ZContractEvent>;

export const ZContractFile = z.object({
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  pageCount: z.number().int(),
  url: z.string().describe('GET: the current PDF (inline)'),
});

/** GET /api/contracts/:intentionLgcSn: the contract page (/previewContract, /signContract). */
export const ZContractView = z.object({
  intentionLgcSn: z.string(),
  contractLgcSn: z.string().nullable(),
  requestLgcSn: z.string(),
  requestName: z.string(),
  requestClosed: ZRequestClosed,
  title: z.string().nullable(),
  status: ZContractStatus,
  confirmed: z.boolean(),
  confirmedAt: z.string().nullable(),
  file: ZContractFile.nullable().describe('The current version (with every signature so far)'),
  parties: z.array(ZContractPartyInfo),
  /** The reader's side; null for bank staff. */
  myParty: ZContractParty.nullable(),
  can: z.object({
    upload: z.boolean(),
    delete: z.boolean(),
    confirm: z.boolean(),
    sign: z.boolean(),
  }),
  events: z.array(ZContractEvent),
  signedPdfUrl: z.string().nullable(),
  evidenceUrl: z.string().nullable(),
});
export type TContractView = z.infer<typeof ZContractView>;

export const ZContractUploadFields = z.object({
  title: z.string().trim().max(CONTRACT_LIMITS.title).optional().describe('Defaults to the request name'),
});

/** POST /api/cooperationManage/contractUploadDel: delete an upload not yet confirmed. */
export const ZContractDeleteRequest = z.object({ intentionLgcSn: z.string().min(1).max(64) });

/**
 * A seal placed on a page: the stamp's top-left corner as fractions (0..1) of the page as it is
 * displayed (its crop box within the media box, with /Rotate applied), from the top-left corner.
 */
export const ZPlacement = z.object({
  sealLgcSn: z.string().min(1).max(64),
  page: z.number().int().min(1).describe('Page number, from 1'),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type TPlacement = z.infer<typeof ZPlacement>;

/** POST /api/contracts/:intentionLgcSn/sign: "You have not stamped yet" when no seal is placed. */
export const ZSignRequest = z.object({
  code: z.string().trim().min(1).max(4).describe('The code e-mailed to the signer (sign-code)'),
  placements: z.array(ZPlacement).min(1, { error: 'stampRequired' }).max(MAX_PLACEMENTS),
});
export type TSignRequest = z.infer<typeof ZSignRequest>;

// ---------- /verify ----------

/**
 * What can be wrong with one signature, and how much it weighs: 'invalid' (the signature cannot be
 * relied on) or 'warning' (it may be, with care). The report's verdict follows from these
 * (docs/decisions/0013-verify-verdict.md).
 */
export const SIGNATURE_PROBLEMS = {
  /** The signed bytes were changed, or the signature does not verify. */
  notIntact: 'invalid',
  /** The certificate does not chain, by signature, to this portal's authority. */
  notIssuedByPortal: 'invalid',
  /** Neither the portal's record nor the signature gives a signing time. */
  noSigningTime: 'invalid',
  /** The certificate was not yet or no longer valid at the signing time. */
  notValidAtSigningTime: 'invalid',
  /** The seal had been cancelled (its certificate revoked) when this signature was made. */
  signedAfterRevocation: 'invalid',
  /** Issued by this portal's authority, but to no seal (nor the portal's own certificate) recorded here. */
  unknownCertificate: 'warning',
  /** The portal recorded no signature of this revision: its time is only what the signer claims. */
  timeOnlyClaimed: 'warning',
  /**
   * A later signature's update changed what a page draws (content, resources or non-signature
   * annotations), so the page no longer shows what this signature signed (pagesChangedLater).
   */
  pagesChangedLater: 'invalid',
} as const;
export type TSignatureProblem = keyof typeof SIGNATURE_PROBLEMS;
export const ZSignatureProblem = z.enum(Object.keys(SIGNATURE_PROBLEMS) as [TSignatureProblem, ...TSignatureProblem[]]);

/** What can be wrong with the file as a whole, and how much it weighs. */
export const FILE_PROBLEMS = {
  /** What a page draws was changed by bytes after the last signature (pagesChangedAfterLastSignature). */
  pagesChangedAfterLastSignature: 'invalid',
  /** Bytes were added after the last signature (their effect on the pages not known, or none). */
  modifiedAfterLastSignature: 'warning',
  noSignature: 'warning',
} as const;
export type TFileProblem = keyof typeof FILE_PROBLEMS;
export const ZFileProblem = z.enum(Object.keys(FILE_PROBLEMS) as [TFileProblem, ...TFileProblem[]]);

/** valid: every signature trusted and nothing changed since; warning: check first; invalid: do not rely on it. */
export const VERIFY_VERDICTS = ['valid', 'warning', 'invalid'] as const;
export const ZVerifyVerdict = z.enum(VERIFY_VERDICTS);
export type TVerifyVerdict = z.infer<typeof ZVerifyVerdict>;

export const ZVerifiedSignature = z.object({
  index: z.number().int().describe('From 1, in the order they were made'),
  intact: z.boolean().describe('The signed bytes are unchanged and the signature verifies'),
  signedAt: z.string().nullable().describe('The signing time the verdict uses (see signedAtSource)'),
  signedAtSource: z
    .enum(['timestamp', 'portalRecord', 'claimed'])
    .nullable()
    .describe(
      "timestamp: the signature's RFC 3161 timestamp, by a timestamp authority the portal's authority certified; portalRecord: the portal's own record of this signature; claimed: only what the signature says",
    ),
  signer: z
    .enum(['seal', 'portal', 'unknown', 'foreign'])
    .describe(
      "seal: a seal recorded here; portal: the portal's own certificate (evidence reports); unknown: issued by the authority to nothing recorded here; foreign: not issued by this portal",
    ),
  institutionName: z.string().nullable().describe("The seal holder, from the portal's record only"),
  sealName: z.string().nullable().describe("From the portal's record only"),
  sealNo: z.string().nullable().describe("From the portal's record only"),
  claimedSigner: z
    .object({
      organization: z.string().nullable(),
      organizationalUnit: z.string().nullable(),
      commonName: z.string().nullable(),
      serialNumber: z.string().nullable(),
    })
    .nullable()
    .describe('What a certificate the portal cannot vouch for says of its holder (unknown, foreign)'),
  certificateSerial: z.string().nullable(),
  issuedByPortal: z.boolean().describe("The certificate chains, by signature, to this portal's authority"),
  validAtSigningTime: z.boolean(),
  revoked: z.boolean().describe('The seal was cancelled (its certificate is revoked here)'),
  revokedAt: z.string().nullable().describe('When the seal was cancelled'),
  coversWholeDocument: z
    .boolean()
    .describe(
      'The signature covers the whole file (the last one of a completed contract: all but its validation data and document timestamp)',
    ),
  problems: z.array(ZSignatureProblem).describe('Empty when the signature can be relied on'),
  pagesChangedByItsUpdate: z.array(z.number().int()).describe('Pages whose content this signature’s update changed'),
  pagesChangedLater: z
    .array(z.object({ page: z.number().int(), by: z.number().int().nullable() }))
    .describe(
      'Pages changed after this signature, by the update of signature `by` (null: by bytes no signature covers)',
    ),
});
export type TVerifiedSignature = z.infer<typeof ZVerifiedSignature>;

export const ZVerifyReport = z.object({
  fileName: z.string(),
  sha256: z.string(),
  verdict: ZVerifyVerdict,
  problems: z.array(ZFileProblem),
  signatures: z.array(ZVerifiedSignature),
  modifiedAfterLastSignature: z
    .boolean()
    .describe('Bytes were added after the last signature, other than validation data and document timestamps'),
  /** Whether each revision's pages were compared (false: the file was too large or did not load). */
  pagesCompared: z.boolean(),
  pagesChangedAfterLastSignature: z.array(z.number().int()),
  /** A contract of this portal with exactly this file (or one of its signed versions). */
  recordedContract: z
    .object({
      title: z.string(),
      status: ZContractStatus,
      version: z.enum(['original', 'partlySigned', 'signed']),
    })
    .nullable(),
});
export type TVerifyReport = z.infer<typeof ZVerifyReport>;
