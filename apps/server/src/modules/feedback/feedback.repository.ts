/** SQL of feedback and leave messages. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { FeedbackTable, LeaveMessageTable } from '../../db/schema.ts';

export type FeedbackRow = Selectable<FeedbackTable>;
export type LeaveMessageRow = Selectable<LeaveMessageTable>;

export async function insertFeedback(trx: Db, row: Insertable<FeedbackTable>): Promise<FeedbackRow> {
  return trx.insertInto('feedback').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listFeedback(
  db: Db,
  query: { pageNo: number; pageSize: number; answered?: '0' | '1' | undefined },
): Promise<{ rows: FeedbackRow[]; total: number }> {
  let base = db.selectFrom('feedback');
  if (query.answered === '0') base = base.where('answeredAt', 'is', null);
  if (query.answered === '1') base = base.where('answeredAt', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function findFeedback(db: Db, lgcSn: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

export async function lockFeedback(trx: Db, lgcSn: string): Promise<FeedbackRow | undefined> {
  return trx.selectFrom('feedback').selectAll().where('lgcSn', '=', lgcSn).forUpdate().executeTakeFirst();
}

export async function setFeedbackAnswer(
  trx: Db,
  id: number,
  answer: { answer: string; answeredBy: number; answeredAt: Date },
): Promise<void> {
  await trx.updateTable('feedback').set(answer).where('id', '=', id).execute();
}

export async function insertLeaveMessage(trx: Db, row: Insertable<LeaveMessageTable>): Promise<LeaveMessageRow> {
  return trx.insertInto('leaveMessage').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listLeaveMessages(
  db: Db,
  query: { pageNo: number; pageSize: number; userId?: number; replied?: '0' | '1' | undefined },
): Promise<{ rows: LeaveMessageRow[]; total: number }> {
  let base = db.selectFrom('leaveMessage');
  if (query.userId !== undefined) base = base.where('userId', '=', query.userId);
  if (query.replied === '0') base = base.where('repliedAt', 'is', null);
  if (query.replied === '1') base = base.where('repliedAt', 'is not', null);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function lockLeaveMessage(trx: Db, lgcSn: string): Promise<LeaveMessageRow | undefined> {
  return trx.selectFrom('leaveMessage').selectAll().where('lgcSn', '=', lgcSn).forUpdate().executeTakeFirst();
}

export async function setLeaveMessageReply(
  trx: Db,
  id: number,
  reply: { reply: string; repliedBy: number; repliedAt: Date },
): Promise<LeaveMessageRow> {
  return trx.updateTable('leaveMessage').set(reply).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Name, e-mail, language and institution of users by id. */
export async function describeUsers(db: Db, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length)
    return new Map<number, { name: string; email: string; locale: string; institution: string | null }>();
  const rows = await db
    .selectFrom('appUser')
    .leftJoin('institution', 'institution.id', 'appUser.institutionId')
    .select(['appUser.id', 'appUser.name', 'appUser.email', 'appUser.locale', 'institution.name as institution'])
    .where('appUser.id', 'in', wanted)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { name: row.name, email: row.email, locale: row.locale, institution: row.institution ?? null },
    ]),
  );
}
