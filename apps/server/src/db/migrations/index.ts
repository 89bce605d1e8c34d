import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_foundation.ts';

/**
 * Every migration, in order. Listed statically (rather than read from the folder at run time)
 * so the set is fixed at build time and a missing file is a compile error.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
};
