/** Answers of the contracts API and a fake PDF, as the tests of the contract screens use them. */
import type {
  TContractView,
  TCooperationInfo,
  TVerifiedSignature,
  TVerifyReport,
} from '@portal/shared/schemas/contracts';
import type { TTrustAnchor, TUsableSeal } from '@portal/shared/schemas/seals';
import type { PdfLoader, PdfLoadTask } from './pdf-document.ts';
import type { PageSize } from './placement.ts';

export const A4: PageSize = { width: 595.28, height: 841.89 };

/** A document of `pages` pages of `size` points that draws nothing (jsdom cannot run pdf.js). */
export function fakePdfLoader(pages: number, size: PageSize = A4): PdfLoader & { urls: string[] } {
  const urls: string[] = [];
  const loader = (url: string): PdfLoadTask => {
    urls.push(url);
    return {
      promise: Promise.resolve({
        numPages: pages,
        pageSizes: Array.from({ length: pages }, () => size),
        render: () => ({ promise: Promise.resolve(), cancel: () => {} }),
        destroy: () => {},
      }),
      destroy: () => {},
    };
  };
  return Object.assign(loader, { urls });
}

export function cooperationInfo(overrides: Partial<TCooperationInfo> = {}): TCooperationInfo {
  return {
    intentionLgcSn: 'I1',
    requestLgcSn: 'R1',
    requestName: 'Forfaiting of a Vietcombank usance L/C',
    myParty: 'publisher',
    counterpartName: 'Nordic Harbour Bank',
    counterpartSwiftCode: 'NHBKSESS',
    agreedAt: '2026-11-03T10:00:00.000Z',
    requestClosed: null,
    contractStatus: 'notUploaded',
    confirmed: false,
    signedByMe: false,
    signedByOther: false,
    signedPdfUrl: null,
    evidenceUrl: null,
    ...overrides,
  };
}

export function contractView(overrides: Partial<TContractView> = {}): TContractView {
  return {
    intentionLgcSn: 'I1',
    contractLgcSn: 'C1',
    requestLgcSn: 'R1',
    requestName: 'Forfaiting of a Vietcombank usance L/C',
    requestClosed: null,
    title: 'Forfaiting agreement 2026-118',
    status: 'uploaded',
    confirmed: false,
    confirmedAt: null,
    file: {
      name: 'forfaiting-agreement.pdf',
      size: 182_000,
      sha256: 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdef0102',
      pageCount: 2,
      url: '/api/contracts/I1/file',
    },
    parties: [
      {
        party: 'publisher',
        institutionName: 'Harbourview Commercial Bank',
        swiftCode: 'HVCBHKHH',
        signedAt: null,
        signerName: null,
        seals: [],
      },
      {
        party: 'counterpart',
        institutionName: 'Nordic Harbour Bank',
        swiftCode: 'NHBKSESS',
        signedAt: null,
        signerName: null,
        seals: [],
      },
    ],
    myParty: 'publisher',
    can: { upload: false, delete: true, confirm: true, sign: false },
    events: [
      {
        kind: 'uploaded',
        at: '2026-11-04T09:00:00.000Z',
        actorName: 'Amy Chan',
        institutionName: 'Harbourview Commercial Bank',
        sealNo: null,
        sealName: null,
        page: null,
        ip: '203.0.113.7',
        userAgent: null,
        sha256Before: null,
        sha256After: 'a3f1c2d4e5b6978812345678901234567890abcdefabcdefabcdefabcdef0102',
        fileName: 'forfaiting-agreement.pdf',
      },
    ],
    signedPdfUrl: null,
    evidenceUrl: null,
    ...overrides,
  };
}

export function usableSeal(overrides: Partial<TUsableSeal> = {}): TUsableSeal {
  return {
    lgcSn: 'SEAL1',
    sealNo: 'HV-2026-001',
    sealName: 'Contract seal',
    imageUrl: '/api/signet/seals/SEAL1/image',
    validTo: '2027-06-30T00:00:00.000Z',
    ...overrides,
  };
}

export function verifyReport(overrides: Partial<TVerifyReport> = {}): TVerifyReport {
  return {
    fileName: 'forfaiting-agreement-signed.pdf',
    sha256: '9b2e0c7f5a1d3e4c6b8a0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4',
    verdict: 'invalid',
    problems: [],
    signatures: [
      verifiedSignature(),
      verifiedSignature({
        index: 2,
        intact: false,
        signedAt: '2026-11-06T08:00:00.000Z',
        signedAtSource: 'claimed',
        institutionName: 'Nordic Harbour Bank',
        sealName: 'Treasury seal',
        sealNo: 'NH-2026-007',
        certificateSerial: '0D1E2F',
        coversWholeDocument: true,
        problems: ['notIntact', 'timeOnlyClaimed'],
      }),
    ],
    modifiedAfterLastSignature: false,
    pagesCompared: true,
    pagesChangedAfterLastSignature: [],
    recordedContract: { title: 'Forfaiting agreement 2026-118', status: 'signed', version: 'signed' },
    ...overrides,
  };
}

/** An intact signature by a seal recorded here, its time from the portal's record. */
export function verifiedSignature(overrides: Partial<TVerifiedSignature> = {}): TVerifiedSignature {
  return {
    index: 1,
    intact: true,
    signedAt: '2026-11-05T08:00:00.000Z',
    signedAtSource: 'portalRecord',
    signer: 'seal',
    institutionName: 'Harbourview Commercial Bank',
    sealName: 'Contract seal',
    sealNo: 'HV-2026-001',
    claimedSigner: null,
    certificateSerial: '0A1B2C',
    issuedByPortal: true,
    validAtSigningTime: true,
    revoked: false,
    revokedAt: null,
    coversWholeDocument: false,
    problems: [],
    pagesChangedByItsUpdate: [],
    pagesChangedLater: [],
    ...overrides,
  };
}

/**
 * The probe's forgery: Harbourview's signed contract with a page-1 overlay signed by a self-made
 * certificate copying its seal's subject and serial.
 */
export function forgedOverlayReport(): TVerifyReport {
  return verifyReport({
    verdict: 'invalid',
    signatures: [
      // Seals are signature widgets: only the forger's overlay changed a page (docs/decisions/0019).
      verifiedSignature({ problems: ['pagesChangedLater'], pagesChangedLater: [{ page: 1, by: 2 }] }),
      verifiedSignature({
        index: 2,
        signedAt: '2026-11-07T08:00:00.000Z',
        signedAtSource: 'claimed',
        signer: 'foreign',
        institutionName: null,
        sealName: null,
        sealNo: null,
        claimedSigner: {
          organization: 'Harbourview Commercial Bank',
          organizationalUnit: 'Contract seal',
          commonName: 'Contract seal (HV-2026-001)',
          serialNumber: 'HV-2026-001',
        },
        issuedByPortal: false,
        coversWholeDocument: true,
        problems: ['notIssuedByPortal'],
        pagesChangedByItsUpdate: [1],
      }),
    ],
    recordedContract: null,
  });
}

/** When the seal of signedAfterCancellationReport() was cancelled. */
export const CANCELLED_AT = '2026-11-05T09:00:00.000Z';

/**
 * Harbourview's seal used after its cancellation (its key copied before): signature 1, made a
 * day after the seal was cancelled by its trusted timestamp, then the counterpart's signature.
 */
export function signedAfterCancellationReport(): TVerifyReport {
  return verifyReport({
    verdict: 'invalid',
    signatures: [
      verifiedSignature({
        signedAt: '2026-11-06T09:00:00.000Z',
        signedAtSource: 'timestamp',
        revoked: true,
        revokedAt: CANCELLED_AT,
        problems: ['signedAfterRevocation'],
      }),
      verifiedSignature({
        index: 2,
        signedAt: '2026-11-07T08:00:00.000Z',
        institutionName: 'Nordic Harbour Bank',
        sealName: 'Treasury seal',
        sealNo: 'NH-2026-007',
        certificateSerial: '0D1E2F',
        coversWholeDocument: true,
      }),
    ],
    recordedContract: null,
  });
}

export function trustAnchor(): TTrustAnchor {
  return {
    subject: 'CN=Interbank Cooperation Portal Seal CA, O=Interbank Cooperation Portal',
    sha256: '3F:A1:0C:77:5B:2E:9D:41:08:C6:E3:5A:92:1F:4B:D0:6E:88:27:B9:C1:0D:F4:5E:A3:72:19:8B:E6:40:D5:2C',
    serial: '4f1e9a0b2c3d4e5f60718293a4b5c6d7',
    notBefore: '2026-01-05T00:00:00.000Z',
    notAfter: '2046-01-05T00:00:00.000Z',
    pemUrl: '/api/pki/authority.pem',
    derUrl: '/api/pki/authority.der',
  };
}
