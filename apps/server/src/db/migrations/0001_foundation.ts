import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('seed_step')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('seed_step').execute();
  await db.schema.dropTable('app_meta').execute();
}
