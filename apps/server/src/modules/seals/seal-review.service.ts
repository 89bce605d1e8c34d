/**
 * The back office's side of seals: bank staff review the applications addressed to their branch
 * (their account's main contact branch, set by the bank); system administrators review every
 * branch's. A reviewer opens (reads), claims (starts the review) and decides (approves, issuing
 * the seal its certificate, or rejects); the applicant is messaged and mailed either way.
 */
import { AUDIT_ACTIONS, ROLE } from '@portal/shared';
import type { TSealReviewItem, TSealReviewQuery } from '@portal/shared/schemas/seals';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { SealStateColumn } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { SessionUser } from '../../platform/session.ts';
import { findInstitution, searchInstitutionIds } from '../institutions/index.ts';
import { postMessages } from '../messages/index.ts';
import { findUserById, searchUserIds, staffBranchOf } from '../users/index.ts';
import { issueSealCertificate, signingAuthority } from './authority.ts';
import { revocationUrls } from './revocation.ts';
import { type DescribedSeal, describeSeals, type SealDeps, sealFile, toItem } from './seal-items.ts';
import {
  findSealForUpdate,
  findSealListRow,
  findSealRow,
  listReviewQueue,
  type SealListRow,
  type SealRow,
  updateSeal,
} from './seals.repository.ts';

const TO_REVIEW: readonly SealStateColumn[] = ['submitted', 'pendingApproval'];
const sealPath = '/userCenter/mySignature';

/** The branches whose applications this staff member reviews; null = every branch. */
async function reviewBranchesOf(db: Db, user: SessionUser): Promise<string[] | null> {
  if (user.roleCodes.includes(ROLE.systemAdmin)) return null;
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
      await updateSeal(trx, seal.id, {
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

type Decision = { approve: true } | { approve: false; reason: string };
type SigningAuthority = Awaited<ReturnType<typeof signingAuthority>>;

/**
 * The decision on the seal's row: approved, with a certificate valid from now for the
 * application period (its key kept in `made.key` as soon as it exists, for the caller to destroy
 * if the decision then fails), or rejected with its reason.
 */
async function applyDecision(
  trx: Db,
  config: Config,
  seal: SealRow,
  decision: Decision,
  review: { user: SessionUser; authority: SigningAuthority | null; now: Date },
  made: { key: Buffer | null },
): Promise<void> {
  const { user, authority, now } = review;
  if (decision.approve && authority) {
    const institution = await findInstitution(trx, seal.institutionId);
    const validTo = addMonths(now, seal.periodMonths);
    const keys = await issueSealCertificate(
      authority,
      {
        lgcSn: seal.lgcSn,
        institutionName: institution?.name ?? '',
        sealName: seal.name,
        sealNo: seal.sealNo,
        validFrom: now,
        validTo,
      },
      revocationUrls(config),
    );
    made.key = keys.stored;
    await updateSeal(trx, seal.id, {
      state: 'effective',
      reviewerUserId: user.id,
      decidedAt: now,
      validFrom: now,
      validTo,
      certificateDer: Buffer.from(keys.certificateDer),
      certificateSerial: keys.serialHex,
      privateKeySealed: keys.stored,
    });
  }
  if (!decision.approve) {
    await updateSeal(trx, seal.id, {
      state: 'rejected',
      reviewerUserId: user.id,
      decidedAt: now,
      rejectReason: decision.reason,
    });
  }
}

/** The applicant is messaged and mailed the decision. */
async function tellApplicant(trx: Db, config: Config, seal: SealRow, decision: Decision) {
  const applicant = await findUserById(trx, seal.applicantUserId);
  await postMessages(trx, [
    {
      userId: seal.applicantUserId,
      type: decision.approve ? 'sealApproved' : 'sealRejected',
      requestId: null,
      institutionId: null,
      link: `${sealPath}?seal=${encodeURIComponent(seal.lgcSn)}`,
      subject: seal.name,
    },
  ]);
  if (!applicant) return;
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

/**
 * Approve or reject an application still to decide. Approval issues the seal its certificate
 * (valid from now for the application period); the applicant is messaged and mailed either way.
 */
export async function decideApplication(
  deps: SealDeps,
  user: SessionUser,
  lgcSn: string,
  decision: Decision,
  ip: string,
): Promise<TSealReviewItem> {
  const { db, config } = deps;
  const branches = await reviewBranchesOf(db, user);
  const authority = decision.approve ? await signingAuthority(db, config) : null;
  // A key made in a token for an approval that then fails is destroyed there.
  const made: { key: Buffer | null } = { key: null };
  await inTransaction(db, async (trx) => {
    const seal = await findSealForUpdate(trx, lgcSn);
    if (!seal) throw new AppError('PRT_SEAL_NOT_FOUND');
    // Another branch's application is not shown to this reviewer at all (as when opening it).
    if (branches !== null && !branches.includes(seal.approverBranch)) throw new AppError('PRT_SEAL_NOT_FOUND');
    if (!TO_REVIEW.includes(seal.state)) throw new AppError('PRT_SEAL_DECIDED', { state: seal.state });
    await applyDecision(trx, config, seal, decision, { user, authority, now: new Date() }, made);
    await tellApplicant(trx, config, seal, decision);
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: decision.approve ? AUDIT_ACTIONS.sealApproved : AUDIT_ACTIONS.sealRejected,
      targetType: 'seal',
      targetId: lgcSn,
      detail: decision.approve ? { sealNo: seal.sealNo } : { sealNo: seal.sealNo, reason: decision.reason },
      ip,
    });
  }).catch(async (error: unknown) => {
    if (authority && made.key) await authority.keyStore.destroy(made.key, `seal:${lgcSn}`).catch(() => undefined);
    throw error;
  });
  return reviewItem(deps, user, lgcSn, branches);
}
