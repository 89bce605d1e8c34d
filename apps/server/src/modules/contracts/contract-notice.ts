/**
 * A step one party took on the contract (an upload, a signature) is told to the other party's
 * contact for the deal: a message in the portal and a mail, in the contact's language.
 */
import type { TContractParty } from '@portal/shared/schemas/contracts';
import type { Db } from '../../db/database.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { SessionUser } from '../../platform/session.ts';
import type { Deal } from '../cooperation/index.ts';
import { findInstitution } from '../institutions/index.ts';
import { postMessages } from '../messages/index.ts';
import { findUserById } from '../users/index.ts';
import {
  type ContractDeps,
  contactOf,
  institutionOfParty,
  otherParty,
  PREVIEW_PATH,
  previewLink,
} from './contract-access.ts';

/** The other party's contact for the deal is messaged and mailed. */
export async function tellOtherParty(
  deps: ContractDeps,
  trx: Db,
  deal: Deal,
  party: TContractParty,
  actor: SessionUser,
  what: { type: 'contractUploaded' | 'contractSigned'; title: string; event: 'uploaded' | 'signed' | 'completed' },
) {
  const institutionId = institutionOfParty(deal, party);
  const contactId = contactOf(deal, otherParty(party));
  await postMessages(trx, [
    {
      userId: contactId,
      type: what.type,
      requestId: deal.requestId,
      institutionId,
      link: `${PREVIEW_PATH}?id=${encodeURIComponent(deal.intentionLgcSn)}`,
      subject: what.title,
    },
  ]);
  const contact = await findUserById(trx, contactId);
  if (!contact) return;
  const institution = await findInstitution(trx, institutionId);
  await enqueueMail(
    trx,
    {
      to: contact.email,
      locale: contact.locale,
      template: 'contractEvent',
      params: {
        name: contact.name,
        title: what.title,
        request: deal.requestName,
        institution: institution?.name ?? actor.name,
        event: what.event,
        link: previewLink(deps.config, deal.intentionLgcSn),
      },
    },
    deps.config.brand,
  );
}
