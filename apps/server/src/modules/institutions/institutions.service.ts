/**
 * Institutions: bank staff list, stop and re-enable them (back office); registration finds or
 * creates the applicant's; the first system administrator belongs to the bank's own.
 */
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/list-query.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';
import {
  endSessionsOfInstitution,
  findBankInstitution,
  findInstitutionById,
  findInstitutionByLgcSn,
  findInstitutionIdBySwiftCode,
  findInstitutionIdsMatching,
  findInstitutionName,
  findInstitutionPage,
  findInstitutionStatus,
  findInstitutionsByIds,
  type InstitutionRow,
  insertBankInstitution,
  insertPartnerInstitution,
  updateInstitutionStatus,
} from './institutions.repository.ts';

export type { InstitutionRow };

const iso = (value: Date | string) => new Date(value).toISOString();

export async function findInstitution(db: Db, id: number): Promise<InstitutionRow | undefined> {
  return findInstitutionById(db, id);
}

/** The institution of institution management with this SWIFT code, if there is one. */
export async function findInstitutionBySwiftCode(db: Db, swiftCode: string): Promise<InstitutionRow | undefined> {
  const id = await findInstitutionIdBySwiftCode(db, swiftCode);
  return id === undefined ? undefined : findInstitution(db, id);
}

/** Several institutions by id, keyed by id (unknown ids are absent). */
/** An institution by its public id (lgcSn), as the back office names it. */
export async function findInstitutionByPublicId(db: Db, lgcSn: string): Promise<InstitutionRow | undefined> {
  const found = await findInstitutionByLgcSn(db, lgcSn);
  return found ? findInstitution(db, found.id) : undefined;
}

export async function findInstitutions(db: Db, ids: Iterable<number>): Promise<Map<number, InstitutionRow>> {
  const rows = await findInstitutionsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Ids of the institutions whose name or SWIFT code contains `text` (at most 1,000). */
export async function searchInstitutionIds(db: Db, text: string): Promise<number[]> {
  return findInstitutionIdsMatching(db, containsPattern(text), 1000);
}

/** The institution's name, or null without an institution (or an unknown one). */
export async function institutionNameOf(db: Db, institutionId: number | null): Promise<string | null> {
  if (institutionId === null) return null;
  return (await findInstitutionName(db, institutionId)) ?? null;
}

/** Whether the institution is stopped (its users cannot log in); false without one. */
export async function isInstitutionStopped(db: Db, institutionId: number | null): Promise<boolean> {
  if (institutionId === null) return false;
  return (await findInstitutionStatus(db, institutionId)) === 'stopped';
}

/** Finds the institution by SWIFT code, or creates it from the registration's details. */
export async function findOrCreateInstitution(
  db: Db,
  input: { name: string; swiftCode: string; country: string; continent: string; lgcSn: string },
): Promise<number> {
  const existing = await findInstitutionIdBySwiftCode(db, input.swiftCode);
  if (existing !== undefined) return existing;
  return insertPartnerInstitution(db, input);
}

/** The bank's own institution (kind 'bank', the oldest if several), created with `name` when missing. */
export async function ensureBankInstitution(db: Db, create: { lgcSn: () => string; name: string }) {
  const found = await findBankInstitution(db);
  if (found) return { ...found, created: false };
  // Its SWIFT code, country and continent are not configured: the administrator's profile gives them.
  const created = await insertBankInstitution(db, { lgcSn: create.lgcSn(), name: create.name });
  return { ...created, created: true };
}

export async function listInstitutions(
  db: Db,
  q: { q?: string | undefined; status: string; pageNo: number; pageSize: number },
) {
  const { rows, total } = await findInstitutionPage(db, q);
  return {
    list: rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0), createdAt: iso(r.createdAt) })),
    total,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Stopping an institution ends every session of its users and keeps them out until re-enabled. */
export async function setInstitutionStatus(
  db: Db,
  actor: SessionUser,
  lgcSn: string,
  stop: boolean,
  reason: string | null,
  ip: string,
) {
  const inst = await findInstitutionByLgcSn(db, lgcSn);
  if (!inst) throw new AppError('PRT_NOT_FOUND');
  // The bank's own institution is never stopped: its staff run the portal.
  if (inst.kind === 'bank' && stop) throw new AppError('PRT_FORBIDDEN');
  await db.transaction().execute(async (trx) => {
    await updateInstitutionStatus(trx, inst.id, stop ? 'stopped' : 'active');
    if (stop) await endSessionsOfInstitution(trx, inst.id);
    await recordAudit(trx, {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: stop ? AUDIT_ACTIONS.institutionStopped : AUDIT_ACTIONS.institutionEnabled,
      targetType: 'institution',
      targetId: inst.lgcSn,
      detail: { name: inst.name, ...(reason ? { reason } : {}) },
      ip,
    });
  });
}
