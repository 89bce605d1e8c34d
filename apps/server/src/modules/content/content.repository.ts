/** SQL of portal content entries (one table, `content_entry`, for every kind). */
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ContentEntryKind, ContentEntryTable } from '../../db/schema.ts';

export type EntryRow = Selectable<ContentEntryTable>;
export type EntryInsert = Insertable<ContentEntryTable>;
export type EntryUpdate = Updateable<ContentEntryTable>;

export type EntryFilter = {
  kind: ContentEntryKind;
  status?: 'draft' | 'published' | undefined;
  category?: string | undefined;
  keyword?: string | undefined;
  /** Banners: only those whose publish window contains this moment. */
  windowAt?: Date;
};

/** The order of each kind's lists: by position, then newest first. */
// biome-ignore lint/suspicious/noExplicitAny: any select query over content_entry
function ordered<Q extends { orderBy: (...args: any[]) => Q }>(query: Q, kind: ContentEntryKind): Q {
  if (kind === 'article' || kind === 'report') {
    return query.orderBy('publishDate', 'desc').orderBy('id', 'desc');
  }
  return query.orderBy('sortOrder', 'asc').orderBy('publishDate', 'desc').orderBy('id', 'desc');
}

function filtered(db: Db, filter: EntryFilter) {
  let query = db.selectFrom('contentEntry').where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    query = query.where('searchText', 'like', pattern);
  }
  if (filter.windowAt) {
    const at = filter.windowAt;
    query = query
      .where((eb) => eb.or([eb('publishFrom', 'is', null), eb('publishFrom', '<=', at)]))
      .where((eb) => eb.or([eb('publishUntil', 'is', null), eb('publishUntil', '>', at)]));
  }
  return query;
}

export async function listEntries(
  db: Db,
  filter: EntryFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const base = filtered(db, filter);
  const [rows, count] = await Promise.all([
    ordered(base.selectAll(), filter.kind)
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function listAllEntries(db: Db, filter: EntryFilter): Promise<EntryRow[]> {
  return ordered(filtered(db, filter).selectAll(), filter.kind).execute();
}

export async function findEntry(db: Db, kind: ContentEntryKind, lgcSn: string): Promise<EntryRow | undefined> {
  return db
    .selectFrom('contentEntry')
    .selectAll()
    .where('kind', '=', kind)
    .where('lgcSn', '=', lgcSn)
    .executeTakeFirst();
}

export async function findTopic(db: Db, key: string): Promise<EntryRow | undefined> {
  return db
    .selectFrom('contentEntry')
    .selectAll()
    .where('kind', '=', 'topic')
    .where('entryKey', '=', key)
    .executeTakeFirst();
}

export async function lockEntry(trx: Db, kind: ContentEntryKind, lgcSn: string): Promise<EntryRow | undefined> {
  return trx
    .selectFrom('contentEntry')
    .selectAll()
    .where('kind', '=', kind)
    .where('lgcSn', '=', lgcSn)
    .forUpdate()
    .executeTakeFirst();
}

/** A topic's row, locked for the write's transaction. */
export async function lockTopic(trx: Db, key: string): Promise<EntryRow | undefined> {
  return trx
    .selectFrom('contentEntry')
    .selectAll()
    .where('kind', '=', 'topic')
    .where('entryKey', '=', key)
    .forUpdate()
    .executeTakeFirst();
}

/** The publish windows of published banners still to start or end after `now`. */
export async function findUpcomingBannerWindows(
  db: Db,
  now: Date,
): Promise<Pick<EntryRow, 'publishFrom' | 'publishUntil'>[]> {
  return db
    .selectFrom('contentEntry')
    .select(['publishFrom', 'publishUntil'])
    .where('kind', '=', 'banner')
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('publishFrom', '>', now), eb('publishUntil', '>', now)]))
    .execute();
}

/** Does a published entry refer to this file (a field or an image in its rich text)? */
export async function isFileUsedByPublishedEntry(db: Db, lgcSn: string): Promise<boolean> {
  const row = await db
    .selectFrom('contentEntry')
    .select('id')
    .where('status', '=', 'published')
    .where(sql<boolean>`strpos(${sql.ref('data')}::text, ${lgcSn}) > 0`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Does a banner jump to this questionnaire? */
export async function isQuestionnaireUsedByBanner(db: Db, questionnaireLgcSn: string): Promise<boolean> {
  const used = await db
    .selectFrom('contentEntry')
    .select('id')
    .where('kind', '=', 'banner')
    .where((eb) => eb(eb.ref('data', '->>').key('questionnaireId'), '=', questionnaireLgcSn))
    .executeTakeFirst();
  return used !== undefined;
}

export async function insertEntry(trx: Db, row: EntryInsert): Promise<EntryRow> {
  return trx.insertInto('contentEntry').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateEntry(trx: Db, id: number, values: EntryUpdate): Promise<EntryRow> {
  return trx
    .updateTable('contentEntry')
    .set({ ...values, updatedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteEntry(trx: Db, id: number): Promise<void> {
  await trx.deleteFrom('contentEntry').where('id', '=', id).execute();
}

/** The published neighbours of an article in its category, by publish date. */
export async function findNeighbours(
  db: Db,
  row: EntryRow,
): Promise<{ previous: EntryRow | undefined; next: EntryRow | undefined }> {
  const base = db
    .selectFrom('contentEntry')
    .selectAll()
    .where('kind', '=', row.kind)
    .where('status', '=', 'published')
    .where('category', '=', row.category)
    .where('id', '!=', row.id);
  const date = row.publishDate ?? '1970-01-01';
  const [previous, next] = await Promise.all([
    base
      .where((eb) =>
        eb.or([eb('publishDate', '<', date), eb.and([eb('publishDate', '=', date), eb('id', '<', row.id)])]),
      )
      .orderBy('publishDate', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    base
      .where((eb) =>
        eb.or([eb('publishDate', '>', date), eb.and([eb('publishDate', '=', date), eb('id', '>', row.id)])]),
      )
      .orderBy('publishDate', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { previous, next };
}

/** Names of users by id (who saved an entry last). */
export async function userNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('appUser').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Bumps the content version (public ETags, public-cache.ts); call inside the write's transaction. */
export async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('contentVersion')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('contentVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}
