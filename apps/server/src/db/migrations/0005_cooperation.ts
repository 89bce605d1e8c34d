import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Cooperation marketplace: requests (drafts too), follows, intentions, pushes (matched
// opportunities), messages, master-agreement intentions.
export async function up(db: Kysely<any>): Promise<void> {
  await createRequestTable(db);
  await createRequestListIndexes(db);
  await createRequestLookupIndexes(db);
  await createMatchingIndexes(db);
  await createFollowTable(db);
  await createIntentionTable(db);
  await createPushTable(db);
  await createMessageTable(db);
  await createMasterAgreementTable(db);
}

async function createRequestTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cooperation_request')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('owner_user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    // draft | effective | invalid
    .addColumn('status', 'text', (c) => c.notNull())
    // expired | withdrawn | takenDown, when invalid
    .addColumn('invalid_reason', 'text')
    .addColumn('taken_down_note', 'text')
    .addColumn('category_code', 'text', (c) => c.notNull())
    .addColumn('choice_code', 'text')
    .addColumn('type_code', 'text')
    .addColumn('sub_type_code', 'text')
    .addColumn('direction', 'text')
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text')
    .addColumn('amount', sql`numeric(17, 2)`)
    .addColumn('term_type', 'text')
    .addColumn('common_term', 'text')
    .addColumn('custom_term_days', 'integer')
    .addColumn('price', sql`numeric(9, 4)`)
    .addColumn('valid_from', 'date')
    .addColumn('valid_until', 'date')
    .addColumn('scope_limited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('scope_countries', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('bank_branch', 'text')
    // Every field of the form as sent (type-specific fields included); columns above are copies
    // of the fields lists filter and sort on.
    .addColumn('fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cooperation_request_status_check', sql`status in ('draft', 'effective', 'invalid')`)
    .addCheckConstraint(
      'cooperation_request_invalid_reason_check',
      sql`invalid_reason is null or invalid_reason in ('expired', 'withdrawn', 'takenDown')`,
    )
    .execute();
}

async function createRequestListIndexes(db: Kysely<any>): Promise<void> {
  // The opportunity list: effective requests, newest first, with optional filters. Each filter
  // index ends with (published_at desc, id desc) so a page's ids and the (capped) count come from
  // index-only scans; the wide rows are read for the page only.
  await db.schema
    .createIndex('cooperation_request_list_idx')
    .on('cooperation_request')
    .columns(['status', 'published_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('cooperation_request_sub_type_idx')
    .on('cooperation_request')
    .columns(['sub_type_code', 'direction', 'published_at desc', 'id desc'])
    .where(sql.ref('status'), '=', 'effective')
    .execute();
  await db.schema
    .createIndex('cooperation_request_type_idx')
    .on('cooperation_request')
    .columns(['type_code', 'direction', 'published_at desc', 'id desc'])
    .where(sql.ref('status'), '=', 'effective')
    .execute();
  await db.schema
    .createIndex('cooperation_request_direction_idx')
    .on('cooperation_request')
    .columns(['direction', 'published_at desc', 'id desc'])
    .where(sql.ref('status'), '=', 'effective')
    .execute();
  // Any other mix of filters (branch, scope, release dates): every filtered column is in this
  // index, so pages and counts still come from an index-only scan.
  await sql`create index cooperation_request_effective_idx on cooperation_request (published_at desc, id desc)
    include (direction, type_code, sub_type_code, institution_id, bank_branch, scope_limited, scope_countries)
    where status = 'effective'`.execute(db);
}

async function createRequestLookupIndexes(db: Kysely<any>): Promise<void> {
  // Filters by publishing institution (its name or country), with type and direction.
  await db.schema
    .createIndex('cooperation_request_effective_institution_idx')
    .on('cooperation_request')
    .columns(['institution_id', 'type_code', 'sub_type_code', 'direction', 'published_at desc', 'id desc'])
    .where(sql.ref('status'), '=', 'effective')
    .execute();
  await db.schema
    .createIndex('cooperation_request_institution_idx')
    .on('cooperation_request')
    .columns(['institution_id', 'published_at desc'])
    .execute();
  await db.schema
    .createIndex('cooperation_request_owner_idx')
    .on('cooperation_request')
    .columns(['owner_user_id', 'status', 'updated_at desc'])
    .execute();
  await db.schema
    .createIndex('cooperation_request_valid_until_idx')
    .on('cooperation_request')
    .column('valid_until')
    .where(sql.ref('status'), '=', 'effective')
    .execute();
  await sql`create index cooperation_request_scope_idx on cooperation_request using gin (scope_countries)`.execute(db);
}

async function createMatchingIndexes(db: Kysely<any>): Promise<void> {
  // Matching: institutions with an effective request of a sub-type and direction (competitors),
  // read from the index alone.
  await db.schema
    .createIndex('cooperation_request_competitor_idx')
    .on('cooperation_request')
    .columns(['sub_type_code', 'direction', 'institution_id'])
    .where(sql.ref('status'), '=', 'effective')
    .execute();
  // Matching: users interested in a sub-type.
  await sql`create index app_user_interested_types_idx on app_user using gin (interested_types)`.execute(db);
  // Bank staff (role 50), told of every publication and reached intention.
  await sql`create index app_user_staff_idx on app_user (id) where role_codes @> array['50']::text[]`.execute(db);
}

async function createFollowTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cooperation_follow')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('request_id', 'bigint', (c) => c.notNull().references('cooperation_request.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cooperation_follow_pk', ['user_id', 'request_id'])
    .execute();
  await db.schema.createIndex('cooperation_follow_request_idx').on('cooperation_follow').column('request_id').execute();
}

async function createIntentionTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cooperation_intention')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('request_id', 'bigint', (c) => c.notNull().references('cooperation_request.id').onDelete('cascade'))
    .addColumn('sender_user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('sender_institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    .addColumn('recipient_institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    .addColumn('message', 'text', (c) => c.notNull())
    // pending (not responding) | agreed | rejected
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('responded_by', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('responded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cooperation_intention_status_check', sql`status in ('pending', 'agreed', 'rejected')`)
    // One intention per institution and request ("none twice").
    .addUniqueConstraint('cooperation_intention_once', ['request_id', 'sender_institution_id'])
    .execute();
  await db.schema
    .createIndex('cooperation_intention_sender_idx')
    .on('cooperation_intention')
    .columns(['sender_institution_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('cooperation_intention_recipient_idx')
    .on('cooperation_intention')
    .columns(['recipient_institution_id', 'created_at desc'])
    .execute();
}

async function createPushTable(db: Kysely<any>): Promise<void> {
  // Matched opportunities: a request pushed to an institution, by the system or by bank staff.
  await db.schema
    .createTable('cooperation_push')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('request_id', 'bigint', (c) => c.notNull().references('cooperation_request.id').onDelete('cascade'))
    .addColumn('institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    // system | manual
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pushed_by', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('pushed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('cooperation_push_kind_check', sql`kind in ('system', 'manual')`)
    .addUniqueConstraint('cooperation_push_once', ['request_id', 'institution_id'])
    .execute();
  await db.schema
    .createIndex('cooperation_push_institution_idx')
    .on('cooperation_push')
    .columns(['institution_id', 'kind', 'pushed_at desc'])
    .execute();
}

async function createMessageTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('message')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('request_id', 'bigint', (c) => c.references('cooperation_request.id').onDelete('set null'))
    // The other institution the message is about.
    .addColumn('institution_id', 'bigint', (c) => c.references('institution.id'))
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'message_type_check',
      sql`type in ('match', 'intentionReceived', 'intentionRejected', 'intentionAgreed', 'requestPublished', 'intentionReached')`,
    )
    .execute();
  await db.schema.createIndex('message_user_idx').on('message').columns(['user_id', 'created_at desc']).execute();
  await db.schema
    .createIndex('message_unread_idx')
    .on('message')
    .column('user_id')
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

async function createMasterAgreementTable(db: Kysely<any>): Promise<void> {
  // Forfaiting and risk participation need a signed master agreement (SPEC §5).
  await db.schema
    .createTable('master_agreement')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('sub_type_code', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    // submitted | signed
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('submitted'))
    .addColumn('signed_by', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('signed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('master_agreement_status_check', sql`status in ('submitted', 'signed')`)
    .execute();
  await db.schema
    .createIndex('master_agreement_institution_idx')
    .on('master_agreement')
    .columns(['institution_id', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('master_agreement').execute();
  await db.schema.dropTable('message').execute();
  await db.schema.dropTable('cooperation_push').execute();
  await db.schema.dropTable('cooperation_intention').execute();
  await db.schema.dropTable('cooperation_follow').execute();
  await sql`drop index if exists app_user_interested_types_idx`.execute(db);
  await sql`drop index if exists app_user_staff_idx`.execute(db);
  await db.schema.dropTable('cooperation_request').execute();
}
