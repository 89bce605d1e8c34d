import type { Kysely } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Periodic jobs: one lease row per job name, so that only one instance runs a job at a time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('last_result', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_lease').execute();
}
