/**
 * The back office's view of the marketplace (SPEC §7): every published request, and taking one
 * down with a reason (it is then hidden from everyone but its owner and bank staff).
 */
import { type Locale, translate } from '@portal/shared';
import { dictName } from '@portal/shared/dictionaries';
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { assertExportSize, type CsvColumn, csvTime, exportFetchSize } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import { toListItem } from './present.ts';
import { findRequestForUpdate, listForBackoffice, updateRequest } from './requests.repository.ts';

export async function listAllRequests(
  db: Db,
  staff: SessionUser,
  query: { status: 'effective' | 'invalid' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
  locale: Locale,
) {
  const { rows, total } = await listForBackoffice(db, query);
  const reader = { userId: staff.id, institutionId: staff.institutionId, locale };
  return {
    list: rows.map((row) => ({
      ...toListItem({ ...row, followed: false, intentionStatus: null }, reader),
      ownerName: row.ownerName,
      ownerEmail: row.ownerEmail,
      takenDownNote: row.takenDownNote,
    })),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

type BackofficeRequestRow = Awaited<ReturnType<typeof listAllRequests>>['list'][number];

/** A date (YYYY-MM-DD) stays as it is; a time is written in UTC. */
function dayOrTime(value: string | null): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : csvTime(value);
}

/**
 * Every published request matching the back office's filters, for a spreadsheet: header, codes
 * (country, direction, type, currency) and states by name in the reader's language. More rows than
 * the export cap are refused.
 */
export async function exportAllRequests(
  db: Db,
  staff: SessionUser,
  query: { status: 'effective' | 'invalid' | 'all'; q?: string | undefined },
  locale: Locale,
): Promise<{ columns: CsvColumn<BackofficeRequestRow>[]; rows: BackofficeRequestRow[] }> {
  const page = await listAllRequests(db, staff, { ...query, pageNo: 1, pageSize: exportFetchSize() }, locale);
  assertExportSize(page.total);
  const t = (key: string) => translate(locale, `backoffice.export.cooperation.${key}`);
  const name = (type: 'countries' | 'directions' | 'cooperationTypes', code: string | null) =>
    dictName(type, code, locale);
  const status = (r: BackofficeRequestRow) =>
    translate(
      locale,
      `backoffice.cooperation.requests.status.${r.status === 'effective' ? 'effective' : (r.invalidReason ?? 'invalid')}`,
    );
  return {
    rows: page.list,
    columns: [
      { header: t('name'), value: (r) => r.itDpchlstRqmNm },
      { header: t('institution'), value: (r) => r.instNm },
      { header: t('swift'), value: (r) => r.instSwiftCode },
      { header: t('country'), value: (r) => name('countries', r.instCountry) },
      { header: t('direction'), value: (r) => name('directions', r.direction) },
      { header: t('type'), value: (r) => name('cooperationTypes', r.typeCode) },
      { header: t('subType'), value: (r) => r.astPrjTpcdName },
      { header: t('currency'), value: (r) => r.cmavyTpcdName },
      { header: t('amount'), value: (r) => r.idcstAstIvsAmt },
      { header: t('term'), value: (r) => r.bscrcCoAgrmTmdt },
      { header: t('price'), value: (r) => r.price },
      { header: t('status'), value: status },
      { header: t('takenDownNote'), value: (r) => r.takenDownNote },
      { header: t('publishedAt'), value: (r) => csvTime(r.createTime) },
      { header: t('validUntil'), value: (r) => dayOrTime(r.validUntil) },
      { header: t('ownerName'), value: (r) => r.ownerName },
      { header: t('ownerEmail'), value: (r) => r.ownerEmail },
    ],
  };
}

/** Takes an effective request down (invalid, takenDown) with the staff member's reason. */
export async function takeDownRequest(
  db: Db,
  staff: SessionUser,
  lgcSn: string,
  reason: string,
  ip: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findRequestForUpdate(trx, lgcSn);
    if (!row || row.status === 'draft') throw new AppError('PRT_REQUEST_NOT_FOUND');
    if (row.status !== 'effective') throw new AppError('PRT_REQUEST_NOT_EFFECTIVE');
    await updateRequest(trx, row.id, { status: 'invalid', invalidReason: 'takenDown', takenDownNote: reason });
    await recordAudit(trx, {
      actorUserId: staff.id,
      actorEmail: staff.email,
      action: AUDIT_ACTIONS.requestTakenDown,
      targetType: 'cooperation',
      targetId: row.lgcSn,
      detail: { name: row.name, reason },
      ip,
    });
  });
}
