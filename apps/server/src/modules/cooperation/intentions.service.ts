/**
 * Cooperation intentions (docs/decisions/0006 "Intentions"): an institution tells a request's
 * publisher it wants to cooperate; the publisher's institution agrees or refuses, once.
 * - none to a request of one's own institution, none to a request that is not effective, none
 *   twice per institution (also under a race: the unique constraint decides);
 * - only users of the receiving institution answer, and only once (`update … where pending`);
 * - each step writes the messages (owner; sender; bank staff when agreed), e-mails the other
 *   side in their own language and records an audit entry, in one transaction; the open message
 *   streams are told after it commits.
 */
import type { TIntentionItem } from '@portal/shared/schemas/cooperation';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { SessionUser } from '../../platform/session.ts';
import { type NewMessage, postMessages, staffRecipients } from '../messages/index.ts';
import {
  answerPending,
  findInstitutionName,
  findIntention,
  findRequestForIntention,
  type IntentionListRow,
  insertIntention,
  listIntentions,
  type MyCooperationQuery,
} from './intentions.repository.ts';

/** The web page of a request, for e-mails. */
export const requestLink = (config: Config, lgcSn: string) =>
  `${config.publicBaseUrl}/cooperationDetail?lgcSn=${encodeURIComponent(lgcSn)}`;

const today = () => new Date().toISOString().slice(0, 10);

function institutionOf(user: SessionUser): number {
  // Every approved account belongs to an institution; one without cannot take part in deals.
  if (user.institutionId === null) throw new AppError('PRT_FORBIDDEN');
  return user.institutionId;
}

type IntentionRequest = NonNullable<Awaited<ReturnType<typeof findRequestForIntention>>>;

/** The request's owner is messaged and mailed the intention, with its sender and message. */
async function tellRequestOwner(
  trx: Db,
  config: Config,
  request: IntentionRequest,
  sender: { user: SessionUser; institutionId: number; message: string },
) {
  await postMessages(trx, [
    {
      userId: request.ownerUserId,
      type: 'intentionReceived',
      requestId: request.id,
      institutionId: sender.institutionId,
    },
  ]);
  await enqueueMail(
    trx,
    {
      to: request.ownerEmail,
      locale: request.ownerLocale,
      template: 'intentionReceived',
      params: {
        name: request.ownerName,
        request: request.name,
        institution: await findInstitutionName(trx, sender.institutionId),
        sender: sender.user.name,
        message: sender.message,
        link: requestLink(config, request.lgcSn),
      },
    },
    config.brand,
  );
}

export async function sendIntention(
  db: Db,
  config: Config,
  user: SessionUser,
  input: { requestLgcSn: string; message: string },
  ip: string,
): Promise<{ lgcSn: string }> {
  const senderInstitutionId = institutionOf(user);
  return inTransaction(db, async (trx) => {
    const request = await findRequestForIntention(trx, input.requestLgcSn);
    const own = request !== undefined && request.institutionId === senderInstitutionId;
    // Drafts, and requests taken down by the bank, do not exist for anyone else.
    if (!request || request.status === 'draft' || (request.invalidReason === 'takenDown' && !own)) {
      throw new AppError('PRT_REQUEST_NOT_FOUND');
    }
    if (own) throw new AppError('PRT_OWN_INSTITUTION_REQUEST');
    const expired = request.validUntil !== null && request.validUntil < today();
    if (request.status !== 'effective' || expired) throw new AppError('PRT_REQUEST_NOT_EFFECTIVE');

    const inserted = await insertIntention(trx, {
      lgcSn: newPublicId(),
      requestId: request.id,
      senderUserId: user.id,
      senderInstitutionId,
      recipientInstitutionId: request.institutionId,
      message: input.message,
    });
    if (!inserted) throw new AppError('PRT_INTENTION_EXISTS');

    await tellRequestOwner(trx, config, request, { user, institutionId: senderInstitutionId, message: input.message });
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.intentionSent,
      targetType: 'intention',
      targetId: inserted.lgcSn,
      detail: { request: request.lgcSn },
      ip,
    });
    return { lgcSn: inserted.lgcSn };
  });
}

type AnsweredIntention = NonNullable<Awaited<ReturnType<typeof findIntention>>>;

/** The sender is told the answer; bank staff also hear of an agreed one. */
async function answerMessages(
  trx: Db,
  intention: AnsweredIntention,
  status: 'agreed' | 'rejected',
): Promise<NewMessage[]> {
  const requestId = intention.requestId;
  const messages: NewMessage[] = [
    {
      userId: intention.senderUserId,
      type: status === 'agreed' ? 'intentionAgreed' : 'intentionRejected',
      requestId,
      institutionId: intention.recipientInstitutionId,
    },
  ];
  if (status === 'agreed') {
    // Bank staff follow reached intentions to a contract; the message names the sender (the
    // publisher is the request's institution).
    for (const staffId of await staffRecipients(trx)) {
      messages.push({
        userId: staffId,
        type: 'intentionReached',
        requestId,
        institutionId: intention.senderInstitutionId,
      });
    }
  }
  return messages;
}

export async function answerIntention(
  db: Db,
  config: Config,
  user: SessionUser,
  input: { intentionLgcSn: string; decision: 'agree' | 'refuse' },
  ip: string,
): Promise<{ status: 'agreed' | 'rejected' }> {
  const status = input.decision === 'agree' ? 'agreed' : 'rejected';
  await inTransaction(db, async (trx) => {
    const intention = await findIntention(trx, input.intentionLgcSn);
    if (!intention) throw new AppError('PRT_INTENTION_NOT_FOUND');
    if (user.institutionId === null || intention.recipientInstitutionId !== user.institutionId) {
      throw new AppError('PRT_NOT_INTENTION_RECIPIENT');
    }
    if (!(await answerPending(trx, intention.id, status, user.id))) {
      throw new AppError('PRT_INTENTION_ANSWERED');
    }
    await postMessages(trx, await answerMessages(trx, intention, status));
    await enqueueMail(
      trx,
      {
        to: intention.senderEmail,
        locale: intention.senderLocale,
        template: 'intentionAnswered',
        params: {
          name: intention.senderName,
          request: intention.requestName,
          institution: intention.recipientName,
          decision: input.decision,
          link: requestLink(config, intention.requestLgcSn),
        },
      },
      config.brand,
    );
    await recordAudit(trx, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: AUDIT_ACTIONS.intentionAnswered,
      targetType: 'intention',
      targetId: intention.lgcSn,
      detail: { request: intention.requestLgcSn, decision: status },
      ip,
    });
  });
  return { status };
}

/**
 * The contact a reader gets of the other side of an intention: only once it is agreed, and only
 * when the reader's institution is one of its two parties — the publisher (recipient) gets the
 * sender's, the sender gets the publisher's. Pending and refused intentions, outsiders and parties
 * of other intentions on the same request get none.
 */
export function counterpartContactFor(
  row: IntentionListRow,
  readerInstitutionId: number | null,
): TIntentionItem['counterpartContact'] {
  if (row.status !== 'agreed' || readerInstitutionId === null) return null;
  if (row.recipientInstitutionId === readerInstitutionId) {
    return { institution: row.senderInstitution, name: row.senderName, email: row.senderEmail, phone: row.senderPhone };
  }
  if (row.senderInstitutionId === readerInstitutionId) {
    return {
      institution: row.recipientInstitution,
      name: row.publisherContactName ?? '',
      email: row.publisherContactEmail ?? '',
      phone: row.publisherContactPhone,
    };
  }
  return null;
}

export function toIntentionItem(row: IntentionListRow, readerInstitutionId: number | null): TIntentionItem {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return {
    lgcSn: row.lgcSn,
    requestLgcSn: row.requestLgcSn,
    requestName: row.requestName,
    status: row.status,
    handled: row.status !== 'pending',
    message: row.message,
    senderName: row.senderName,
    senderInstitution: row.senderInstitution,
    senderSwiftCode: row.senderSwiftCode,
    recipientInstitution: row.recipientInstitution,
    sentAt: iso(row.createdAt)!,
    respondedAt: iso(row.respondedAt),
    canAnswer:
      row.status === 'pending' && readerInstitutionId !== null && row.recipientInstitutionId === readerInstitutionId,
    counterpartContact: counterpartContactFor(row, readerInstitutionId),
  };
}

/** My cooperation: the intentions the reader's institution sent or received. */
export async function myCooperation(db: Db, user: SessionUser, query: MyCooperationQuery) {
  const page = { pageNo: query.pageNo, pageSize: query.pageSize };
  if (user.institutionId === null) return { list: [], total: 0, ...page };
  const institutionId = user.institutionId;
  const { rows, total } = await listIntentions(db, institutionId, query);
  return { list: rows.map((row) => toIntentionItem(row, institutionId)), total, ...page };
}
