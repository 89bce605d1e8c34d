import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Public portal content (docs/decisions/0007-public-content.md): editorial entries of every kind
// in one table, the content version behind public ETags, feedback, leave messages, and daily
// event-tracking counters.
export async function up(db: Kysely<any>): Promise<void> {
  await createContentEntryTable(db);
  await createContentVersionTable(db);
  await createFeedbackTable(db);
  await createLeaveMessageTable(db);
  await createEventTrackTable(db);
}

async function createContentEntryTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_entry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    // banner | module | article | report | topic | compliance | institution | questionnaire
    .addColumn('kind', 'text', (c) => c.notNull())
    // draft | published
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    // module: tile/series key; topic: topic key
    .addColumn('entry_key', 'text')
    // module: module type '0'/'1'/'2'; article: consult category; institution: country code
    .addColumn('category', 'text')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('publish_date', 'date')
    // banners: shown only inside this window (either end open)
    .addColumn('publish_from', 'timestamptz')
    .addColumn('publish_until', 'timestamptz')
    .addColumn('title', 'jsonb', (c) => c.notNull())
    // every other field of the kind's input (sanitised rich text included)
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // lower-cased titles of both languages, for keyword search
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addCheckConstraint('content_entry_status_check', sql`status in ('draft', 'published')`)
    .addCheckConstraint(
      'content_entry_kind_check',
      sql`kind in ('banner', 'module', 'article', 'report', 'topic', 'compliance', 'institution', 'questionnaire')`,
    )
    .execute();
  // Public lists: one kind, published, one category, newest or in order.
  await db.schema
    .createIndex('content_entry_list_idx')
    .on('content_entry')
    .columns(['kind', 'status', 'category', 'sort_order', 'publish_date desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('content_entry_topic_key_idx')
    .on('content_entry')
    .columns(['kind', 'entry_key'])
    .unique()
    .where(sql.ref('kind'), '=', 'topic')
    .execute();
}

async function createContentVersionTable(db: Kysely<any>): Promise<void> {
  // One row: bumped by every content write; part of every public ETag.
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(1))
    .addCheckConstraint('content_version_single_row', sql`id = 1`)
    .execute();
  await db.insertInto('content_version').values({ id: 1, version: 1 }).execute();
}

async function createFeedbackTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('image_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('answer', 'text')
    .addColumn('answered_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('answered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('feedback_created_idx')
    .on('feedback')
    .columns(['answered_at', 'created_at desc'])
    .execute();
}

async function createLeaveMessageTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leave_message')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('replied_by', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('replied_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('leave_message_user_idx')
    .on('leave_message')
    .columns(['user_id', 'created_at desc'])
    .execute();
}

async function createEventTrackTable(db: Kysely<any>): Promise<void> {
  // Event tracking: one counter per day, page, action and target (not one row per hit).
  await db.schema
    .createTable('event_track_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('page', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('event_track_daily_pk', ['day', 'page', 'action', 'target'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_track_daily').execute();
  await db.schema.dropTable('leave_message').execute();
  await db.schema.dropTable('feedback').execute();
  await db.schema.dropTable('content_version').execute();
  await db.schema.dropTable('content_entry').execute();
}
