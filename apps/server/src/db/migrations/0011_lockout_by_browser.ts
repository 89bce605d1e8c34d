import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Failed log-ins are counted apart for browsers new to an account (device_hash '', one row per
// address) and for each browser that has logged in to it before (its device hash), so failures
// from elsewhere never hold up the holder's own browser. notified_at: when the holder was last
// told by e-mail that the address is being tried (once per window, on the '' row).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_failure')
    .addColumn('device_hash', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('notified_at', 'timestamptz')
    .execute();
  await db.schema.alterTable('login_failure').dropConstraint('login_failure_pkey').execute();
  await db.schema
    .alterTable('login_failure')
    .addPrimaryKeyConstraint('login_failure_pkey', ['email', 'device_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from login_failure where device_hash <> ''`.execute(db);
  await db.schema.alterTable('login_failure').dropConstraint('login_failure_pkey').execute();
  await db.schema.alterTable('login_failure').dropColumn('device_hash').dropColumn('notified_at').execute();
  await db.schema.alterTable('login_failure').addPrimaryKeyConstraint('login_failure_pkey', ['email']).execute();
}
