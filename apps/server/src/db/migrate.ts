import type { Kysely } from 'kysely';
import { type MigrationResultSet, Migrator } from 'kysely/migration';
import { MIGRATIONS } from './migrations/index.ts';

/** Brings the database to the latest migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}
