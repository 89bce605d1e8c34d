/** SQL of the event counters (`event_track_daily`: one row per day, page, action and target). */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export type EventSum = { page: string; action: string; target: string; count: number };

/**
 * Adds the sums to today's counters (the calendar day in `timeZone`) with ONE upsert; PostgreSQL
 * serialises concurrent increments of a row, so counts are exact under load.
 */
export async function addToDailyCounters(db: Db, sums: readonly EventSum[], timeZone: string): Promise<void> {
  const day = sql<string>`(now() at time zone ${timeZone})::date`;
  await db
    .insertInto('eventTrackDaily')
    .values(sums.map((sum) => ({ ...sum, day })))
    .onConflict((oc) =>
      oc
        .columns(['day', 'page', 'action', 'target'])
        .doUpdateSet((eb) => ({ count: eb('eventTrackDaily.count', '+', eb.ref('excluded.count')) })),
    )
    .execute();
}

/** Views and clicks per day and page from `from` to `until` (both included), by day then page. */
export async function sumViewsAndClicks(
  db: Db,
  query: { from: string; until: string; page?: string | undefined },
): Promise<{ day: string; page: string; views: number; clicks: number }[]> {
  let base = db.selectFrom('eventTrackDaily').where('day', '>=', query.from).where('day', '<=', query.until);
  if (query.page) base = base.where('page', '=', query.page);
  return base
    .select((eb) => [
      'day',
      'page',
      eb.fn.sum<number>(eb.case().when('action', '=', 'view').then(eb.ref('count')).else(0).end()).as('views'),
      eb.fn.sum<number>(eb.case().when('action', '=', 'click').then(eb.ref('count')).else(0).end()).as('clicks'),
    ])
    .groupBy(['day', 'page'])
    .orderBy('day')
    .orderBy('page')
    .execute();
}
