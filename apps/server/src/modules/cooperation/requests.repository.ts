/**
 * Cooperation requests in the database (drafts too), their follows and the counts shown to
 * their owners. No rules here: the services decide who may do what.
 */
import { COOPERATION_TYPE_CODES } from '@portal/shared/dictionaries';
import type { TPageQuery } from '@portal/shared/schemas/common';
import type { TOpportunityFilters } from '@portal/shared/schemas/cooperation';
import { type ExpressionBuilder, type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { StatementShapes } from '../../db/compiled.ts';
import type { Db } from '../../db/database.ts';
import { containsPattern } from '../../db/list-query.ts';
import type { CooperationRequestTable, Database } from '../../db/schema.ts';

export type RequestRow = Selectable<CooperationRequestTable>;
export type RequestInsert = Insertable<CooperationRequestTable>;
export type RequestUpdate = Updateable<CooperationRequestTable>;

/** What the lists show of a request, with its publishing institution. */
export type ListRow = {
  id: number;
  lgcSn: string;
  name: string;
  institutionId: number;
  instName: string;
  instSwiftCode: string | null;
  instCountry: string | null;
  direction: string | null;
  typeCode: string | null;
  subTypeCode: string | null;
  currency: string | null;
  amount: string | null;
  termType: string | null;
  commonTerm: string | null;
  customTermDays: number | null;
  price: string | null;
  status: RequestRow['status'];
  invalidReason: RequestRow['invalidReason'];
  validUntil: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
  customerType: string | null;
  intendedTimeLimit: string | null;
  /** The reader follows it (readerFlags). */
  followed: boolean;
  /** The reader's institution's intention on it, if it sent one (readerFlags). */
  intentionStatus: 'pending' | 'agreed' | 'rejected' | null;
};

/** Who reads a list: rows carry their follow and their institution's intention. */
export type ListReader = { userId: number; institutionId: number | null };

export async function insertRequest(db: Db, values: RequestInsert): Promise<RequestRow> {
  return db.insertInto('cooperationRequest').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateRequest(db: Db, id: number, values: RequestUpdate): Promise<RequestRow> {
  return db
    .updateTable('cooperationRequest')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findRequestByLgcSn(db: Db, lgcSn: string): Promise<RequestRow | undefined> {
  return db.selectFrom('cooperationRequest').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

/**
 * The request as the detail page reads it, in one statement: its columns, its publishing
 * institution's name, SWIFT code and country, and the reader's flags (readerFlags: whether they
 * follow it, their institution's intention status, null when it sent none).
 */
export async function findRequestForReader(db: Db, lgcSn: string, reader: ListReader) {
  const [row] = await requestForReader.execute(db, '', {
    lgcSn,
    userId: reader.userId,
    institutionId: reader.institutionId,
  });
  return row as
    | (RequestRow & Pick<ListRow, 'instName' | 'instSwiftCode' | 'instCountry' | 'followed' | 'intentionStatus'>)
    | undefined;
}

/** findRequestForReader's statement, one per shape (db/compiled.ts): whether the reader has an institution. */
const requestForReader = new StatementShapes((db: Db, v: ListReader & { lgcSn: string }) =>
  db
    .selectFrom('cooperationRequest as r')
    .innerJoin('institution as i', 'i.id', 'r.institutionId')
    .selectAll('r')
    .select(['i.name as instName', 'i.swiftCode as instSwiftCode', 'i.country as instCountry'])
    .select(readerFlags(v))
    .where('r.lgcSn', '=', v.lgcSn),
);

/** The request, locked against concurrent changes until the transaction ends. */
export async function findRequestForUpdate(db: Db, lgcSn: string): Promise<RequestRow | undefined> {
  return db.selectFrom('cooperationRequest').selectAll().where('lgcSn', '=', lgcSn).forUpdate().executeTakeFirst();
}

/** The request's status and institution, locked (shared) so its status cannot change meanwhile. */
export async function findRequestForShare(db: Db, lgcSn: string) {
  return db
    .selectFrom('cooperationRequest')
    .select(['id', 'lgcSn', 'status', 'institutionId'])
    .where('lgcSn', '=', lgcSn)
    .forShare()
    .executeTakeFirst();
}

/** The publishing institution of a request (it exists: the request refers to it). */
export async function findPublisherInstitution(db: Db, institutionId: number) {
  return db
    .selectFrom('institution')
    .select(['name', 'swiftCode', 'country'])
    .where('id', '=', institutionId)
    .executeTakeFirstOrThrow();
}

export async function deleteRequest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('cooperationRequest').where('id', '=', id).execute();
}

type RequestEb = ExpressionBuilder<Database & { r: CooperationRequestTable }, 'r'>;

/** The list columns of `r` (cooperation_request) and its institution `i`. */
export const LIST_COLUMNS = [
  'r.id',
  'r.lgcSn',
  'r.name',
  'r.institutionId',
  'i.name as instName',
  'i.swiftCode as instSwiftCode',
  'i.country as instCountry',
  'r.direction',
  'r.typeCode',
  'r.subTypeCode',
  'r.currency',
  'r.amount',
  'r.termType',
  'r.commonTerm',
  'r.customTermDays',
  'r.price',
  'r.status',
  'r.invalidReason',
  'r.validUntil',
  'r.publishedAt',
  'r.updatedAt',
  'r.customerType',
  'r.intendedTimeLimit',
] as const;

/**
 * The reader's follow and intention on each row of `r`, as two columns of the same statement
 * (index lookups on cooperation_follow's key and cooperation_intention_once), so a page costs
 * no query of its own for them. Takes the expression builder of any query that has `r`.
 */
export function readerFlags(reader: ListReader) {
  return (anyEb: unknown) => {
    const eb = anyEb as RequestEb;
    return [
      eb
        .exists(
          eb
            .selectFrom('cooperationFollow as rf')
            .select(sql`1`.as('one'))
            .where('rf.userId', '=', reader.userId)
            .whereRef('rf.requestId', '=', 'r.id'),
        )
        .as('followed'),
      reader.institutionId === null
        ? sql<ListRow['intentionStatus']>`null`.as('intentionStatus')
        : eb
            .selectFrom('cooperationIntention as ri')
            .select('ri.status')
            .where('ri.senderInstitutionId', '=', reader.institutionId)
            .whereRef('ri.requestId', '=', 'r.id')
            .as('intentionStatus'),
    ];
  };
}

/** The list columns and the reader's flags, on a query of `r` joined to its institution `i`. */
export function listSelection(query: ReturnType<typeof baseListQuery>, reader: ListReader) {
  return query.select(LIST_COLUMNS).select(readerFlags(reader));
}

export function baseListQuery(db: Db) {
  return db.selectFrom('cooperationRequest as r').innerJoin('institution as i', 'i.id', 'r.institutionId');
}

/** Whether a project-type filter names a cooperation type (else a sub-type). */
const isCooperationType = (code: string) => (COOPERATION_TYPE_CODES as readonly string[]).includes(code);

/**
 * The Business Opportunities filters as the list's statement takes them: each set filter's
 * parameter (dates as instants, name parts as ILIKE patterns); unset (or empty) filters undefined.
 */
type OpportunityValues = {
  direction: string | undefined;
  typeCode: string | undefined;
  releaseFrom: Date | undefined;
  releaseTo: Date | undefined;
  institution: string | undefined;
  country: string | undefined;
  bankBranch: string | undefined;
  scopeCountry: string | undefined;
  q: string | undefined;
};

function opportunityValues(f: TOpportunityFilters): OpportunityValues {
  return {
    direction: f.direction || undefined,
    typeCode: f.typeCode || undefined,
    releaseFrom: f.releaseFrom ? new Date(`${f.releaseFrom}T00:00:00Z`) : undefined,
    releaseTo: f.releaseTo ? new Date(Date.parse(`${f.releaseTo}T00:00:00Z`) + 86_400_000) : undefined,
    institution: f.institution ? containsPattern(f.institution) : undefined,
    country: f.country || undefined,
    bankBranch: f.bankBranch || undefined,
    scopeCountry: f.scopeCountry || undefined,
    q: f.q ? containsPattern(f.q) : undefined,
  };
}

/**
 * The conditions of the Business Opportunities filters (`opportunityValues` of the shared
 * schema's `TOpportunityFilters`) on `r`, effective requests only. `byType`: the project-type
 * filter names a cooperation type (else a sub-type). A condition on another table than
 * cooperation_request and institution's name and country needs that table's writes to raise the
 * list's version too (migration 0019), or kept counts would miss them.
 */
function opportunityWhere(eb: RequestEb, f: OpportunityValues, byType: boolean) {
  // A literal, not a parameter: the partial indexes (where status = 'effective') stay usable by the
  // generic plan PostgreSQL keeps for a prepared statement (database.ts PreparingClient).
  const conditions = [eb('r.status', '=', sql.lit('effective'))];
  if (f.direction) conditions.push(eb('r.direction', '=', f.direction));
  if (f.typeCode) conditions.push(eb(byType ? 'r.typeCode' : 'r.subTypeCode', '=', f.typeCode));
  if (f.releaseFrom) conditions.push(eb('r.publishedAt', '>=', f.releaseFrom));
  if (f.releaseTo) conditions.push(eb('r.publishedAt', '<', f.releaseTo));
  if (f.institution) {
    const pattern = f.institution;
    conditions.push(
      eb(
        'r.institutionId',
        'in',
        eb.selectFrom('institution as fi').select('fi.id').where(sql<boolean>`fi.name ilike ${pattern}`),
      ),
    );
  }
  if (f.country) {
    conditions.push(
      eb(
        'r.institutionId',
        'in',
        eb.selectFrom('institution as ci').select('ci.id').where('ci.country', '=', f.country),
      ),
    );
  }
  if (f.bankBranch) conditions.push(eb('r.bankBranch', '=', f.bankBranch));
  if (f.scopeCountry) {
    conditions.push(
      eb.or([
        eb('r.scopeLimited', '=', sql.lit(false)),
        sql<boolean>`r.scope_countries @> array[${f.scopeCountry}]::text[]`,
      ]) as never,
    );
  }
  if (f.q) conditions.push(sql<boolean>`r.name ilike ${f.q}` as never);
  return eb.and(conditions);
}

/** The capped count of the requests matching the filters. */
function countedOpportunities(db: Db, f: OpportunityValues, byType: boolean, countLimit: number) {
  return db
    .selectFrom(
      db
        .selectFrom('cooperationRequest as r')
        .select(sql`1`.as('one'))
        .where((eb) => opportunityWhere(eb as unknown as RequestEb, f, byType))
        .limit(countLimit)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'));
}

/** The current version of what the filters read (migration 0019), read within the statement. */
const listVersion = (db: Db) => db.selectFrom('opportunityListVersion').select('version');

/**
 * The capped count, unless the version is still `knownVersion` (the count kept with it is then
 * exact): PostgreSQL runs a subquery of a CASE branch not taken not at all.
 */
function countUnlessKnown(db: Db, v: OpportunityValues & CountValues, byType: boolean) {
  const count = countedOpportunities(db, v, byType, v.countLimit);
  return sql<string | null>`case when (${listVersion(db)}) = ${v.knownVersion} then null else (${count}) end`;
}

type CountValues = { countLimit: number; knownVersion: number };

type OpportunityPageValues = OpportunityValues &
  CountValues & {
    userId: number;
    institutionId: number | null;
    limit: number;
    offset: number;
  };

const BY_TYPE = 'byType';

/** The list's statement, one per shape (db/compiled.ts): the filters set, the type filter's column, the reader's institution. */
const opportunityPage = new StatementShapes(
  (db: Db, v: OpportunityPageValues, decision) => {
    const byType = decision === BY_TYPE;
    const pageIds = db
      .selectFrom('cooperationRequest as r')
      .select('r.id')
      .where((eb) => opportunityWhere(eb as unknown as RequestEb, v, byType))
      .orderBy('r.publishedAt', 'desc')
      .orderBy('r.id', 'desc')
      .limit(v.limit)
      .offset(v.offset);
    return listSelection(baseListQuery(db), v)
      .select(listVersion(db).as('listVersion'))
      .select(countUnlessKnown(db, v, byType).as('matching'))
      .where('r.id', 'in', pageIds)
      .orderBy('r.publishedAt', 'desc')
      .orderBy('r.id', 'desc');
  },
  undefined,
  { rowsMappedOnce: true },
);

const opportunityCount = new StatementShapes((db: Db, v: OpportunityValues & CountValues, decision) =>
  db
    .selectNoFrom(listVersion(db).as('listVersion'))
    .select(countUnlessKnown(db, v, decision === BY_TYPE).as('matching')),
);

/** How many requests a set of filters matched, and at which version of what they read. */
type KeptCount = { version: number; n: number };

/** Counts kept per database (a test process opens many), per filter set; the oldest go first. */
const keptCounts = new WeakMap<Db, Map<string, KeptCount>>();
const KEPT_COUNTS_MAX = 2_000;

function countsKeptFor(db: Db): Map<string, KeptCount> {
  let kept = keptCounts.get(db);
  if (!kept) {
    kept = new Map();
    keptCounts.set(db, kept);
  }
  return kept;
}

/**
 * One page of effective requests, newest first, with the reader's flags, and how many match
 * (counting stops after `cap` matches: the total is then a lower bound). One statement: the
 * page's ids come from the indexes alone (index-only scans), then only those wide rows are read;
 * the capped count is an uncorrelated subquery evaluated once beside them, and only when a write
 * has moved the list's version since this process last counted the same filters (a page of the
 * same search, another reader's search, a refresh). A page past the end has no row to carry the
 * count, so only then is it read on its own. Each shape of the statement is built once
 * (db/compiled.ts).
 */
export async function listOpportunities(
  db: Db,
  filters: TOpportunityFilters,
  page: TPageQuery,
  cap: number,
  reader: ListReader,
): Promise<{ rows: ListRow[]; total: number; capped: boolean }> {
  const values = opportunityValues(filters);
  // The one decision the values' presence does not tell: the column the type filter compares with.
  const decision = values.typeCode !== undefined && isCooperationType(values.typeCode) ? BY_TYPE : 'bySubType';
  const kept = countsKeptFor(db);
  const key = `${decision}|${cap}|${JSON.stringify(values)}`;
  const known = kept.get(key);
  const countValues = { countLimit: cap + 1, knownVersion: known?.version ?? 0 };
  const rows = await opportunityPage.execute(db, decision, {
    ...values,
    ...countValues,
    userId: reader.userId,
    institutionId: reader.institutionId,
    limit: page.pageSize,
    offset: (page.pageNo - 1) * page.pageSize,
  });
  const counted = rows[0] ?? (await opportunityCount.execute(db, decision, { ...values, ...countValues }))[0]!;
  let n: number;
  if (counted.matching === null) {
    n = known!.n;
  } else {
    n = Number(counted.matching);
    kept.delete(key);
    if (kept.size >= KEPT_COUNTS_MAX) kept.delete(kept.keys().next().value!);
    kept.set(key, { version: Number(counted.listVersion), n });
  }
  return {
    // The rows as they came (their `matching` and `listVersion` left on them): copying each row
    // without the two was a measurable part of the list's CPU (0023, second pass); readers of
    // ListRow name the fields they use.
    rows: rows as ListRow[],
    total: Math.min(n, cap),
    capped: n > cap,
  };
}

export type RequestCounts = { pushedCount: number; intentionCount: number; agreedCount: number };

/** Pushes, intentions and agreed intentions of each request. */
export async function countsOf(db: Db, requestIds: readonly number[]): Promise<Map<number, RequestCounts>> {
  const counts = new Map<number, RequestCounts>(
    requestIds.map((id) => [id, { pushedCount: 0, intentionCount: 0, agreedCount: 0 }]),
  );
  if (!requestIds.length) return counts;
  const pushes = await db
    .selectFrom('cooperationPush')
    .select(['requestId', (eb) => eb.fn.countAll<string>().as('n')])
    .where('requestId', 'in', requestIds)
    .groupBy('requestId')
    .execute();
  for (const row of pushes) counts.get(row.requestId)!.pushedCount = Number(row.n);
  const intentions = await db
    .selectFrom('cooperationIntention')
    .select([
      'requestId',
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where status = 'agreed')`.as('agreed'),
    ])
    .where('requestId', 'in', requestIds)
    .groupBy('requestId')
    .execute();
  for (const row of intentions) {
    const entry = counts.get(row.requestId)!;
    entry.intentionCount = Number(row.n);
    entry.agreedCount = Number(row.agreed);
  }
  return counts;
}

/** The owner's published requests (not drafts), newest first. */
export async function listOwnRequests(
  db: Db,
  owner: ListReader,
  query: { status: 'effective' | 'invalid' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: ListRow[]; total: number }> {
  let base = baseListQuery(db).where('r.ownerUserId', '=', owner.userId);
  base = query.status === 'all' ? base.where('r.status', '!=', 'draft') : base.where('r.status', '=', query.status);
  if (query.q) base = base.where(sql<boolean>`r.name ilike ${containsPattern(query.q)}`);
  const rows = await listSelection(base, owner)
    .orderBy('r.publishedAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows as ListRow[], total: Number(total.n) };
}

/** Requests the user follows that are still visible (not drafts, not taken down), newest follow first. */
export async function listFollowed(
  db: Db,
  reader: ListReader,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: ListRow[]; total: number }> {
  const base = baseListQuery(db)
    .innerJoin('cooperationFollow as f', 'f.requestId', 'r.id')
    .where('f.userId', '=', reader.userId)
    .where('r.status', '!=', 'draft')
    .where((eb) => eb.or([eb('r.invalidReason', 'is', null), eb('r.invalidReason', '!=', 'takenDown')]));
  const rows = await base
    .select(LIST_COLUMNS)
    .select(readerFlags(reader))
    .orderBy('f.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows as ListRow[], total: Number(total.n) };
}

/** Every published request for the back office, newest first, with its owner. */
export async function listForBackoffice(
  db: Db,
  query: { status: 'effective' | 'invalid' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
) {
  let base = baseListQuery(db).innerJoin('appUser as u', 'u.id', 'r.ownerUserId');
  base = query.status === 'all' ? base.where('r.status', '!=', 'draft') : base.where('r.status', '=', query.status);
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where(sql<boolean>`(r.name ilike ${pattern} or i.name ilike ${pattern})`);
  }
  const rows = await base
    .select([...LIST_COLUMNS, 'u.name as ownerName', 'u.email as ownerEmail', 'r.takenDownNote'])
    .orderBy('r.publishedAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return {
    rows: rows as unknown as (Omit<ListRow, 'followed' | 'intentionStatus'> & {
      ownerName: string;
      ownerEmail: string;
      takenDownNote: string | null;
    })[],
    total: Number(total.n),
  };
}

/** The user's drafts, most recently saved first. */
export async function listDrafts(db: Db, ownerUserId: number, page: { pageNo: number; pageSize: number }) {
  const base = db.selectFrom('cooperationRequest').where('ownerUserId', '=', ownerUserId).where('status', '=', 'draft');
  const rows = await base
    .select(['lgcSn', 'name', 'categoryCode', 'choiceCode', 'subTypeCode', 'updatedAt'])
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Follows (`follow` true) or unfollows; repeating either is harmless. */
export async function setFollow(db: Db, userId: number, requestId: number, follow: boolean): Promise<void> {
  if (follow) {
    await db
      .insertInto('cooperationFollow')
      .values({ userId, requestId })
      .onConflict((oc) => oc.columns(['userId', 'requestId']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('cooperationFollow').where('userId', '=', userId).where('requestId', '=', requestId).execute();
  }
}

export async function isFollowing(db: Db, userId: number, requestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cooperationFollow')
    .select('requestId')
    .where('userId', '=', userId)
    .where('requestId', '=', requestId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Marks effective requests whose validity ended before `today` as expired; returns how many. */
export async function expireRequests(db: Db, today: string): Promise<number> {
  const rows = await db
    .updateTable('cooperationRequest')
    .set({ status: 'invalid', invalidReason: 'expired', updatedAt: new Date() })
    .where('status', '=', 'effective')
    .where('validUntil', '<', today)
    .returning('id')
    .execute();
  return rows.length;
}
