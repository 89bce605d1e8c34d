/**
 * The applicant's side of seals: the institution's seals, the reader's usable ones, applying for
 * a seal (any active user of a partner institution, or of the bank, for their own institution),
 * and cancelling an effective one (only its applicant, with the code mailed to them).
 */
import type { Locale } from '@portal/shared';
import { AUDIT_ACTIONS } from '@portal/shared';
import { BRANCHES } from '@portal/shared/dictionaries';
import type { TSealApplyRequest, TSealItem, TSealListQuery, TUsableSeals } from '@portal/shared/schemas/seals';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import type { SessionUser } from '../../platform/session.ts';
import { keyStoreFor } from '../../platform/signing/kek.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import { type CodePurpose, checkVerificationCode, mailActCode } from '../../platform/verification-codes.ts';
import { claimFiles, findOwnedFile, readStoredFile } from '../files/index.ts';
import { isInstitutionStopped } from '../institutions/index.ts';
import { postMessageToUsers } from '../messages/index.ts';
import { branchReviewerIds } from '../users/index.ts';
import { currentCrl } from './revocation.ts';
import { type DescribedSeal, describeSeals, institutionOf, type SealDeps, sealImageUrl, toItem } from './seal-items.ts';
import {
  findSealForUpdate,
  findSealListRow,
  findSealRow,
  insertSeal,
  listInstitutionSeals,
  listUsableSeals,
  nextSealNo,
  type SealRow,
  updateSeal,
} from './seals.repository.ts';

const BRANCH_CODES = new Set(BRANCHES.map((branch) => branch.code));
const reviewPath = '/backend/seals';

export async function listMySeals(deps: SealDeps, user: SessionUser, query: TSealListQuery) {
  const { rows, total } = await listInstitutionSeals(deps.db, institutionOf(user), query);
  return {
    list: (await describeSeals(deps, rows)).map((row) => toItem(row, user, false)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** The reader's own usable seals (each stamps only for its holder), and how many colleagues hold. */
export async function usableSeals(db: Db, user: SessionUser, now = new Date()): Promise<TUsableSeals> {
  const rows = await listUsableSeals(db, institutionOf(user), now);
  const mine = rows.filter((row) => row.applicantUserId === user.id);
  return {
    heldByColleagues: rows.length - mine.length,
    list: mine.map((row) => ({
      lgcSn: row.lgcSn,
      sealNo: row.sealNo,
      sealName: row.name,
      imageUrl: sealImageUrl(row.lgcSn),
      validTo: new Date(row.validTo as Date).toISOString(),
    })),
  };
}

/** Claims the application's files, records the application and tells its branch's reviewers. */
async function recordApplication(
  deps: SealDeps,
  trx: Db,
  application: { lgcSn: string; institutionId: number; user: SessionUser; input: TSealApplyRequest; now: Date },
  locale: Locale,
  ip: string,
) {
  const { lgcSn, institutionId, user, input, now } = application;
  await claimFiles(trx, {
    owner: { kind: 'seal', lgcSn },
    by: { userId: user.id },
    files: [
      { lgcSn: input.imageFile, purpose: 'sealImage', field: 'imageFile' },
      { lgcSn: input.authorizationFile, purpose: 'sealAuthorization', field: 'authorizationFile' },
    ],
    locale,
  });
  const image = await findOwnedFile(trx, { kind: 'seal', lgcSn }, input.imageFile);
  if (!image) throw fieldError(locale, 'imageFile', 'required');
  // Checked at upload (square, transparent); the size is read again for the record.
  const facts = await parseUntrusted('pngFacts', { bytes: await readStoredFile(deps.storage, image) });
  if (!facts) throw fieldError(locale, 'imageFile', 'invalid');
  await insertSeal(trx, {
    lgcSn,
    sealNo: await nextSealNo(trx, now),
    name: input.sealName,
    institutionId,
    applicantUserId: user.id,
    state: 'submitted',
    periodMonths: input.periodMonths,
    reason: input.reason,
    approverBranch: input.approverBranch,
    imageFile: input.imageFile,
    imageWidth: facts.width,
    imageHeight: facts.height,
    authorizationFile: input.authorizationFile,
    agreementAcceptedAt: now,
    createdAt: now,
  });
  const reviewers = await branchReviewerIds(trx, input.approverBranch);
  await postMessageToUsers(trx, {
    type: 'sealSubmitted',
    userIds: reviewers,
    requestId: null,
    institutionId,
    link: `${reviewPath}?seal=${encodeURIComponent(lgcSn)}`,
    subject: input.sealName,
  });
  await recordAudit(trx, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: AUDIT_ACTIONS.sealApplied,
    targetType: 'seal',
    targetId: lgcSn,
    detail: { sealName: input.sealName, approverBranch: input.approverBranch },
    ip,
  });
}

/** Apply for a seal (SPEC §5: complete, and the e-signature agreement accepted). */
export async function applyForSeal(
  deps: SealDeps,
  user: SessionUser,
  input: TSealApplyRequest,
  locale: Locale,
  ip: string,
): Promise<TSealItem> {
  const { db } = deps;
  const institutionId = institutionOf(user);
  if (await isInstitutionStopped(db, institutionId)) throw new AppError('PRT_FORBIDDEN');
  if (!BRANCH_CODES.has(input.approverBranch)) throw fieldError(locale, 'approverBranch', 'unknownCode');
  const lgcSn = newPublicId();
  const now = new Date();
  await inTransaction(db, (trx) =>
    recordApplication(deps, trx, { lgcSn, institutionId, user, input, now }, locale, ip),
  );
  return mySeal(deps, user, lgcSn);
}

async function mySeal(deps: SealDeps, user: SessionUser, lgcSn: string): Promise<TSealItem> {
  const row = await findSealListRow(deps.db, lgcSn);
  if (!row || row.institutionId !== user.institutionId) throw new AppError('PRT_SEAL_NOT_FOUND');
  const [described] = await describeSeals(deps, [row]);
  return toItem(described as DescribedSeal, user, false);
}

const cancelPurpose = (lgcSn: string): CodePurpose => `sealCancel:${lgcSn}`;

/** Mails the applicant the code that confirms cancelling an effective seal. */
export async function sendCancelCode(deps: SealDeps, user: SessionUser, lgcSn: string, locale: Locale) {
  const seal = await findSealRow(deps.db, lgcSn);
  assertCancellable(seal, user);
  const purpose = cancelPurpose(lgcSn);
  return inTransaction(deps.db, (trx) =>
    mailActCode(trx, { email: user.email, locale, purpose, brand: deps.config.brand }),
  );
}

function assertCancellable(seal: SealRow | undefined, user: SessionUser): asserts seal is SealRow {
  if (!seal || seal.institutionId !== user.institutionId) throw new AppError('PRT_SEAL_NOT_FOUND');
  if (seal.applicantUserId !== user.id) throw new AppError('PRT_NOT_SEAL_APPLICANT');
  if (seal.state !== 'effective') throw new AppError('PRT_SEAL_NOT_EFFECTIVE', { state: seal.state });
}

/** Cancels an effective seal with the mailed code: it stamps nothing more, its certificate is revoked. */
export async function cancelSeal(
  deps: SealDeps,
  user: SessionUser,
  lgcSn: string,
  code: string,
  ip: string,
): Promise<TSealItem> {
  assertCancellable(await findSealRow(deps.db, lgcSn), user);
  // Outside the transaction: a wrong try stays counted (platform/verification-codes.ts).
  await checkVerificationCode(deps.db, { email: user.email, purpose: cancelPurpose(lgcSn), code, consume: true });
  await inTransaction(deps.db, async (trx) => {
    // Waits for a signature being made with this seal (it holds the seal's share lock), so the
    // cancellation comes after it; a signature starting now finds the seal cancelled.
    const seal = await findSealForUpdate(trx, lgcSn);
    assertCancellable(seal, user);
    const now = new Date();
    // Its key is destroyed: it signs nothing more; its certificate stays for verification. In a
    // token, the key object goes before the commit: a cancellation that then fails leaves a seal
    // that cannot sign, never a key no row names.
    if (seal.privateKeySealed) await (await keyStoreFor(deps.config)).destroy(seal.privateKeySealed, `seal:${lgcSn}`);
    await updateSeal(trx, seal.id, {
      state: 'cancelled',
      cancelledAt: now,
      revokedAt: now,
      privateKeySealed: null,
    });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.sealCancelled,
      targetType: 'seal',
      targetId: lgcSn,
      detail: { sealNo: seal.sealNo, certificateSerial: seal.certificateSerial },
      ip,
    });
  });
  // The CRL is published with the revocation now, not at its next read; a failure here is
  // repaired by that read, which builds it again.
  await currentCrl(deps).catch(() => undefined);
  return mySeal(deps, user, lgcSn);
}
