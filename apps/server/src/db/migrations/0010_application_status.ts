import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// The browser that registered an account may read its application's state without logging in:
// a random token in an HttpOnly cookie, stored here hashed, bound to the account, until it expires.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('application_status_token')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('application_status_token_user')
    .on('application_status_token')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_status_token').execute();
}
