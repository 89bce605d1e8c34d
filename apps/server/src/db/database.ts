/**
 * The database: Kysely over PGlite (embedded PostgreSQL, the default) or over a PostgreSQL
 * server when DATABASE_URL is set. One SQL dialect, PostgreSQL, for both.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, type Dialect, type Driver, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
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
  /** How its connections are used (for /metrics); absent on a handle made elsewhere. */
  pool?: PoolObserver;
  /**
   * Hears PostgreSQL notifications (`pg_notify` / NOTIFY) on `channel`, from this instance and
   * every other on the same database, delivered when the notifying transaction commits (never
   * when it rolls back). `onGap` runs when the listening connection was lost and is back: what
   * was sent in between is lost, so the listener re-reads what it watches. Answers the removal.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
    /**
     * Runs when the listening connection is lost or could not be opened: until `onGap` runs,
     * nothing sent is heard. (PGlite's listening is the process's own and is never lost.)
     */
    onLost?: () => void,
  ): Promise<() => Promise<void>>;
  /**
   * Calls `listener` with the SQL text of every statement this handle's connections complete
   * (transactions included), right after it completes and before its caller resumes. Answers
   * its removal.
   */
  observeStatements(listener: StatementListener): () => void;
};

export type StatementListener = (sqlText: string) => void;

export type Listen = DatabaseHandle['listen'];

/** The connections' use at a moment: how many the pool may hold, are taken, and are waited for. */
export type PoolUse = { size: number; inUse: number; waiting: number };

export type PoolObserver = {
  use(): PoolUse;
  /** Calls `listener` with each wait for a connection, in seconds; returns its removal. */
  onWait(listener: (seconds: number) => void): () => void;
};

/**
 * The dialect with its driver's acquire and release counted and timed: the same figures for
 * PostgreSQL's pool (DATABASE_POOL_SIZE connections) and PGlite's single connection, which
 * Kysely hands to one caller at a time (a transaction holds it until it ends).
 */
function observedDialect(dialect: Dialect, size: number): { dialect: Dialect; pool: PoolObserver } {
  let inUse = 0;
  let waiting = 0;
  const listeners = new Set<(seconds: number) => void>();
  const observe = (driver: Driver): Driver =>
    new Proxy(driver, {
      get(target, property, receiver) {
        if (property === 'acquireConnection') {
          return async () => {
            waiting++;
            const started = performance.now();
            try {
              const connection = await target.acquireConnection();
              inUse++;
              return connection;
            } finally {
              waiting--;
              const seconds = (performance.now() - started) / 1000;
              for (const listener of listeners) listener(seconds);
            }
          };
        }
        if (property === 'releaseConnection') {
          return async (connection: Parameters<Driver['releaseConnection']>[0]) => {
            inUse--;
            await target.releaseConnection(connection);
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return {
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => observe(dialect.createDriver()),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
    pool: {
      use: () => ({ size, inUse, waiting }),
      onWait(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  };
}

// Return bigint counts (COUNT(*)) and numerics as JS numbers/strings consistently on both engines.
// Dates (1082) and numerics (1700) stay text: a calendar date has no time zone, and an amount of
// 15 digits and 2 decimals is more than a double holds exactly.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(1082, (value) => value);
pg.types.setTypeParser(1700, (value) => value);

export function wrapKysely(
  db: Db,
  engine: DatabaseHandle['engine'],
  onClose: () => Promise<void>,
  pool: PoolObserver | undefined,
  listen: Listen,
  statementListeners: Set<StatementListener>,
): DatabaseHandle {
  let closed = false;
  return {
    db,
    engine,
    ...(pool ? { pool } : {}),
    listen,
    observeStatements(listener) {
      statementListeners.add(listener);
      return () => statementListeners.delete(listener);
    },
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

let statementsSent = 0;

/**
 * Statements sent to the database by this process since it started, when counting is on
 * (`openDatabase(..., { countStatements: true })`, BENCH_STATS: the bench's statements per
 * request); 0 otherwise.
 */
export function statementsSentSoFar(): number {
  return statementsSent;
}

export function kyselyOver(
  dialect: Dialect,
  options: { countStatements?: boolean; statementListeners?: ReadonlySet<StatementListener> } = {},
): Db {
  const count = options.countStatements ?? false;
  const listeners = options.statementListeners;
  return new Kysely<Database>({
    dialect,
    plugins: [new CamelCasePlugin()],
    ...(count || listeners
      ? {
          // Kysely calls this once a statement has completed (or failed), before its caller resumes.
          log: (event) => {
            if (count) statementsSent++;
            if (event.level === 'query' && listeners) for (const listener of listeners) listener(event.query.sql);
          },
        }
      : {}),
  });
}

/** Opens a PGlite database; `dataDir` undefined keeps it in memory; `loadDataDir` restores a dump. */
export async function openPglite(options: {
  dataDir?: string;
  loadDataDir?: Blob;
  countStatements?: boolean;
}): Promise<DatabaseHandle> {
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
  const { dialect, pool } = observedDialect(new PGliteDialect({ pglite }), 1);
  const statementListeners = new Set<StatementListener>();
  const db = kyselyOver(dialect, { countStatements: options.countStatements ?? false, statementListeners });
  return wrapKysely(
    db,
    'pglite',
    async () => {},
    pool,
    async (channel, onMessage) => {
      // PGlite is one session: its LISTEN is that session's, and a notification sent in a
      // transaction arrives once the COMMIT has run, as on a server. The LISTEN statement runs
      // while this caller holds Kysely's only connection, so it never lands inside someone else's
      // transaction (where a rollback would undo it).
      const unlisten = await db.connection().execute(() => pglite.listen(channel, onMessage));
      return async () => {
        // Once the database is closed there is nothing left to stop listening to.
        if (!pglite.closed) await unlisten().catch(() => {});
      };
    },
    statementListeners,
  );
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

export function openPostgres(
  url: string,
  poolSize = 10,
  options: {
    countStatements?: boolean;
    /** Where the LISTEN connection goes (DATABASE_LISTEN_URL); default: `url`. */
    listenUrl?: string;
  } = {},
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: PreparingClient });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const observed = observedDialect(new PostgresDialect({ pool }), poolSize);
  const listener = new PostgresListener(options.listenUrl ?? url);
  const statementListeners = new Set<StatementListener>();
  return wrapKysely(
    kyselyOver(observed.dialect, { countStatements: options.countStatements ?? false, statementListeners }),
    'postgres',
    () => listener.close(),
    observed.pool,
    (channel, onMessage, onGap, onLost) => listener.listen(channel, onMessage, onGap, onLost),
    statementListeners,
  );
}

type Subscriber = {
  onMessage: (payload: string) => void;
  onGap: (() => void) | undefined;
  onLost: (() => void) | undefined;
};

/**
 * The one connection an instance keeps for LISTEN, outside the pool: a pooled connection would
 * be handed to other work between statements, and a session's LISTEN lasts only as long as the
 * session. It is opened with the first subscription; when it is lost (a database restart, a
 * network cut) it is opened again after a growing pause, its channels listened to again, and
 * each subscriber told of the gap.
 */
export class PostgresListener {
  readonly #url: string;
  readonly #channels = new Map<string, Set<Subscriber>>();
  #client: pg.Client | undefined;
  #connecting: Promise<void> | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #retryMs = 0;
  #closed = false;

  constructor(url: string) {
    this.#url = url;
  }

  async listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap?: () => void,
    onLost?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('the database is closed');
    const subscriber: Subscriber = { onMessage, onGap, onLost };
    let subscribers = this.#channels.get(channel);
    const first = !subscribers;
    if (!subscribers) {
      subscribers = new Set();
      this.#channels.set(channel, subscribers);
    }
    subscribers.add(subscriber);
    try {
      await this.#connect();
      if (first && this.#client) await this.#client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      // The database is out of reach: the retry listens once it is back and reports the gap.
      subscriber.onLost?.();
      this.#retryLater();
    }
    return async () => {
      const set = this.#channels.get(channel);
      if (!set?.delete(subscriber) || set.size > 0) return;
      this.#channels.delete(channel);
      await this.#client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  /** Opens the connection if it is not open (once, however many callers wait for it). */
  #connect(): Promise<void> {
    if (this.#client) return Promise.resolve();
    this.#connecting ??= this.#open().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url });
    client.on('notification', (message) => {
      for (const subscriber of this.#channels.get(message.channel) ?? []) subscriber.onMessage(message.payload ?? '');
    });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      for (const subscribers of this.#channels.values()) for (const s of subscribers) s.onLost?.();
      this.#retryLater();
    };
    // Without an 'error' listener a lost connection would crash the process.
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (this.#closed) return;
      this.#retryLater();
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#retryMs = 0;
  }

  /** Tries again after a pause growing to 10 s; once back, tells every subscriber of the gap. */
  #retryLater(): void {
    if (this.#closed || this.#retryTimer) return;
    this.#retryMs = Math.min(10_000, Math.max(250, this.#retryMs * 2));
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (this.#closed || this.#client) return;
      this.#connect().then(
        () => {
          for (const subscribers of this.#channels.values()) for (const s of subscribers) s.onGap?.();
        },
        () => {},
      );
    }, this.#retryMs);
    this.#retryTimer.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await this.#connecting?.catch(() => {});
    await client?.end().catch(() => {});
  }
}

export async function openDatabase(
  config: Config['database'],
  options: { countStatements?: boolean } = {},
): Promise<DatabaseHandle> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, config.poolSize, { ...options, listenUrl: config.listenUrl })
    : openPglite({ dataDir: config.dataDir, ...options });
}
