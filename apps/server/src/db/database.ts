/**
 * The database: Kysely over PGlite (embedded PostgreSQL, the default) or over a PostgreSQL
 * server when DATABASE_URL is set. One SQL dialect, PostgreSQL, for both.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Answers whether the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

// Return bigint counts (COUNT(*)) and numerics as JS numbers/strings consistently on both engines.
// Dates (1082) and numerics (1700) stay text: a calendar date has no time zone, and an amount of
// 15 digits and 2 decimals is more than a double holds exactly.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);
pg.types.setTypeParser(1700, (value) => value);

export function wrapKysely(db: Db, engine: DatabaseHandle['engine'], onClose: () => Promise<void>): DatabaseHandle {
  let closed = false;
  return {
    db,
    engine,
    async ping() {
      if (closed) return false;
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await onClose();
    },
  };
}

export function kyselyOver(dialect: PGliteDialect | PostgresDialect): Db {
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}

/** Opens a PGlite database; `dataDir` undefined keeps it in memory; `loadDataDir` restores a dump. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    // The embedded engine serves one small installation: PostgreSQL's default 128 MB buffer
    // pool would be most of the process's memory (DESIGN target: idle RSS under 250 MB).
    postgresqlconf: ['shared_buffers = 16MB'],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: {
      20: (value: string) => Number.parseInt(value, 10),
      1082: (value: string) => value,
      1700: (value: string) => value,
    },
  });
  // Kysely closes the PGlite instance itself when destroyed.
  return wrapKysely(kyselyOver(new PGliteDialect({ pglite })), 'pglite', async () => {});
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return wrapKysely(kyselyOver(new PostgresDialect({ pool })), 'postgres', async () => {});
}

export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, config.poolSize)
    : openPglite({ dataDir: config.dataDir });
}
