import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Failed log-ins in a row and the lock-out, per e-mail address string whether or not an account
// has it (so an unknown address locks like a registered one). Replaces app_user's two columns.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_failure')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`
    insert into login_failure (email, failures, locked_until, updated_at)
    select email, failed_logins, locked_until, now() from app_user where failed_logins > 0 or locked_until is not null
  `.execute(db);
  await db.schema.alterTable('app_user').dropColumn('failed_logins').dropColumn('locked_until').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('app_user')
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema.dropTable('login_failure').execute();
}
