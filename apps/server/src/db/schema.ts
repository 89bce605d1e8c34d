/**
 * TypeScript shape of the database, as the application sees it (camelCase; the
 * CamelCasePlugin maps to the snake_case columns). Each migration that adds a table adds its
 * interface here.
 */
import type { ColumnType, Generated } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Small key/value facts about the installation itself. */
export interface AppMetaTable {
  key: string;
  value: string;
  updatedAt: Generated<Timestamp>;
}

/** Demo-data steps already applied, so each runs exactly once per database. */
export interface SeedStepTable {
  name: string;
  appliedAt: Generated<Timestamp>;
}

export interface Database {
  appMeta: AppMetaTable;
  seedStep: SeedStepTable;
}
