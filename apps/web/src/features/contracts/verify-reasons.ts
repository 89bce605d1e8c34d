/**
 * The sentences /verify says about the server's verdict: why a signature or the file cannot be
 * relied on, in the reader's language. The verdict and the problems are the server's
 * (docs/decisions/0013-verify-verdict.md); nothing here judges.
 */
import {
  SIGNATURE_PROBLEMS,
  type TSignatureProblem,
  type TVerifiedSignature,
  type TVerifyReport,
  type TVerifyVerdict,
} from '@portal/shared/schemas/contracts';
import type { TFunction } from 'i18next';
import { formatTime } from '../../components/time-cells.ts';

type T = TFunction<'contracts'>;

/** "page 1, page 3" / "第 1 页、第 3 页". */
export function pagesText(t: T, pages: readonly number[]): string {
  return pages.map((page) => t('verify.pageN', { page })).join(t('verify.listSeparator'));
}

export function problemText(t: T, problem: TSignatureProblem, signature: TVerifiedSignature): string {
  // The pages a later signature changed (bytes no signature covers are the file's problem).
  const pages = [...new Set(signature.pagesChangedLater.flatMap(({ page, by }) => (by === null ? [] : [page])))];
  return t(`verify.problem.${problem}`, { date: formatTime(signature.revokedAt), pages: pagesText(t, pages) });
}

/** Every reason the verdict is not 'valid': the file's first, then each signature's, naming it. */
export function verdictReasons(t: T, report: TVerifyReport): string[] {
  return [
    ...report.problems.map((problem) =>
      t(`verify.fileProblem.${problem}`, { pages: pagesText(t, report.pagesChangedAfterLastSignature) }),
    ),
    ...report.signatures.flatMap((signature) =>
      signature.problems.map((problem) =>
        t('verify.reasonOfSignature', { index: signature.index, reason: problemText(t, problem, signature) }),
      ),
    ),
  ];
}

/** One signature's weight, from the server's problems: the worst of them. */
export function signatureVerdict(signature: TVerifiedSignature): TVerifyVerdict {
  const weights = signature.problems.map((problem) => SIGNATURE_PROBLEMS[problem]);
  return weights.includes('invalid') ? 'invalid' : weights.includes('warning') ? 'warning' : 'valid';
}
