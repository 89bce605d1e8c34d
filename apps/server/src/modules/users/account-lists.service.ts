import { type Locale, ROLE, translate } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { assertExportSize, type CsvColumn, csvTime, exportFetchSize } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { findUserPage, type UserListFilter } from './users.repository.ts';
import { staffBranchOf } from './users.service.ts';

type Page = { pageNo: number; pageSize: number };
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

async function pageOfUsers(db: Db, filter: UserListFilter, page: Page) {
  const { rows, total } = await findUserPage(db, filter, page);
  return {
    list: rows.map((r) => ({
      lgcSn: r.lgcSn,
      emailAdr: r.email,
      usrNm: r.name,
      phone: r.phone,
      jobTitle:
        typeof (r.profile as { jobTitle?: unknown }).jobTitle === 'string'
          ? (r.profile as { jobTitle: string }).jobTitle
          : null,
      instNm: r.instNm,
      instSwiftCode: r.swiftCode,
      rlTpcd: r.roleCodes,
      actvtInd: r.activation,
      status: r.status,
      stoppedReason: r.stoppedReason,
      invitationPending: r.passwordHash === null,
      institutionStopped: r.institutionStatus === 'stopped',
      mainContactBranch: staffBranchOf(r),
      lastLoginAt: iso(r.lastLoginAt),
      createdAt: iso(r.createdAt)!,
    })),
    total,
    ...page,
  };
}

// ---------- back office ----------

export async function listUsers(
  db: Db,
  q: Page & { q?: string | undefined; status: string; institution?: string | undefined },
) {
  return pageOfUsers(
    db,
    { q: q.q, qMatchesInstitution: true, status: q.status, institutionLgcSn: q.institution },
    { pageNo: q.pageNo, pageSize: q.pageSize },
  );
}
type ManagedUserRow = Awaited<ReturnType<typeof listUsers>>['list'][number];

const ROLE_KEYS: Record<string, string> = Object.fromEntries(Object.entries(ROLE).map(([name, code]) => [code, name]));

/**
 * Every account matching the back office's filters, for a spreadsheet: header, roles, states and
 * stop reasons in the reader's language. More rows than the export cap are refused.
 */
export async function exportUsers(
  db: Db,
  q: { q?: string | undefined; status: string; institution?: string | undefined },
  locale: Locale,
): Promise<{ columns: CsvColumn<ManagedUserRow>[]; rows: ManagedUserRow[] }> {
  const page = await listUsers(db, { ...q, pageNo: 1, pageSize: exportFetchSize() });
  assertExportSize(page.total);
  const t = (key: string) => translate(locale, `backoffice.export.accounts.${key}`);
  const role = (code: string) => (ROLE_KEYS[code] ? translate(locale, `accounts.roles.${ROLE_KEYS[code]}`) : code);
  const stopReason = (reason: string | null) =>
    reason === 'manual' || reason === 'dormant' ? translate(locale, `users.stoppedReasons.${reason}`) : reason;
  return {
    rows: page.list,
    columns: [
      { header: t('name'), value: (u) => u.usrNm },
      { header: t('email'), value: (u) => u.emailAdr },
      { header: t('phone'), value: (u) => u.phone },
      { header: t('jobTitle'), value: (u) => u.jobTitle },
      { header: t('institution'), value: (u) => u.instNm },
      { header: t('swift'), value: (u) => u.instSwiftCode },
      { header: t('roles'), value: (u) => u.rlTpcd.map(role).join(locale === 'zh-CN' ? '、' : ', ') },
      { header: t('activation'), value: (u) => translate(locale, `accounts.status.${u.actvtInd}`) },
      {
        header: t('status'),
        value: (u) =>
          [
            translate(locale, `users.status.${u.status}`),
            ...(u.invitationPending ? [translate(locale, 'users.status.invitationPending')] : []),
            ...(u.institutionStopped ? [translate(locale, 'users.status.institutionStopped')] : []),
          ].join(locale === 'zh-CN' ? '；' : '; '),
      },
      { header: t('stoppedReason'), value: (u) => (u.status === 'stopped' ? stopReason(u.stoppedReason) : '') },
      { header: t('lastLoginAt'), value: (u) => csvTime(u.lastLoginAt) },
      { header: t('createdAt'), value: (u) => csvTime(u.createdAt) },
    ],
  };
}

export async function listInstitutionUsers(
  db: Db,
  admin: SessionUser,
  q: Page & { q?: string | undefined; status: string },
) {
  if (admin.institutionId === null) throw new AppError('PRT_INSTITUTION_QUERY_FAILED');
  return pageOfUsers(
    db,
    { q: q.q, qMatchesInstitution: false, status: q.status, institutionId: admin.institutionId },
    { pageNo: q.pageNo, pageSize: q.pageSize },
  );
}
