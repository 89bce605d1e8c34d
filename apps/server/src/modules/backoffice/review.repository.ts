/** The review queue's reads: registrations (app_user rows) with their institutions. */
import type { Db } from '../../db/database.ts';
import { containsPattern, totalOf } from '../../db/list-query.ts';
import type { Activation } from '../../db/schema.ts';

const SUMMARY_COLUMNS = [
  'u.lgcSn',
  'u.email',
  'u.name',
  'u.activation',
  'u.updatedAt',
  'u.profile',
  'i.name as instNm',
  'i.swiftCode',
] as const;

function registrations(db: Db) {
  return db.selectFrom('appUser as u').leftJoin('institution as i', 'i.id', 'u.institutionId');
}

/** One page of registrations in these activation states, matching `q`, oldest change first. */
export async function findRegistrationPage(
  db: Db,
  query: { activations: readonly Activation[]; q?: string | undefined; pageNo: number; pageSize: number },
) {
  let base = registrations(db).where('u.activation', 'in', query.activations);
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
    .select(SUMMARY_COLUMNS)
    .orderBy('u.updatedAt', 'asc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  return { rows, total };
}

export async function findRegistration(db: Db, lgcSn: string) {
  return registrations(db)
    .select([...SUMMARY_COLUMNS, 'u.reviewNote'])
    .where('u.lgcSn', '=', lgcSn)
    .executeTakeFirst();
}
