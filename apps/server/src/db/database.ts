/**
 * The database: Kysely over PGlite (embedded PostgreSQL, the default) or over a PostgreSQL
 * server when DATABASE_URL is set. One SQL dialect, PostgreSQL, for both.
 */
import { createHash } from 'node:crypto';
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

/** Named statements one connection keeps at most; beyond them, statements go unnamed. */
const PREPARED_PER_CONNECTION = 1_000;
const statementNames = new Map<string, string>();

/** A short name for a statement's text (the same text, the same name, on every connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    // The app has a bounded set of statement shapes; the bound guards against one that is not.
    if (statementNames.size >= 10 * PREPARED_PER_CONNECTION) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A pg client that sends each parameterised statement as a named prepared statement, so that
 * PostgreSQL parses it once per connection and, after a few runs, keeps a generic plan instead of
 * planning it again on every call (planning cost more than running on the list's statements).
 * Statements without parameters (transaction control, migration scripts that may hold several
 * statements) go as they are.
 */
class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    const plain = this.query.bind(this) as (...args: unknown[]) => unknown;
    (this as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || values.length === 0) {
        return plain(...args);
      }
      const name = statementName(text);
      if (!this.#prepared.has(name)) {
        if (this.#prepared.size >= PREPARED_PER_CONNECTION) return plain(...args);
        this.#prepared.add(name);
      }
      return plain({ name, text, values });
    };
  }
}

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return wrapKysely(kyselyOver(new PostgresDialect({ pool })), 'postgres', async () => {});
}

export async function openDatabase(config: Config['database']): Promise<DatabaseHandle> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, config.poolSize)
    : openPglite({ dataDir: config.dataDir });
}
