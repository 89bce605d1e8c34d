/**
 * The /verify verdict (docs/decisions/0013-verify-verdict.md): from what the parser found in the
 * file and what the portal knows (its seals, their cancellations, its record of each signature),
 * each signature's problems and the file's, and one verdict: valid only when every signature is
 * intact, chains by signature to the portal's authority, was made while its certificate was valid
 * and before its seal was cancelled, and nothing was added after the last signature but PAdES
 * validation data and document timestamps, and no later signature's update changed what a page
 * draws (a seal is a signature widget, no change: docs/decisions/0019). A signature's time is its timestamp's when a trusted
 * token proves it (docs/decisions/0016-trusted-time.md), so a seal that expires or is cancelled
 * later leaves it valid.
 *
 * Names are the portal's: a seal's institution, name and number come from the seal's record,
 * found by the serial of a certificate that chains to the authority (or that is, byte for byte,
 * the certificate the portal issued the seal: one an earlier authority issued, before the operator
 * configured another). A certificate that does not chain proves nothing about who made it,
 * whatever name and serial it copies: what it says is returned as `claimedSigner`, never as the
 * institution.
 */
import {
  FILE_PROBLEMS,
  SIGNATURE_PROBLEMS,
  type TFileProblem,
  type TSignatureProblem,
  type TVerifiedSignature,
  type TVerifyVerdict,
} from '@portal/shared/schemas/contracts';
import type { PdfSignature, PdfSignatureReport } from '../../platform/signing/pdf-verify.ts';
import type { SealRecord } from '../seals/index.ts';

export type PortalKnowledge = {
  /** Seals by certificate serial (lower-case hex). */
  seals: Map<string, SealRecord>;
  institutionNames: Map<number, string>;
  /** The portal's 'signed' events for the revisions in the file: the file each produced, its seal, when. */
  records: Array<{ sha256After: string | null; sealId: number | null; at: Date }>;
  /** The serial of the portal's own certificate (evidence reports), lower-case hex. */
  portalCertificateSerial: string;
};

export type Judgement = {
  verdict: TVerifyVerdict;
  /** The bytes after the last signature only add validation data and document timestamps (B-LTA). */
  validationDataOnly: boolean;
  problems: TFileProblem[];
  signatures: TVerifiedSignature[];
};

export function judge(report: PdfSignatureReport, known: PortalKnowledge): Judgement {
  // PAdES B-LTA appends a DSS and a document timestamp after the last signature: not a change.
  const validationDataOnly =
    report.pageChanges !== null &&
    report.appendedOnlyValidationData &&
    report.documentTimestamps.every((timestamp) => timestamp.intact);
  const last = report.signatures.length - 1;
  const signatures = report.signatures.map((signature, i) => {
    // The portal records the file the last signature's step stored: with its validation data.
    const judged = judgeSignature(signature, i + 1, known, i === last && validationDataOnly ? report.sha256 : null);
    const pagesChangedLater = changedLater(report, i);
    // A later signature's update changed what a page draws (its seal is no change: a widget).
    // Bytes no signature covers are the file's problem (pagesChangedAfterLastSignature).
    const problems: TSignatureProblem[] = pagesChangedLater.some((change) => change.by !== null)
      ? [...judged.problems, 'pagesChangedLater']
      : judged.problems;
    return { ...judged, problems, pagesChangedByItsUpdate: report.pageChanges?.byUpdate[i] ?? [], pagesChangedLater };
  });
  const problems: TFileProblem[] = [];
  if (signatures.length === 0) problems.push('noSignature');
  if (report.pageChanges?.afterLast.length) problems.push('pagesChangedAfterLastSignature');
  else if (report.modifiedAfterLastSignature && !validationDataOnly) problems.push('modifiedAfterLastSignature');

  const weights = [
    ...problems.map((problem) => FILE_PROBLEMS[problem]),
    ...signatures.flatMap((signature) => signature.problems.map((problem) => SIGNATURE_PROBLEMS[problem])),
  ];
  const verdict: TVerifyVerdict = weights.includes('invalid')
    ? 'invalid'
    : weights.includes('warning')
      ? 'warning'
      : 'valid';
  return { verdict, validationDataOnly, problems, signatures };
}

type Signer = TVerifiedSignature['signer'];
type RecordedSeal = SealRecord | undefined;

/** Who made the signature, as far as the portal can vouch: its seal, itself, or nobody it knows. */
function identifySigner(signature: PdfSignature, known: PortalKnowledge) {
  const certificate = signature.certificate;
  const serial = certificate?.serialHex.toLowerCase() ?? null;
  const recordedSeal = serial ? known.seals.get(serial) : undefined;
  // A serial means something only on a certificate the authority signed, or on the very
  // certificate the portal issued the seal (byte for byte: one an earlier authority issued).
  const issuedByPortal =
    (certificate?.issuedByTrustedRoot ?? false) ||
    (recordedSeal?.certificateSha256 != null && recordedSeal.certificateSha256 === certificate?.sha256);
  const seal: RecordedSeal = issuedByPortal ? recordedSeal : undefined;
  const signer: Signer = !issuedByPortal
    ? 'foreign'
    : seal
      ? 'seal'
      : serial === known.portalCertificateSerial
        ? 'portal'
        : 'unknown';
  return { certificate, issuedByPortal, seal, signer };
}

/**
 * When the signature was made: a timestamp token that verifies and chains to the authority proves
 * the time (B-T); else the portal's record of this very revision, by this seal; else the signer's claim.
 */
function signingTime(
  signature: PdfSignature,
  seal: RecordedSeal,
  known: PortalKnowledge,
  completedFileSha256: string | null,
) {
  const stamped =
    signature.timestamp?.valid && signature.timestamp.trusted && signature.timestamp.genTime
      ? signature.timestamp.genTime
      : null;
  const record = seal
    ? known.records.find(
        (r) =>
          (r.sha256After === signature.signedRevisionSha256 ||
            (completedFileSha256 !== null && r.sha256After === completedFileSha256)) &&
          r.sealId === seal.id,
      )
    : undefined;
  const time = stamped ?? (record ? new Date(record.at) : signature.signedAt);
  return { stamped, record, time };
}

/** The signature's problems, from what identifySigner and signingTime found. */
function signatureProblems(
  signature: PdfSignature,
  { issuedByPortal, seal, signer }: ReturnType<typeof identifySigner>,
  { stamped, record, time }: ReturnType<typeof signingTime>,
  validAtSigningTime: boolean,
): TSignatureProblem[] {
  const problems: TSignatureProblem[] = [];
  if (!signature.intact) problems.push('notIntact');
  if (!issuedByPortal) problems.push('notIssuedByPortal');
  else {
    if (signer === 'unknown') problems.push('unknownCertificate');
    if (!time) problems.push('noSigningTime');
    else {
      if (!validAtSigningTime) problems.push('notValidAtSigningTime');
      if (seal?.revokedAt && time.getTime() >= seal.revokedAt.getTime()) problems.push('signedAfterRevocation');
      if (signer === 'seal' && !record && !stamped) problems.push('timeOnlyClaimed');
    }
  }
  return problems;
}

/** What a certificate the portal does not vouch for says of its signer (null when it vouches). */
function claimedSignerOf(signature: PdfSignature, signer: Signer): TVerifiedSignature['claimedSigner'] {
  const vouched = signer === 'seal' || signer === 'portal';
  return vouched || !signature.signer
    ? null
    : {
        organization: signature.signer.organization,
        organizationalUnit: signature.signer.organizationalUnit,
        commonName: signature.signer.commonName,
        serialNumber: signature.signer.serialNumber,
      };
}

function judgeSignature(
  signature: PdfSignature,
  index: number,
  known: PortalKnowledge,
  completedFileSha256: string | null,
): Omit<TVerifiedSignature, 'pagesChangedByItsUpdate' | 'pagesChangedLater'> {
  const identity = identifySigner(signature, known);
  const { certificate, issuedByPortal, seal, signer } = identity;
  const when = signingTime(signature, seal, known, completedFileSha256);
  const { stamped, record, time } = when;
  const validAtSigningTime =
    certificate !== null &&
    time !== null &&
    time.getTime() >= certificate.notBefore.getTime() &&
    time.getTime() <= certificate.notAfter.getTime();
  return {
    index,
    intact: signature.intact,
    signedAt: time ? time.toISOString() : null,
    signedAtSource: stamped ? 'timestamp' : record ? 'portalRecord' : time ? 'claimed' : null,
    signer,
    institutionName: seal ? (known.institutionNames.get(seal.institutionId) ?? null) : null,
    sealName: seal?.name ?? null,
    sealNo: seal?.sealNo ?? null,
    claimedSigner: claimedSignerOf(signature, signer),
    certificateSerial: certificate?.serialHex ?? null,
    issuedByPortal,
    validAtSigningTime,
    revoked: seal?.revokedAt != null,
    revokedAt: seal?.revokedAt ? seal.revokedAt.toISOString() : null,
    // The last signature of a B-LTA file covers all but the validation data added after it.
    coversWholeDocument: signature.coversWholeDocument || completedFileSha256 !== null,
    problems: signatureProblems(signature, identity, when, validAtSigningTime),
  };
}

/** The pages changed after signature `i` (0-based): by each later signature's update, then by unsigned bytes. */
function changedLater(report: PdfSignatureReport, i: number): TVerifiedSignature['pagesChangedLater'] {
  const changes = report.pageChanges;
  if (!changes) return [];
  const later = changes.byUpdate
    .slice(i + 1)
    .flatMap((pages, offset) => pages.map((page) => ({ page, by: i + offset + 2 })));
  return [...later, ...changes.afterLast.map((page) => ({ page, by: null }))];
}
