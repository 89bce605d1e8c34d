/**
 * Electronic seals (SPEC §1, §3, §4, §5; issue "Electronic seals and contracts"): apply, review
 * (open, approve, reject), cancel with an e-mailed code, expire. No HTTP here.
 *
 * Who may do what:
 * - any active user of a partner institution (or of the bank) applies for a seal of their own
 *   institution; the institution is the holder, every one of its users sees its seals and may
 *   place its effective seals on contracts it signs;
 * - bank staff review the applications addressed to their branch (their account's main contact
 *   branch, set by the bank); system administrators review every branch's;
 * - only the applicant cancels, with the code mailed to them.
 * State changes lock the seal row, so two reviewers (or a reviewer and the expiry job) cannot
 * both decide.
 */
import type { Locale } from '@portal/shared';
import { AUDIT_ACTIONS } from '@portal/shared';
import { BRANCHES } from '@portal/shared/dictionaries';
import type {
  TSealApplyRequest,
  TSealItem,
  TSealListQuery,
  TSealReviewItem,
  TSealReviewQuery,
  TStampedFile,
  TUsableSeals,
} from '@portal/shared/schemas/seals';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { SealStateColumn } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { isStaff, type SessionUser } from '../../platform/session.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import { fieldError } from '../../platform/validation-errors.ts';
import {
  type CodePurpose,
  checkVerificationCode,
  codeKindOf,
  issueVerificationCode,
} from '../../platform/verification-codes.ts';
import { claimFiles, describeFilesOf, findOwnedFile, readStoredFile } from '../files/index.ts';
import {
  findInstitution,
  findInstitutions,
  isInstitutionStopped,
  searchInstitutionIds,
} from '../institutions/index.ts';
import { postMessages, postMessageToUsers } from '../messages/index.ts';
import { branchReviewerIds, findUserById, findUserNames, searchUserIds, staffBranchOf } from '../users/index.ts';
import { issueSealCertificate, signingAuthority } from './authority.ts';
import { currentCrl, revocationUrls } from './revocation.ts';
import {
  expireSeals,
  findSealForUpdate,
  findSealListRow,
  findSealRow,
  insertSeal,
  listInstitutionSeals,
  listReviewQueue,
  listUsableSeals,
  nextSealNo,
  type SealListRow,
  type SealRow,
  updateSeal,
} from './seals.repository.ts';

const SYSTEM_ADMIN = '99';
const BRANCH_CODES = new Set(BRANCHES.map((branch) => branch.code));
const TO_REVIEW: readonly SealStateColumn[] = ['submitted', 'pendingApproval'];

/** Lists the files each seal stamped (the contracts module answers it; app.ts wires it in). */
export type StampedFilesOf = (db: Db, sealIds: readonly number[]) => Promise<Map<number, TStampedFile[]>>;

export type SealDeps = { db: Db; config: Config; storage: FileStorage; stampedFilesOf: StampedFilesOf };

const sealPath = '/userCenter/mySignature';
const reviewPath = '/backend/seals';

export const sealImageUrl = (lgcSn: string) => `/api/signet/seals/${encodeURIComponent(lgcSn)}/image`;
const authorizationUrl = (lgcSn: string, staff: boolean) =>
  staff
    ? `/api/backend/seals/${encodeURIComponent(lgcSn)}/authorization`
    : `/api/signet/seals/${encodeURIComponent(lgcSn)}/authorization`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A seal with what lists show of it from other modules: names, the authorization file, stamped files. */
type DescribedSeal = SealListRow & {
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
async function describeSeals(deps: SealDeps, rows: readonly SealListRow[]): Promise<DescribedSeal[]> {
  const { db } = deps;
  const institutions = await findInstitutions(
    db,
    rows.map((row) => Number(row.institutionId)),
  );
  const people = await findUserNames(
    db,
    rows.flatMap((row) => [Number(row.applicantUserId), ...(row.reviewerUserId ? [Number(row.reviewerUserId)] : [])]),
  );
  const files = await describeFilesOf(
    db,
    rows.map((row) => ({ owner: { kind: 'seal' as const, lgcSn: row.lgcSn }, lgcSns: [row.authorizationFile] })),
  );
  const stamped = await deps.stampedFilesOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row, index) => {
    const institution = institutions.get(Number(row.institutionId));
    const applicant = people.get(Number(row.applicantUserId));
    const file = files[index]?.[0];
    return {
      ...row,
      institutionName: institution?.name ?? '',
      institutionSwiftCode: institution?.swiftCode ?? null,
      applicantName: applicant?.name ?? '',
      applicantEmail: applicant?.email ?? '',
      reviewerName: row.reviewerUserId ? (people.get(Number(row.reviewerUserId))?.name ?? null) : null,
      authorizationName: file?.name ?? '',
      authorizationSize: file?.size ?? 0,
      stamped: stamped.get(Number(row.id)) ?? [],
    };
  });
}

function toItem(row: DescribedSeal, reader: SessionUser, staffView: boolean): TSealItem {
  const stamped = row.stamped;
  return {
    lgcSn: row.lgcSn,
    sealNo: row.sealNo,
    sealName: row.name,
    state: row.state,
    institutionName: row.institutionName,
    applicantName: row.applicantName,
    mine: Number(row.applicantUserId) === reader.id,
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

function institutionOf(user: SessionUser): number {
  if (user.institutionId === null) throw new AppError('PRT_FORBIDDEN');
  return user.institutionId;
}

// ---------- the applicant's side ----------

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
  const mine = rows.filter((row) => Number(row.applicantUserId) === user.id);
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
  await inTransaction(db, async (trx) => {
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
  });
  return mySeal(deps, user, lgcSn);
}

async function mySeal(deps: SealDeps, user: SessionUser, lgcSn: string): Promise<TSealItem> {
  const row = await findSealListRow(deps.db, lgcSn);
  if (!row || Number(row.institutionId) !== user.institutionId) throw new AppError('PRT_SEAL_NOT_FOUND');
  const [described] = await describeSeals(deps, [row]);
  return toItem(described as DescribedSeal, user, false);
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
  const member = seal !== undefined && Number(seal.institutionId) === user.institutionId;
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

const cancelPurpose = (lgcSn: string): CodePurpose => `sealCancel:${lgcSn}`;

/** Mails the applicant the code that confirms cancelling an effective seal. */
export async function sendCancelCode(deps: SealDeps, user: SessionUser, lgcSn: string, locale: Locale) {
  const seal = await findSealRow(deps.db, lgcSn);
  assertCancellable(seal, user);
  const purpose = cancelPurpose(lgcSn);
  return inTransaction(deps.db, async (trx) => {
    const { code, resendAfterSeconds } = await issueVerificationCode(trx, {
      email: user.email,
      purpose,
      allowance: { limit: 10, windowSeconds: 3600 },
    });
    await enqueueMail(
      trx,
      { to: user.email, locale, template: 'emailCode', params: { code, purpose: codeKindOf(purpose), minutes: 10 } },
      deps.config.brand,
    );
    return { resendAfterSeconds };
  });
}

function assertCancellable(seal: SealRow | undefined, user: SessionUser): asserts seal is SealRow {
  if (!seal || Number(seal.institutionId) !== user.institutionId) throw new AppError('PRT_SEAL_NOT_FOUND');
  if (Number(seal.applicantUserId) !== user.id) throw new AppError('PRT_NOT_SEAL_APPLICANT');
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
    // Its key is destroyed: it signs nothing more; its certificate stays for verification.
    await updateSeal(trx, Number(seal.id), {
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

// ---------- review (bank staff) ----------

/** The branches whose applications this staff member reviews; null = every branch. */
async function reviewBranchesOf(db: Db, user: SessionUser): Promise<string[] | null> {
  if (user.roleCodes.includes(SYSTEM_ADMIN)) return null;
  const branch = staffBranchOf(await findUserById(db, user.id));
  return branch ? [branch] : [];
}

function canDecide(row: Pick<SealListRow, 'state' | 'approverBranch'>, branches: string[] | null): boolean {
  return TO_REVIEW.includes(row.state) && (branches === null || branches.includes(row.approverBranch));
}

function toReviewItem(row: DescribedSeal, user: SessionUser, branches: string[] | null) {
  return {
    ...toItem(row, user, true),
    applicantEmail: row.applicantEmail,
    institutionSwiftCode: row.institutionSwiftCode,
    reviewerName: row.reviewerName,
    canDecide: canDecide(row, branches),
  } satisfies TSealReviewItem;
}

export async function reviewQueue(deps: SealDeps, user: SessionUser, query: TSealReviewQuery) {
  const branches = await reviewBranchesOf(deps.db, user);
  const states = query.state === 'all' ? null : query.state === 'toReview' ? TO_REVIEW : [query.state];
  const text = query.q?.trim();
  const q = text
    ? {
        text,
        institutionIds: await searchInstitutionIds(deps.db, text),
        userIds: await searchUserIds(deps.db, text),
      }
    : undefined;
  const { rows, total } = await listReviewQueue(deps.db, branches, {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    states,
    q,
  });
  return {
    list: (await describeSeals(deps, rows)).map((row) => toReviewItem(row, user, branches)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

async function reviewItem(deps: SealDeps, user: SessionUser, lgcSn: string, branches: string[] | null) {
  const row = await findSealListRow(deps.db, lgcSn);
  if (!row || (branches !== null && !branches.includes(row.approverBranch))) throw new AppError('PRT_SEAL_NOT_FOUND');
  const [described] = await describeSeals(deps, [row]);
  return toReviewItem(described as DescribedSeal, user, branches);
}

/** An application, as a reviewer of its branch (or a system administrator) reads it. Reads only. */
export async function openApplication(deps: SealDeps, user: SessionUser, lgcSn: string): Promise<TSealReviewItem> {
  return reviewItem(deps, user, lgcSn, await reviewBranchesOf(deps.db, user));
}

/**
 * A reviewer of its branch starts the review (SPEC §4): a submitted application becomes pending
 * approval, by them. One already pending stays with whoever started it; a decided one is 409.
 */
export async function claimApplication(deps: SealDeps, user: SessionUser, lgcSn: string): Promise<TSealReviewItem> {
  const branches = await reviewBranchesOf(deps.db, user);
  await inTransaction(deps.db, async (trx) => {
    const seal = await findSealForUpdate(trx, lgcSn);
    if (!seal || (branches !== null && !branches.includes(seal.approverBranch)))
      throw new AppError('PRT_SEAL_NOT_FOUND');
    if (!TO_REVIEW.includes(seal.state)) throw new AppError('PRT_SEAL_DECIDED', { state: seal.state });
    if (seal.state === 'submitted') {
      await updateSeal(trx, Number(seal.id), {
        state: 'pendingApproval',
        reviewerUserId: user.id,
        reviewStartedAt: new Date(),
      });
    }
  });
  return reviewItem(deps, user, lgcSn, branches);
}

/** The authorization file, for a reviewer of the seal's branch. */
export async function reviewFile(deps: SealDeps, user: SessionUser, lgcSn: string, which: 'image' | 'authorization') {
  const branches = await reviewBranchesOf(deps.db, user);
  const seal = await findSealRow(deps.db, lgcSn);
  if (!seal || (branches !== null && !branches.includes(seal.approverBranch))) throw new AppError('PRT_SEAL_NOT_FOUND');
  return sealFile(deps, user, lgcSn, which, true);
}

function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * Approve or reject an application still to decide. Approval issues the seal its certificate
 * (valid from now for the application period); the applicant is messaged and mailed either way.
 */
export async function decideApplication(
  deps: SealDeps,
  user: SessionUser,
  lgcSn: string,
  decision: { approve: true } | { approve: false; reason: string },
  ip: string,
): Promise<TSealReviewItem> {
  const { db, config } = deps;
  const branches = await reviewBranchesOf(db, user);
  const authority = decision.approve ? await signingAuthority(db, config) : null;
  await inTransaction(db, async (trx) => {
    const seal = await findSealForUpdate(trx, lgcSn);
    if (!seal) throw new AppError('PRT_SEAL_NOT_FOUND');
    // Another branch's application is not shown to this reviewer at all (as when opening it).
    if (branches !== null && !branches.includes(seal.approverBranch)) throw new AppError('PRT_SEAL_NOT_FOUND');
    if (!TO_REVIEW.includes(seal.state)) throw new AppError('PRT_SEAL_DECIDED', { state: seal.state });
    const now = new Date();
    const institution = await findInstitution(trx, Number(seal.institutionId));
    if (decision.approve && authority) {
      const validTo = addMonths(now, seal.periodMonths);
      const keys = await issueSealCertificate(
        authority,
        {
          institutionName: institution?.name ?? '',
          sealName: seal.name,
          sealNo: seal.sealNo,
          validFrom: now,
          validTo,
        },
        revocationUrls(config),
      );
      await updateSeal(trx, Number(seal.id), {
        state: 'effective',
        reviewerUserId: user.id,
        decidedAt: now,
        validFrom: now,
        validTo,
        certificateDer: Buffer.from(keys.certificateDer),
        certificateSerial: keys.serialHex,
        privateKeySealed: authority.keyStore.seal(keys.privateKeyPkcs8, `seal:${lgcSn}`),
      });
    } else if (!decision.approve) {
      await updateSeal(trx, Number(seal.id), {
        state: 'rejected',
        reviewerUserId: user.id,
        decidedAt: now,
        rejectReason: decision.reason,
      });
    }
    const applicant = await findUserById(trx, Number(seal.applicantUserId));
    await postMessages(trx, [
      {
        userId: Number(seal.applicantUserId),
        type: decision.approve ? 'sealApproved' : 'sealRejected',
        requestId: null,
        institutionId: null,
        link: `${sealPath}?seal=${encodeURIComponent(lgcSn)}`,
        subject: seal.name,
      },
    ]);
    if (applicant) {
      await enqueueMail(
        trx,
        {
          to: applicant.email,
          locale: applicant.locale,
          template: 'sealDecided',
          params: {
            name: applicant.name,
            seal: seal.name,
            sealNo: seal.sealNo,
            decision: decision.approve ? 'approve' : 'reject',
            reason: decision.approve ? '' : decision.reason,
            link: `${config.publicBaseUrl}${sealPath}`,
          },
        },
        config.brand,
      );
    }
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: decision.approve ? AUDIT_ACTIONS.sealApproved : AUDIT_ACTIONS.sealRejected,
      targetType: 'seal',
      targetId: lgcSn,
      detail: decision.approve ? { sealNo: seal.sealNo } : { sealNo: seal.sealNo, reason: decision.reason },
      ip,
    });
  });
  return reviewItem(deps, user, lgcSn, branches);
}

// ---------- expiry ----------

/** Effective seals at the end of their period become expired, their keys destroyed (the scheduled job). */
export async function expireDueSeals(db: Db, now: Date): Promise<{ expired: number }> {
  return inTransaction(db, async (trx) => {
    const expired = await expireSeals(trx, now);
    for (const seal of expired) {
      await recordAudit(trx, {
        action: AUDIT_ACTIONS.sealExpired,
        targetType: 'seal',
        targetId: seal.lgcSn,
        detail: { sealNo: seal.sealNo },
      });
    }
    return { expired: expired.length };
  });
}
