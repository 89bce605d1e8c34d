/**
 * The last party's signature completes the contract (docs/decisions/0016-trusted-time.md,
 * 0020-evidence-attached.md), inside that signature's transaction, after its steps are in the
 * trail:
 *
 * 1. the evidence report is made once, in English and in Chinese, and each is attached to the
 *    signed PDF (one incremental update, no page touched);
 * 2. PAdES B-LTA: the validation data of every signature in the DSS, then a document timestamp
 *    over the whole, so the timestamp covers the reports too;
 * 3. the reports and the completed file are stored, and the trail records each report's SHA-256
 *    ('evidence') and the completed file's ('completed').
 *
 * A failure (the timestamp authority not answering) rolls the signature back with everything else.
 */

import type { TimestampAuthority } from '@libpdf/core';
import { translate } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { attachFiles } from '../../platform/signing/pdf-attach.ts';
import { completeForTheLongTerm } from '../../platform/signing/pdf-sign.ts';
import { TimestampError } from '../../platform/signing/timestamp.ts';
import type { Deal } from '../cooperation/index.ts';
import { type StoredFile, storeFileWithin } from '../files/index.ts';
import { revocationProviderFor } from '../seals/index.ts';
import type { Client, ContractDeps } from './contract-access.ts';
import { type ContractRow, insertEvents } from './contracts.repository.ts';
import { makeEvidenceReports, storeEvidence } from './evidence.service.ts';

type Completing = {
  deal: Deal;
  contract: ContractRow;
  /** The last signer. */
  user: SessionUser;
  institutionId: number;
  /** The file the last signature made, stored, and its bytes. */
  signed: StoredFile;
  bytes: Uint8Array;
};

/** Returns the completed file, stored; the caller makes it the contract's current file. */
export async function completeContract(
  deps: ContractDeps,
  trx: Db,
  { deal, contract, user, institutionId, signed, bytes }: Completing,
  { timestampAuthority, client, now }: { timestampAuthority: TimestampAuthority; client: Client; now: Date },
): Promise<StoredFile> {
  const reports = await makeEvidenceReports(deps, trx, deal, contract, now);
  let completed: Uint8Array;
  try {
    const attached = await attachFiles(
      bytes,
      reports.map((report) => ({
        name: report.attachAs,
        data: report.data,
        description: translate(report.locale, 'server.evidence.title'),
        mimeType: 'application/pdf',
        createdAt: now,
      })),
    );
    completed = await completeForTheLongTerm(attached, {
      timestampAuthority,
      revocationProvider: await revocationProviderFor(deps, trx),
    });
  } catch (error) {
    // The reason (no answer, a refusal, a token that failed a check) goes to the log with the 503.
    if (error instanceof TimestampError)
      throw Object.assign(new AppError('PRT_TIMESTAMP_UNAVAILABLE'), { cause: error });
    throw error;
  }
  await storeEvidence(deps, trx, contract, user.id, reports);
  const file = await storeFileWithin(trx, deps.storage, {
    uploaderUserId: user.id,
    purpose: 'contract',
    name: signed.originalName,
    data: Buffer.from(completed),
    owner: { kind: 'contract', lgcSn: contract.lgcSn },
  });
  const step = { intentionId: deal.intentionId, userId: user.id, institutionId, at: now, ...client };
  await insertEvents(trx, [
    ...reports.map((report) => ({
      ...step,
      kind: 'evidence' as const,
      fileName: report.attachAs,
      sha256Before: signed.sha256,
      sha256After: report.sha256,
    })),
    {
      ...step,
      kind: 'completed' as const,
      fileName: file.originalName,
      sha256Before: signed.sha256,
      sha256After: file.sha256,
    },
  ]);
  return file;
}
