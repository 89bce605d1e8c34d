import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AppUserTable } from '../../db/schema.ts';

export type UserRow = Selectable<AppUserTable>;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByLgcSn(db: Db, lgcSn: string): Promise<UserRow | undefined> {
  return db.selectFrom('appUser').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

export async function institutionNameOf(db: Db, institutionId: number | null): Promise<string | null> {
  if (institutionId === null) return null;
  const row = await db.selectFrom('institution').select('name').where('id', '=', institutionId).executeTakeFirst();
  return row?.name ?? null;
}

/** Finds the institution by SWIFT code, or creates it from the registration's details. */
export async function findOrCreateInstitution(
  db: Db,
  input: { name: string; swiftCode: string; country: string; continent: string; lgcSn: string },
): Promise<number> {
  const existing = await db
    .selectFrom('institution')
    .select('id')
    .where('swiftCode', '=', input.swiftCode)
    .executeTakeFirst();
  if (existing) return existing.id;
  const created = await db
    .insertInto('institution')
    .values({
      lgcSn: input.lgcSn,
      name: input.name,
      swiftCode: input.swiftCode,
      kind: 'partner',
      country: input.country,
      continent: input.continent,
    })
    .onConflict((oc) => oc.column('swiftCode').doUpdateSet({ updatedAt: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return created.id;
}
