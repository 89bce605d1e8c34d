/**
 * Electronic seals (SPEC §1 seal application, §3 Signature, §4 Signature states, §5 seal rules):
 * the contract of /userCenter/mySignature, the back office's approval queue and the cancel flow.
 * Light on purpose (no dictionaries): the web's pages import it.
 *
 * A seal belongs to an institution (its holder) and is applied for by one of its users; once the
 * bank approves it, it has its own certificate issued by the portal's certificate authority and
 * any user of the institution may place it on a contract the institution signs.
 */
import { z } from 'zod';
import { labelFields } from '../field-labels.ts';
import { ZPageQuery } from './common.ts';

/**
 * SPEC §4: submitted → pendingApproval (a reviewer of the chosen branch started its review, POST claim) → effective
 * (approved: certificate issued) → cancelled (by the applicant, with an e-mailed code); also
 * rejected (with the reviewer's reason) and expired (the end of the period, by the daily job).
 */
export const SEAL_STATES = ['submitted', 'pendingApproval', 'effective', 'rejected', 'cancelled', 'expired'] as const;
export const ZSealState = z.enum(SEAL_STATES);
export type TSealState = z.infer<typeof ZSealState>;

/** SPEC §5 and the issue: seal image PNG, at most 200 KB, square, transparent background. */
export const SEAL_IMAGE_MAX_BYTES = 200 * 1024;
/** Authorization agreement: a PDF of at most 10 MB. */
export const SEAL_AUTHORIZATION_MAX_BYTES = 10 * 1024 * 1024;
/** The seal is drawn 40 mm wide on the page: the printed size of an official round seal (SPEC "40x40"). */
export const SEAL_PRINTED_SIZE_MM = 40;
/** Application period in whole months. */
export const SEAL_PERIOD_MONTHS = { min: 1, max: 60 } as const;
export const SEAL_LIMITS = { name: 50, reason: 500, rejectReason: 500 } as const;

const text = (max: number) => z.string().trim().min(1).max(max);

/** POST /api/signet/seals: apply for a seal (the two files are uploaded first, /fileP1/upload). */
export const ZSealApplyRequest = z.object({
  sealName: text(SEAL_LIMITS.name).describe('Name of the seal, e.g. "Contract seal"'),
  imageFile: z.string().min(1).max(64).describe('lgcSn of an upload of purpose sealImage'),
  periodMonths: z
    .number()
    .int()
    .min(SEAL_PERIOD_MONTHS.min)
    .max(SEAL_PERIOD_MONTHS.max)
    .describe('Application period in months'),
  reason: text(SEAL_LIMITS.reason),
  authorizationFile: z.string().min(1).max(64).describe('lgcSn of an upload of purpose sealAuthorization'),
  approverBranch: z.string().min(1).max(64).describe('Branch code (branch dictionary) whose staff approve it'),
  agreementAccepted: z
    .literal(true, { error: 'eSignatureAgreement' })
    .describe('The e-signature agreement was accepted'),
});
export type TSealApplyRequest = z.infer<typeof ZSealApplyRequest>;

export const ZSealListQuery = ZPageQuery.extend({
  state: z.enum([...SEAL_STATES, 'all']).default('all'),
});
export type TSealListQuery = z.infer<typeof ZSealListQuery>;

/** A file the seal stamped: a signed contract (SPEC §3 "stamped files"). */
export const ZStampedFile = z.object({
  contractLgcSn: z.string(),
  intentionLgcSn: z.string(),
  title: z.string().describe('Contract title'),
  signers: z.array(z.string()).describe('The institutions that signed it so far'),
  signedAt: z.string().describe('When this seal stamped it (ISO)'),
});
export type TStampedFile = z.infer<typeof ZStampedFile>;

export const ZSealItem = z.object({
  lgcSn: z.string(),
  sealNo: z.string().describe('The seal number, given at application'),
  sealName: z.string(),
  state: ZSealState,
  institutionName: z.string().describe('The holder'),
  applicantName: z.string(),
  /** The reader applied for it (only they may cancel it). */
  mine: z.boolean(),
  imageUrl: z.string().describe('GET: the seal image (PNG)'),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  periodMonths: z.number().int(),
  reason: z.string(),
  approverBranch: z.string().describe('Branch code'),
  generatedAt: z.string().describe('When the seal was generated (applied for), ISO'),
  validFrom: z.string().nullable().describe('Start of validity (approval), ISO'),
  validTo: z.string().nullable().describe('End of validity, ISO'),
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  certificateSerial: z.string().nullable(),
  authorizationFile: z.object({ name: z.string(), size: z.number().int(), url: z.string() }),
  stampedFiles: z.array(ZStampedFile),
});
export type TSealItem = z.infer<typeof ZSealItem>;

export const ZSealPage = z.object({
  list: z.array(ZSealItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TSealPage = z.infer<typeof ZSealPage>;

/** A seal the reader's institution may place on a contract now (effective, within its period). */
export const ZUsableSeal = z.object({
  lgcSn: z.string(),
  sealNo: z.string(),
  sealName: z.string(),
  imageUrl: z.string(),
  validTo: z.string(),
});
export type TUsableSeal = z.infer<typeof ZUsableSeal>;

/** GET /api/signet/seals/usable: the reader's own usable seals (a seal stamps only for its holder). */
export const ZUsableSeals = z.object({
  list: z.array(ZUsableSeal),
  /** Usable seals of the reader's institution held by colleagues (not the reader's to place). */
  heldByColleagues: z.number().int(),
});
export type TUsableSeals = z.infer<typeof ZUsableSeals>;

/** POST /api/signet/seals/:lgcSn/cancel-code: mails the applicant a code. */
export const ZCodeSent = z.object({ resendAfterSeconds: z.number().int() });
export type TCodeSent = z.infer<typeof ZCodeSent>;

export const ZSealCancelRequest = z.object({ code: z.string().trim().min(1).max(4) });

// ---------- back office ----------

export const ZSealReviewQuery = ZPageQuery.extend({
  state: z.enum(['toReview', ...SEAL_STATES, 'all']).default('toReview'),
  q: z.string().trim().max(100).optional().describe('Seal name or number, institution or applicant'),
});
export type TSealReviewQuery = z.infer<typeof ZSealReviewQuery>;

export const ZSealReviewItem = ZSealItem.extend({
  applicantEmail: z.string(),
  institutionSwiftCode: z.string().nullable(),
  reviewerName: z.string().nullable().describe('Who opened, approved or rejected it'),
  /** The reader may approve or reject it now (staff of its branch, still to decide). */
  canDecide: z.boolean(),
});
export type TSealReviewItem = z.infer<typeof ZSealReviewItem>;

export const ZSealReviewPage = z.object({
  list: z.array(ZSealReviewItem),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});

export type TSealReviewPage = z.infer<typeof ZSealReviewPage>;

export const ZSealRejectRequest = z.object({ reason: text(SEAL_LIMITS.rejectReason) });

export { TRUST_ANCHOR_PATHS } from '../contract-constants.ts';

/**
 * Revocation of seal certificates, published (no log-in): the authority's CRL (DER) and its OCSP
 * responder (POST a DER request, or GET `${ocsp}/{url-encoded base64 of the request}`).
 */
export const REVOCATION_PATHS = {
  crl: '/api/pki/crl',
  ocsp: '/api/pki/ocsp',
} as const;

/** The portal's RFC 3161 timestamp authority (no log-in): POST a DER TimeStampReq, get a TimeStampResp. */
export const TIMESTAMP_AUTHORITY_PATH = '/api/pki/tsa';

/**
 * GET /api/pki/authority: the portal's certificate authority, the trust anchor every seal's
 * certificate chains to. Compare the fingerprint with the one the bank publishes before trusting
 * a downloaded copy.
 */
export const ZTrustAnchor = z.object({
  subject: z.string().describe('The authority’s name, e.g. "CN=… Seal CA, O=…"'),
  sha256: z.string().describe('SHA-256 fingerprint of the DER certificate, upper-case hex pairs joined by ":"'),
  serial: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  pemUrl: z.string(),
  derUrl: z.string(),
});
export type TTrustAnchor = z.infer<typeof ZTrustAnchor>;

// The labels these forms show, so their messages name the field as the form does (issue 26).
labelFields(ZSealApplyRequest, { reason: 'seals.apply.reason', periodMonths: 'seals.apply.period' });
labelFields(ZSealRejectRequest, { reason: 'seals.review.reject.reason' });
