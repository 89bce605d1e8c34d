/**
 * A seal as lists and pages show it (the applicant's side and the back office's queue): its row
 * with the names other modules hold (institution, applicant, reviewer), its authorization file and
 * the contracts it stamped; and its image or authorization file, for those who may read them.
 */
import type { TSealItem, TStampedFile } from '@portal/shared/schemas/seals';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import { describeFilesOf, findOwnedFile, readStoredFile } from '../files/index.ts';
import { findInstitutions } from '../institutions/index.ts';
import { findUserNames } from '../users/index.ts';
import { findSealRow, type SealListRow } from './seals.repository.ts';

/** Lists the files each seal stamped (the contracts module answers it; app.ts wires it in). */
export type StampedFilesOf = (db: Db, sealIds: readonly number[]) => Promise<Map<number, TStampedFile[]>>;

export type SealDeps = { db: Db; config: Config; storage: FileStorage; stampedFilesOf: StampedFilesOf };

export const sealImageUrl = (lgcSn: string) => `/api/signet/seals/${encodeURIComponent(lgcSn)}/image`;
const authorizationUrl = (lgcSn: string, staff: boolean) =>
  staff
    ? `/api/backend/seals/${encodeURIComponent(lgcSn)}/authorization`
    : `/api/signet/seals/${encodeURIComponent(lgcSn)}/authorization`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A seal with what lists show of it from other modules: names, the authorization file, stamped files. */
export type DescribedSeal = SealListRow & {
  institutionName: string;
  institutionSwiftCode: string | null;
  applicantName: string;
  applicantEmail: string;
  reviewerName: string | null;
  authorizationName: string;
  authorizationSize: number;
  stamped: TStampedFile[];
};

/** Adds to each row the names its institution, applicant and reviewer have in their modules. */
export async function describeSeals(deps: SealDeps, rows: readonly SealListRow[]): Promise<DescribedSeal[]> {
  const { db } = deps;
  const institutions = await findInstitutions(
    db,
    rows.map((row) => row.institutionId),
  );
  const people = await findUserNames(
    db,
    rows.flatMap((row) => [row.applicantUserId, ...(row.reviewerUserId ? [row.reviewerUserId] : [])]),
  );
  const files = await describeFilesOf(
    db,
    rows.map((row) => ({ owner: { kind: 'seal' as const, lgcSn: row.lgcSn }, lgcSns: [row.authorizationFile] })),
  );
  const stamped = await deps.stampedFilesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row, index) => {
    const institution = institutions.get(row.institutionId);
    const applicant = people.get(row.applicantUserId);
    const file = files[index]?.[0];
    return {
      ...row,
      institutionName: institution?.name ?? '',
      institutionSwiftCode: institution?.swiftCode ?? null,
      applicantName: applicant?.name ?? '',
      applicantEmail: applicant?.email ?? '',
      reviewerName: row.reviewerUserId ? (people.get(row.reviewerUserId)?.name ?? null) : null,
      authorizationName: file?.name ?? '',
      authorizationSize: file?.size ?? 0,
      stamped: stamped.get(row.id) ?? [],
    };
  });
}

/** A seal as an item of a list; `staffView`: the authorization file's address is the back office's. */
export function toItem(row: DescribedSeal, reader: SessionUser, staffView: boolean): TSealItem {
  const stamped = row.stamped;
  return {
    lgcSn: row.lgcSn,
    sealNo: row.sealNo,
    sealName: row.name,
    state: row.state,
    institutionName: row.institutionName,
    applicantName: row.applicantName,
    mine: row.applicantUserId === reader.id,
    imageUrl: sealImageUrl(row.lgcSn),
    imageWidth: row.imageWidth,
    imageHeight: row.imageHeight,
    periodMonths: row.periodMonths,
    reason: row.reason,
    approverBranch: row.approverBranch,
    generatedAt: new Date(row.createdAt).toISOString(),
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    rejectReason: row.rejectReason,
    decidedAt: iso(row.decidedAt),
    cancelledAt: iso(row.cancelledAt),
    certificateSerial: row.certificateSerial,
    authorizationFile: {
      name: row.authorizationName,
      size: Number(row.authorizationSize),
      url: authorizationUrl(row.lgcSn, staffView),
    },
    stampedFiles: stamped,
  };
}

/** The reader's institution; a reader of none has no seals. */
export function institutionOf(user: SessionUser): number {
  if (user.institutionId === null) throw new AppError('PRT_FORBIDDEN');
  return user.institutionId;
}

/** The seal's image or authorization file, for its institution's users and bank staff. */
export async function sealFile(
  deps: SealDeps,
  user: SessionUser,
  lgcSn: string,
  which: 'image' | 'authorization',
  reviewing = false,
) {
  const seal = await findSealRow(deps.db, lgcSn);
  const member = seal !== undefined && seal.institutionId === user.institutionId;
  // Bank staff see every seal's image (it is on the contracts they read); an authorization
  // agreement only as reviewers of its branch (reviewFile).
  const staffMaySee = isStaff(user) && (which === 'image' || reviewing);
  if (!seal || !(member || staffMaySee)) throw new AppError('PRT_SEAL_NOT_FOUND');
  const file = await findOwnedFile(
    deps.db,
    { kind: 'seal', lgcSn },
    which === 'image' ? seal.imageFile : seal.authorizationFile,
  );
  if (!file) throw new AppError('PRT_SEAL_NOT_FOUND');
  return { file, data: await readStoredFile(deps.storage, file) };
}
