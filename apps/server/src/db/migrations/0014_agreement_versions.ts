import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// The user agreement and the personal-information policy are published together under one
// version and effective date. Publishing a new version clears every account's agreement flag, so
// each is asked again; each acceptance (version, time, address) is kept.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agreement_version')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull().unique())
    .addColumn('effective_date', 'text', (c) => c.notNull())
    .addColumn('published_by', 'bigint')
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The version the portal's texts carry at this migration.
  await sql`insert into agreement_version (version, effective_date) values ('1.0', '2026-03-01')`.execute(db);
  await db.schema
    .createTable('agreement_acceptance')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('agreement_acceptance_user').on('agreement_acceptance').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agreement_acceptance').execute();
  await db.schema.dropTable('agreement_version').execute();
}
