/**
 * Matched opportunities (SPEC §2 "Matched opportunities", docs/decisions/0006 "Matching"):
 * what the system and the bank pushed to the reader's institution, and the back office's manual
 * push.
 *
 * Manual push rules: the request must be effective; every institution must exist and be active
 * (else PRT_INSTITUTION_NOT_FOUND); the request's own institution is refused
 * (PRT_PUSH_OWN_INSTITUTION); an institution the request was already pushed to, by the system
 * or by the bank, refuses the whole push with PRT_ALREADY_PUSHED naming them, so that staff
 * see exactly what happened and nothing is written half-way. The pushed institutions' active
 * users get a `match` message; one audit entry records the push.
 */
import type { Locale } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { postMessageToUsers } from '../messages/index.ts';
import { toListItem } from './present.ts';
import {
  alreadyPushed,
  findInstitutionRecipients,
  findInstitutions,
  insertManualPushes,
  listPushedTo,
  type PushKind,
} from './pushes.repository.ts';
import { findRequestForShare } from './requests.repository.ts';

export async function matchedOpportunities(
  db: Db,
  user: SessionUser,
  locale: Locale,
  kind: PushKind,
  page: { pageNo: number; pageSize: number },
) {
  const paging = { pageNo: page.pageNo, pageSize: page.pageSize };
  if (user.institutionId === null) return { list: [], total: 0, ...paging };
  const institutionId = user.institutionId;
  const reader = { userId: user.id, institutionId, locale };
  const { rows, total } = await listPushedTo(db, reader, kind, paging);
  const list = rows.map((row) => ({
    request: toListItem(row, reader),
    kind: row.kind,
    instNm: row.instName,
    swiftCode: row.instSwiftCode,
    pushTime: new Date(row.pushedAt).toISOString(),
  }));
  return { list, total, ...paging };
}

export async function pushManually(
  db: Db,
  staff: SessionUser,
  requestLgcSn: string,
  institutionLgcSns: string[],
  client: { ip: string; locale: Locale },
): Promise<{ pushed: number; notified: number }> {
  const wanted = [...new Set(institutionLgcSns)];
  const notified = await inTransaction(db, async (trx) => {
    const request = await findRequestForShare(trx, requestLgcSn);
    if (!request || request.status === 'draft') throw new AppError('PRT_REQUEST_NOT_FOUND');
    if (request.status !== 'effective') throw new AppError('PRT_REQUEST_NOT_EFFECTIVE');

    const institutions = await findInstitutions(trx, wanted);
    const usable = institutions.filter((i) => i.status === 'active');
    if (usable.length !== wanted.length) throw new AppError('PRT_INSTITUTION_NOT_FOUND');
    const own = usable.find((i) => i.id === request.institutionId);
    if (own) throw new AppError('PRT_PUSH_OWN_INSTITUTION', { name: own.name });

    const ids = usable.map((i) => i.id);
    const before = await alreadyPushed(trx, request.id, ids);
    const pushed = await insertManualPushes(trx, request.id, ids, staff.id);
    // `before` catches earlier pushes; a concurrent push of the same pair shows as not inserted.
    const refused = usable.filter((i) => before.has(i.id) || !pushed.includes(i.id));
    if (refused.length > 0) {
      throw new AppError('PRT_ALREADY_PUSHED', {
        names: refused.map((i) => i.name).join(client.locale === 'zh-CN' ? '、' : ', '),
      });
    }
    const users = await postMessageToUsers(trx, {
      type: 'match',
      userIds: await findInstitutionRecipients(trx, pushed),
      requestId: request.id,
      institutionId: request.institutionId,
    });
    await recordAudit(trx, {
      actorUserId: staff.id,
      actorEmail: staff.email,
      action: AUDIT_ACTIONS.manualPush,
      targetType: 'request',
      targetId: request.lgcSn,
      detail: { institutions: usable.map((i) => i.lgcSn) },
      ip: client.ip,
    });
    return { pushed: pushed.length, users };
  });
  return { pushed: notified.pushed, notified: new Set(notified.users).size };
}
