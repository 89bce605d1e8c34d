/**
 * The code that confirms a signature: mailed to the signer on request (the trail records that it
 * was sent), checked and used up by contract-signing.service.ts. Asked only while the party may
 * sign (the contract confirmed, not yet signed by it, the request open).
 */
import type { Locale } from '@portal/shared';
import type { TContractParty } from '@portal/shared/schemas/contracts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { type CodePurpose, mailActCode } from '../../platform/verification-codes.ts';
import { type Client, type ContractDeps, institutionOfParty, openPartyDeal } from './contract-access.ts';
import { type ContractRow, findContractByIntention, findSignatures, insertEvents } from './contracts.repository.ts';

export const signPurpose = (contractLgcSn: string): CodePurpose => `contractSign:${contractLgcSn}`;

/** Checks that `party` may sign `contract` now (confirmed, not yet signed by it). */
export async function assertSignable(
  db: Db,
  contract: ContractRow | undefined,
  party: TContractParty,
): Promise<ContractRow> {
  if (!contract) throw new AppError('PRT_CONTRACT_NOT_UPLOADED');
  if (!contract.confirmedAt) throw new AppError('PRT_CONTRACT_NOT_CONFIRMED');
  const signatures = await findSignatures(db, [contract.id]);
  if (signatures.some((signature) => signature.party === party)) throw new AppError('PRT_CONTRACT_ALREADY_SIGNED');
  return contract;
}

/** Mails the signer the code that confirms their signature (the trail records that it was sent). */
export async function sendSignCode(
  deps: ContractDeps,
  user: SessionUser,
  intentionLgcSn: string,
  locale: Locale,
  client: Client,
) {
  const { deal, party } = await openPartyDeal(deps.db, user, intentionLgcSn);
  const contract = await assertSignable(deps.db, await findContractByIntention(deps.db, deal.intentionId), party);
  const purpose = signPurpose(contract.lgcSn);
  return inTransaction(deps.db, async (trx) => {
    const { resendAfterSeconds } = await mailActCode(trx, {
      email: user.email,
      locale,
      purpose,
      brand: deps.config.brand,
    });
    await insertEvents(trx, [
      {
        intentionId: deal.intentionId,
        kind: 'codeSent',
        userId: user.id,
        institutionId: institutionOfParty(deal, party),
        ...client,
      },
    ]);
    return { resendAfterSeconds };
  });
}
