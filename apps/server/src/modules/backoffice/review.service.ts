/**
 * The bank's review of registrations: approve (→ 1, with the role asked for), reject (→ 7) or
 * ask for more information (→ 8). Only an account under review (5) can be decided, once; the
 * decision is audited and ends the applicant's sessions.
 */
import { ACTIVATION, type Locale, translate } from '@portal/shared';
import { dictName } from '@portal/shared/dictionaries';
import type { TReviewDecision } from '@portal/shared/schemas/accounts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Activation } from '../../db/schema.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { assertExportSize, type CsvColumn, csvTime, exportFetchSize } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { endSessionsOfUser, type SessionUser } from '../../platform/session.ts';
import { describeAttachments, markReviewDecision } from '../users/index.ts';
import { findRegistration, findRegistrationPage } from './review.repository.ts';

const ACTIVATIONS_OF = {
  '5': ['5'],
  '7': ['7'],
  '8': ['8'],
  approved: [ACTIVATION.approved, ACTIVATION.activatedByInvitation],
  all: ['1', '5', '6', '7', '8'],
} as const satisfies Record<string, readonly Activation[]>;

export async function listRegistrations(
  db: Db,
  query: { activation: '5' | '7' | '8' | 'approved' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
) {
  const { rows, total } = await findRegistrationPage(db, { ...query, activations: ACTIVATIONS_OF[query.activation] });
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

type RegistrationRow = Awaited<ReturnType<typeof listRegistrations>>['list'][number];

/**
 * Every registration matching the review queue's filters, for a spreadsheet: the header in the
 * reader's language, countries and states by name. More rows than the export cap are refused.
 */
export async function exportRegistrations(
  db: Db,
  query: { activation: '5' | '7' | '8' | 'approved' | 'all'; q?: string | undefined },
  locale: Locale,
): Promise<{ columns: CsvColumn<RegistrationRow>[]; rows: RegistrationRow[] }> {
  const page = await listRegistrations(db, { ...query, pageNo: 1, pageSize: exportFetchSize() });
  assertExportSize(page.total);
  const t = (key: string) => translate(locale, `backoffice.export.registrations.${key}`);
  return {
    rows: page.list,
    columns: [
      { header: t('submittedAt'), value: (r) => csvTime(r.submittedAt) },
      { header: t('applicant'), value: (r) => r.usrNm },
      { header: t('email'), value: (r) => r.emailAdr },
      { header: t('institution'), value: (r) => r.instNm },
      { header: t('swift'), value: (r) => r.instSwiftCode },
      { header: t('country'), value: (r) => dictName('countries', r.country, locale) },
      { header: t('status'), value: (r) => translate(locale, `backoffice.status.${r.actvtInd}`) },
    ],
  };
}

export async function registrationDetail(db: Db, lgcSn: string) {
  const r = await findRegistration(db, lgcSn);
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
  approve: { activation: ACTIVATION.approved, action: AUDIT_ACTIONS.approved, template: 'registrationApproved' },
  reject: { activation: ACTIVATION.rejected, action: AUDIT_ACTIONS.rejected, template: 'registrationRejected' },
  supplement: {
    activation: ACTIVATION.supplementRequired,
    action: AUDIT_ACTIONS.supplement,
    template: 'supplementRequested',
  },
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
    const user = await markReviewDecision(trx, lgcSn, {
      activation: effect.activation,
      note: decision.note ?? null,
      approve: decision.decision === 'approve',
    });
    // Activation and roles changed: the applicant's sessions end (rights are read per request
    // anyway; this makes the change visible at once, as with every staff change of rights).
    await endSessionsOfUser(trx, user.id);
    await recordAudit(trx, {
      actorUserId: reviewer.id,
      actorEmail: reviewer.email,
      action: effect.action,
      targetType: 'user',
      targetId: lgcSn,
      detail: { email: user.email, ...(decision.note ? { note: decision.note } : {}) },
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
