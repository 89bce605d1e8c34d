/**
 * /verify (issue "Electronic seals and contracts", Verify; issue "Signatures another bank can rely
 * on"): anyone uploads a PDF and learns whether it can be relied on (the verdict, judged in
 * verify-verdict.ts) and, for each signature, whether it is intact, whether its certificate chains
 * to this portal's authority, which seal of which institution made it and when (by the portal's
 * own record where it has one), whether the seal was cancelled before or after, which pages later
 * updates changed, and whether the file is a contract recorded here. Nothing about the contract is
 * told beyond what the file itself shows, its title and its state.
 */
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { AppError } from '../../platform/errors.ts';
import { cleanFileName } from '../../platform/files/file-types.ts';
import { type PdfSignatureReport, PdfUnreadableError } from '../../platform/signing/pdf-verify.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import { findInstitutions } from '../institutions/index.ts';
import { authorityCertificate, portalCertificateSerial, sealsByCertificateSerial } from '../seals/index.ts';
import type { ContractDeps } from './contract-access.ts';
import { findContractByFileHash, findContractByIntention, findSigningRecords } from './contracts.repository.ts';
import { judge } from './verify-verdict.ts';

export async function verifyPdf(deps: ContractDeps, file: { name: string; data: Buffer }): Promise<TVerifyReport> {
  let report: PdfSignatureReport;
  try {
    // Read in the parser pool, within the parsing limits (docs/security.md): never on this thread.
    report = await parseUntrusted('verifyPdf', {
      bytes: file.data,
      trustedRoots: [await authorityCertificate(deps)],
    });
  } catch (error) {
    if (error instanceof PdfUnreadableError)
      throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: 'application/octet-stream' });
    throw error;
  }
  // A copied serial finds a seal here, but judge() uses it only for a certificate the authority
  // signed or the very one the portal issued (its fingerprint).
  const seals = await sealsByCertificateSerial(
    deps.db,
    report.signatures.flatMap((signature) => (signature.certificate ? [signature.certificate.serialHex] : [])),
  );
  const institutions = await findInstitutions(
    deps.db,
    [...seals.values()].map((seal) => seal.institutionId),
  );
  const records = await findSigningRecords(deps.db, [
    ...report.signatures.map((signature) => signature.signedRevisionSha256),
    // The completed file, as the last signature's step stored it (with its validation data).
    report.sha256,
  ]);
  const { verdict, validationDataOnly, problems, signatures } = judge(report, {
    seals,
    institutionNames: new Map([...institutions].map(([id, institution]) => [id, institution.name])),
    records: records.map((record) => ({
      sha256After: record.sha256After,
      sealId: record.sealId === null ? null : record.sealId,
      at: new Date(record.at),
    })),
    portalCertificateSerial: await portalCertificateSerial(deps),
  });

  const recorded = await findContractByFileHash(deps.db, report.sha256);
  let version: 'original' | 'partlySigned' | 'signed' = 'original';
  if (recorded?.kind === 'signed' || recorded?.kind === 'completed') {
    const contract = await findContractByIntention(deps.db, recorded.intentionId);
    version = contract?.state === 'signed' && recorded.isCurrent ? 'signed' : 'partlySigned';
  }
  return {
    fileName: cleanFileName(file.name),
    sha256: report.sha256,
    verdict,
    problems,
    signatures,
    // Validation data and document timestamps (B-LTA) are no change to what was signed.
    modifiedAfterLastSignature: report.modifiedAfterLastSignature && !validationDataOnly,
    pagesCompared: report.pageChanges !== null,
    pagesChangedAfterLastSignature: report.pageChanges?.afterLast ?? [],
    recordedContract: recorded ? { title: recorded.title, status: recorded.state, version } : null,
  };
}
