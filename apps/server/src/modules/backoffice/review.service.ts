/**
 * The bank's review of registrations: approve (→ 1, with the role asked for), reject (→ 7) or
 * ask for more information (→ 8). Only an account under review (5) can be decided, once; the
 * decision is audited and ends the applicant's sessions.
 */
import type { Locale } from '@portal/shared';
import type { TReviewDecision } from '@portal/shared/schemas/accounts';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import type { Activation } from '../../db/schema.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { endSessionsOfUser, type SessionUser } from '../../platform/session.ts';
import { describeAttachments } from '../files/files.service.ts';

const ACTIVATIONS_OF = {
  '5': ['5'],
  '7': ['7'],
  '8': ['8'],
  approved: ['1', '6'],
  all: ['1', '5', '6', '7', '8'],
} as const satisfies Record<string, readonly Activation[]>;

export async function listRegistrations(
  db: Db,
  query: { activation: '5' | '7' | '8' | 'approved' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
) {
  let base = db
    .selectFrom('appUser as u')
    .leftJoin('institution as i', 'i.id', 'u.institutionId')
    .where('u.activation', 'in', ACTIVATIONS_OF[query.activation]);
  if (query.q) {
    const like = containsPattern(query.q);
    base = base.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', like),
        eb('u.name', 'ilike', like),
        eb('i.name', 'ilike', like),
        eb('i.swiftCode', 'ilike', like),
      ]),
    );
  }
  const total = await totalOf(base);
  const rows = await base
    .select([
      'u.lgcSn',
      'u.email',
      'u.name',
      'u.activation',
      'u.updatedAt',
      'u.profile',
      'i.name as instNm',
      'i.swiftCode',
    ])
    .orderBy('u.updatedAt', 'asc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      lgcSn: r.lgcSn,
      emailAdr: r.email,
      usrNm: r.name,
      instNm: r.instNm,
      instSwiftCode: r.swiftCode,
      country: (r.profile as { country?: string }).country ?? null,
      actvtInd: r.activation,
      submittedAt: new Date(r.updatedAt).toISOString(),
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

export async function registrationDetail(db: Db, lgcSn: string) {
  const r = await db
    .selectFrom('appUser as u')
    .leftJoin('institution as i', 'i.id', 'u.institutionId')
    .select([
      'u.lgcSn',
      'u.email',
      'u.name',
      'u.activation',
      'u.updatedAt',
      'u.profile',
      'u.reviewNote',
      'i.name as instNm',
      'i.swiftCode',
    ])
    .where('u.lgcSn', '=', lgcSn)
    .executeTakeFirst();
  if (!r) throw new AppError('PRT_USER_NOT_FOUND');
  const profile = r.profile as Record<string, unknown>;
  return {
    lgcSn: r.lgcSn,
    emailAdr: r.email,
    usrNm: r.name,
    instNm: r.instNm,
    instSwiftCode: r.swiftCode,
    country: typeof profile.country === 'string' ? profile.country : null,
    actvtInd: r.activation,
    submittedAt: new Date(r.updatedAt).toISOString(),
    profile,
    reviewNote: r.reviewNote,
    attachments: await describeAttachments(db, r.lgcSn, profile.introAttachments),
  };
}

const DECISION = {
  approve: { activation: '1', action: AUDIT_ACTIONS.approved, template: 'registrationApproved' },
  reject: { activation: '7', action: AUDIT_ACTIONS.rejected, template: 'registrationRejected' },
  supplement: { activation: '8', action: AUDIT_ACTIONS.supplement, template: 'supplementRequested' },
} as const;

export async function decideRegistration(
  db: Db,
  config: Config,
  reviewer: SessionUser,
  lgcSn: string,
  decision: TReviewDecision,
  ip: string,
): Promise<void> {
  const effect = DECISION[decision.decision];
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('appUser')
      .select(['id', 'email', 'name', 'locale', 'activation', 'profile'])
      .where('lgcSn', '=', lgcSn)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new AppError('PRT_USER_NOT_FOUND');
    // Decided already (possibly by a colleague a moment ago): never twice.
    if (user.activation !== '5') throw new AppError('PRT_CONFLICT');
    const wantsAdmin = (user.profile as { userRole?: string }).userRole === 'admin';
    await trx
      .updateTable('appUser')
      .set({
        activation: effect.activation,
        reviewNote: decision.note ?? null,
        updatedAt: new Date(),
        ...(decision.decision === 'approve'
          ? { roleCodes: sql<string[]>`${wantsAdmin ? ['10', '20'] : ['10']}::text[]` }
          : {}),
      })
      .where('id', '=', user.id)
      .execute();
    // Activation and roles changed: the applicant's sessions end (rights are read per request
    // anyway; this makes the change visible at once, as with every staff change of rights).
    await endSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      actorUserId: reviewer.id,
      actorEmail: reviewer.email,
      action: effect.action,
      targetType: 'user',
      targetId: lgcSn,
      detail: { note: decision.note ?? null, email: user.email },
      ip,
    });
    const base = config.publicBaseUrl;
    await enqueueMail(
      trx,
      {
        to: user.email,
        locale: user.locale as Locale,
        template: effect.template,
        params: { name: user.name, note: decision.note ?? '', loginUrl: `${base}/home`, refillUrl: `${base}/register` },
      },
      config.brand,
    );
  });
}
