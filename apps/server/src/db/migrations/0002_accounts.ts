import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Accounts: institutions, users, sessions, one-time codes, captchas, rate limits, mail, audit.
export async function up(db: Kysely<any>): Promise<void> {
  await createInstitutionTable(db);
  await createUserTable(db);
  await createSessionTables(db);
  await createVerificationCodeTable(db);
  await createCaptchaAndRateLimitTables(db);
  await createMailOutboxTable(db);
  await createAuditLogTable(db);
}

async function createInstitutionTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('institution')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('swift_code', 'text', (c) => c.unique())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('partner'))
    .addColumn('country', 'text')
    .addColumn('continent', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('institution_kind_check', sql`kind in ('partner', 'bank')`)
    .addCheckConstraint('institution_status_check', sql`status in ('active', 'stopped')`)
    .execute();
}

async function createUserTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_user')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('institution_id', 'bigint', (c) => c.references('institution.id'))
    .addColumn('role_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('activation', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('stopped_reason', 'text')
    .addColumn('force_password_change', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_reset_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('agreement_accepted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('profile_complete', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('profile', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('interested_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en-US'))
    .addColumn('review_note', 'text')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('dormant_warned_at', 'timestamptz')
    .addColumn('invited_by', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('app_user_activation_check', sql`activation in ('1', '5', '6', '7', '8')`)
    .addCheckConstraint('app_user_status_check', sql`status in ('active', 'stopped')`)
    .execute();
  await db.schema.createIndex('app_user_institution_idx').on('app_user').column('institution_id').execute();
  await db.schema.createIndex('app_user_activation_idx').on('app_user').columns(['activation', 'created_at']).execute();
}

async function createSessionTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();

  await db.schema
    .createTable('known_device')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('known_device_pk', ['user_id', 'device_hash'])
    .execute();
}

async function createVerificationCodeTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verification_code_lookup_idx')
    .on('verification_code')
    .columns(['email', 'purpose', 'created_at'])
    .execute();
}

async function createCaptchaAndRateLimitTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('captcha')
    .addColumn('trace_id', 'text', (c) => c.primaryKey())
    .addColumn('answer_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('rate_limit_counter')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('rate_limit_counter_pk', ['key', 'window_start'])
    .execute();
}

async function createMailOutboxTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addCheckConstraint('mail_outbox_status_check', sql`status in ('pending', 'sent', 'failed', 'stored')`)
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

async function createAuditLogTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'mail_outbox',
    'rate_limit_counter',
    'captcha',
    'verification_code',
    'known_device',
    'user_session',
    'app_user',
    'institution',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
