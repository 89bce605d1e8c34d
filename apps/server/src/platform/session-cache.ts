/**
 * A short-lived, per-instance cache of session lookups (docs/decisions/0028), so that a session in
 * use needs no statement of its own on most requests.
 *
 * - **Dropped on every instance at once.** Migration 0020's triggers announce, with the commit,
 *   every change the lookup could see on the channel `portal_session`: `s:<token hash>` (a session
 *   deleted or changed), `u:<user id>` (a user changed or deleted), `i:<institution id>` (an
 *   institution stopped, started or deleted), `*` (a table truncated). Each instance drops what
 *   they name. Writes to those tables through this instance's own connections drop the whole
 *   cache as soon as their statement completes, before the notification comes back.
 * - **Off while not listening.** Until the listening connection is up, and from the moment it is
 *   lost until it is back, nothing is answered from the cache and nothing is stored in it; it is
 *   emptied each time.
 * - **No stale fills.** Every drop raises a generation; a lookup stores its row only if the
 *   generation did not move while it ran (`ticket()` before it, `store(..., ticket)` after).
 * - **Short and bounded.** An entry answers for `ttlMs` (5 s) after it was read, whatever else
 *   happens: the bound on a change missed between a connection's loss and its noticing. At most
 *   `maxEntries` (10,000) entries; the oldest go first.
 * - **Positive answers only.** The caller stores only sessions it accepted; anything that would end
 *   a session (idle, expired, stopped) is decided on the database's row.
 */
import type { DatabaseHandle } from '../db/database.ts';

/** The channel migration 0020's triggers notify. */
export const SESSION_CHANNEL = 'portal_session';
export const SESSION_CACHE_TTL_MS = 5_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** The tables the session lookup reads, and per table the columns whose writes it need not see. */
const WATCHED: Record<string, ReadonlySet<string>> = {
  user_session: new Set(['last_seen_at']),
  app_user: new Set(['last_active_at', 'last_login_at', 'dormant_warned_at', 'updated_at']),
  institution: new Set(['name', 'swift_code', 'kind', 'country', 'continent', 'created_at', 'updated_at']),
};
const WRITE = /^\s*(?:update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_]+)"?/i;
const SET_CLAUSE = /^\s*update\s+\S+\s+set\s+(.+?)\s+where\s/is;
const ASSIGNMENT = /^"?([a-z_]+)"?\s*=\s*\$\d+$/i;

/**
 * Whether a statement this instance sent may have changed what the lookup reads: an update,
 * delete or truncate of a watched table, unless it is an update setting only columns the lookup
 * need not see (the minute's "last seen" touch and activity record). When in doubt, yes.
 */
export function mayChangeSessions(sqlText: string): boolean {
  const write = WRITE.exec(sqlText);
  if (!write) return false;
  const ignored = WATCHED[write[1]!.toLowerCase()];
  if (!ignored) return false;
  const set = SET_CLAUSE.exec(sqlText)?.[1];
  if (!set) return true;
  return !set.split(',').every((assignment) => {
    const column = ASSIGNMENT.exec(assignment.trim())?.[1];
    return column !== undefined && ignored.has(column.toLowerCase());
  });
}

type Keyed = { id: number; institutionId: number | null };
type Entry<Row> = { row: Row; readAt: number };

export type SessionCache<Row extends Keyed> = {
  /** A row read at most `ttlMs` ago, while listening; undefined otherwise. */
  get(tokenHash: string, now: number): Row | undefined;
  /** Taken before a lookup, handed to `store` after it. */
  ticket(): number;
  /** Keeps `row`, read at `readAt`, unless something was dropped since `ticket` was taken. */
  store(tokenHash: string, row: Row, ticket: number, readAt: number): void;
  /** Whether the cache answers now (listening). */
  active(): boolean;
  /** The number of entries (for tests). */
  size(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function createSessionCache<Row extends Keyed>(
  database: Pick<DatabaseHandle, 'listen' | 'observeStatements'>,
  options: { ttlMs?: number; maxEntries?: number; onError?: (error: unknown) => void } = {},
): SessionCache<Row> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const entries = new Map<string, Entry<Row>>();
  const byUser = new Map<number, Set<string>>();
  const byInstitution = new Map<number, Set<string>>();
  let generation = 0;
  let state: 'off' | 'starting' | 'up' | 'down' = 'off';
  let unlisten: (() => Promise<void>) | undefined;
  let unobserve: (() => void) | undefined;
  const current = () => state;

  const index = (map: Map<number, Set<string>>, key: number | null, tokenHash: string) => {
    if (key === null) return;
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(tokenHash);
  };
  const unindex = (map: Map<number, Set<string>>, key: number | null, tokenHash: string) => {
    if (key === null) return;
    const set = map.get(key);
    if (set?.delete(tokenHash) && set.size === 0) map.delete(key);
  };
  const remove = (tokenHash: string) => {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    unindex(byUser, entry.row.id, tokenHash);
    unindex(byInstitution, entry.row.institutionId, tokenHash);
  };
  const clear = () => {
    generation++;
    entries.clear();
    byUser.clear();
    byInstitution.clear();
  };
  const dropAll = (map: Map<number, Set<string>>, key: number) => {
    for (const tokenHash of [...(map.get(key) ?? [])]) remove(tokenHash);
  };

  const onMessage = (payload: string) => {
    generation++;
    const kind = payload.slice(0, 2);
    const key = payload.slice(2);
    const id = Number(key);
    if (kind === 's:') remove(key);
    else if (kind === 'u:' && Number.isSafeInteger(id)) dropAll(byUser, id);
    else if (kind === 'i:' && Number.isSafeInteger(id)) dropAll(byInstitution, id);
    else clear();
  };

  return {
    get(tokenHash, now) {
      if (state !== 'up') return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now - entry.readAt >= ttlMs || now < entry.readAt) {
        remove(tokenHash);
        return undefined;
      }
      return entry.row;
    },
    ticket: () => generation,
    store(tokenHash, row, ticket, readAt) {
      if (state !== 'up' || ticket !== generation) return;
      remove(tokenHash);
      entries.set(tokenHash, { row, readAt });
      index(byUser, row.id, tokenHash);
      index(byInstitution, row.institutionId, tokenHash);
      // A Map iterates in insertion order: the first key is the oldest entry.
      while (entries.size > maxEntries) remove(entries.keys().next().value as string);
    },
    active: () => state === 'up',
    size: () => entries.size,
    async start() {
      if (state !== 'off') return;
      state = 'starting';
      unobserve = database.observeStatements((sqlText) => {
        if (mayChangeSessions(sqlText)) clear();
      });
      let stopListening: () => Promise<void>;
      try {
        stopListening = await database.listen(
          SESSION_CHANNEL,
          onMessage,
          () => {
            // Back after a loss: whatever was announced meanwhile is unknown.
            clear();
            if (state !== 'off') state = 'up';
          },
          () => {
            clear();
            if (state !== 'off') state = 'down';
          },
        );
      } catch (error) {
        // Not listening: the cache stays off and every request reads the database.
        state = 'down';
        options.onError?.(error);
        return;
      }
      // (Read through a function: the callbacks and stop() may have changed it while listen ran.)
      if (current() === 'off') {
        // Stopped while starting.
        await stopListening().catch(() => {});
        return;
      }
      unlisten = stopListening;
      clear();
      // Lost while starting ('down'): up only once the listener reports it is back.
      if (current() === 'starting') state = 'up';
    },
    async stop() {
      state = 'off';
      clear();
      unobserve?.();
      unobserve = undefined;
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.().catch(() => {});
    },
  };
}
