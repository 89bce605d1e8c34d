/**
 * /verify (issue "Electronic seals and contracts", Verify): anyone uploads a PDF and learns, for
 * each signature in it, whether it is intact, who signed (institution, seal, number) and when,
 * whether the certificate was issued by this portal and valid then (and revoked since), whether
 * the file was changed after the last signature, and whether it is a contract recorded here.
 * Nothing about the contract is told beyond what the file itself shows, its title and its state.
 */
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { AppError } from '../../platform/errors.ts';
import { cleanFileName } from '../../platform/files/file-types.ts';
import { type PdfSignatureReport, PdfUnreadableError } from '../../platform/signing/pdf-verify.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import { findInstitutions } from '../institutions/index.ts';
import { authorityCertificate, sealsByCertificateSerial } from '../seals/index.ts';
import { findContractByFileHash, findContractByIntention } from './contracts.repository.ts';
import type { ContractDeps } from './contracts.service.ts';

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
  const seals = await sealsByCertificateSerial(
    deps.db,
    report.signatures.flatMap((signature) => (signature.certificate ? [signature.certificate.serialHex] : [])),
  );
  const institutions = await findInstitutions(
    deps.db,
    [...seals.values()].map((seal) => seal.institutionId),
  );
  const recorded = await findContractByFileHash(deps.db, report.sha256);
  let version: 'original' | 'partlySigned' | 'signed' = 'original';
  if (recorded?.kind === 'signed') {
    const contract = await findContractByIntention(deps.db, Number(recorded.intentionId));
    version = contract?.state === 'signed' && recorded.isCurrent ? 'signed' : 'partlySigned';
  }
  return {
    fileName: cleanFileName(file.name),
    sha256: report.sha256,
    signatures: report.signatures.map((signature, index) => {
      const issuedByPortal = signature.certificate?.issuedByTrustedRoot ?? false;
      const seal =
        issuedByPortal && signature.certificate ? seals.get(signature.certificate.serialHex.toLowerCase()) : undefined;
      return {
        index: index + 1,
        intact: signature.intact,
        signedAt: signature.signedAt ? signature.signedAt.toISOString() : null,
        institutionName: seal
          ? (institutions.get(seal.institutionId)?.name ?? null)
          : (signature.signer?.organization ?? null),
        sealName: seal?.name ?? signature.signer?.organizationalUnit ?? null,
        sealNo: seal?.sealNo ?? signature.signer?.serialNumber ?? null,
        certificateSerial: signature.certificate?.serialHex ?? null,
        issuedByPortal,
        validAtSigningTime: signature.certificate?.validAtSigningTime ?? false,
        revoked: seal?.revoked ?? false,
        coversWholeDocument: signature.coversWholeDocument,
      };
    }),
    modifiedAfterLastSignature: report.modifiedAfterLastSignature,
    recordedContract: recorded ? { title: recorded.title, status: recorded.state, version } : null,
  };
}
