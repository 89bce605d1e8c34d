/** Answers of the seal API and files as the tests of this feature's pages use them. */
import type { TSealItem, TSealReviewItem } from '@portal/shared/schemas/seals';

/** The start of a PNG: signature, IHDR (CRC not checked), then the given chunks and an IDAT. */
export function pngBytes(width: number, height: number, colourType = 6, chunks: string[] = []): Uint8Array {
  const parts: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const u32 = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
  const chunk = (type: string, data: number[]) => {
    parts.push(...u32(data.length), ...Array.from(type, (char) => char.charCodeAt(0)), ...data, 0, 0, 0, 0);
  };
  chunk('IHDR', [...u32(width), ...u32(height), 8, colourType, 0, 0, 0]);
  for (const type of chunks) chunk(type, [0, 0]);
  chunk('IDAT', [1, 2, 3]);
  return new Uint8Array(parts);
}

export function sealItem(overrides: Partial<TSealItem> = {}): TSealItem {
  return {
    lgcSn: 'S1',
    sealNo: 'SEAL-2026-000123',
    sealName: 'Contract seal',
    state: 'effective',
    institutionName: 'Harbourview Commercial Bank',
    applicantName: 'Amy Chan',
    mine: true,
    imageUrl: '/api/signet/seals/S1/image',
    imageWidth: 400,
    imageHeight: 400,
    periodMonths: 24,
    reason: 'Signing trade-finance contracts on the portal',
    approverBranch: 'OS_HONG_KONG',
    generatedAt: '2026-10-01T08:00:00.000Z',
    validFrom: '2026-10-03T08:00:00.000Z',
    validTo: '2028-10-03T08:00:00.000Z',
    rejectReason: null,
    decidedAt: '2026-10-03T08:00:00.000Z',
    cancelledAt: null,
    certificateSerial: '5A3F01',
    authorizationFile: { name: 'authorization.pdf', size: 120_000, url: '/api/signet/seals/S1/authorization' },
    stampedFiles: [],
    ...overrides,
  };
}

export function sealReviewItem(overrides: Partial<TSealReviewItem> = {}): TSealReviewItem {
  return {
    ...sealItem({
      state: 'submitted',
      mine: false,
      approverBranch: 'OS_LONDON',
      validFrom: null,
      validTo: null,
      decidedAt: null,
      certificateSerial: null,
    }),
    authorizationFile: { name: 'authorization.pdf', size: 120_000, url: '/api/backend/seals/S1/authorization' },
    institutionName: 'Lakeside Bank',
    applicantName: 'John Smith',
    applicantEmail: 'john.smith@lakeside.example',
    institutionSwiftCode: 'LKSBGB2L',
    reviewerName: null,
    canDecide: true,
    ...overrides,
  };
}
