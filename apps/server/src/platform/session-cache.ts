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

/** Token hash → entry, in insertion order (the first is the oldest), indexed by user and institution. */
function createEntries<Row extends Keyed>(maxEntries: number) {
  const entries = new Map<string, Entry<Row>>();
  const byUser = new Map<number, Set<string>>();
  const byInstitution = new Map<number, Set<string>>();
  const index = (map: Map<number, Set<string>>, key: number | null, tokenHash: string) => {
    if (key === null) return;
    const set = map.get(key);
    if (set) set.add(tokenHash);
    else map.set(key, new Set([tokenHash]));
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
  const removeAll = (map: Map<number, Set<string>>, key: number) => {
    for (const tokenHash of [...(map.get(key) ?? [])]) remove(tokenHash);
  };
  return {
    get: (tokenHash: string) => entries.get(tokenHash),
    set(tokenHash: string, entry: Entry<Row>) {
      remove(tokenHash);
      entries.set(tokenHash, entry);
      index(byUser, entry.row.id, tokenHash);
      index(byInstitution, entry.row.institutionId, tokenHash);
      while (entries.size > maxEntries) remove(entries.keys().next().value as string);
    },
    remove,
    removeUser: (id: number) => removeAll(byUser, id),
    removeInstitution: (id: number) => removeAll(byInstitution, id),
    clear() {
      entries.clear();
      byUser.clear();
      byInstitution.clear();
    },
    size: () => entries.size,
  };
}

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

type State = 'off' | 'starting' | 'up' | 'down';

export function createSessionCache<Row extends Keyed>(
  database: Pick<DatabaseHandle, 'listen' | 'observeStatements'>,
  options: { ttlMs?: number; maxEntries?: number; onError?: (error: unknown) => void } = {},
): SessionCache<Row> {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const entries = createEntries<Row>(options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES);
  let generation = 0;
  let state: State = 'off';
  let stopWatching: (() => Promise<void>) | undefined;
  const clear = () => {
    generation++;
    entries.clear();
  };
  const onMessage = (payload: string) => {
    generation++;
    const kind = payload.slice(0, 2);
    const id = Number(payload.slice(2));
    if (kind === 's:') entries.remove(payload.slice(2));
    else if (kind === 'u:' && Number.isSafeInteger(id)) entries.removeUser(id);
    else if (kind === 'i:' && Number.isSafeInteger(id)) entries.removeInstitution(id);
    else clear();
  };
  return {
    get(tokenHash, now) {
      if (state !== 'up') return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now - entry.readAt < ttlMs && now >= entry.readAt) return entry.row;
      entries.remove(tokenHash);
      return undefined;
    },
    ticket: () => generation,
    store(tokenHash, row, ticket, readAt) {
      if (state === 'up' && ticket === generation) entries.set(tokenHash, { row, readAt });
    },
    active: () => state === 'up',
    size: () => entries.size(),
    async start() {
      if (state !== 'off') return;
      state = 'starting';
      stopWatching = await watchChanges(database, {
        onMessage,
        setState: (next) => {
          clear();
          // A late callback after stop() changes nothing.
          if (state !== 'off') state = next;
        },
        stopped: () => state === 'off',
        onError: options.onError,
      });
    },
    async stop() {
      state = 'off';
      clear();
      const stop = stopWatching;
      stopWatching = undefined;
      await stop?.();
    },
  };
}

/**
 * Listens on SESSION_CHANNEL and watches this instance's own statements; reports the cache's
 * state ('up' once listening, 'down' while the connection is lost, 'up' again once it is back).
 * Answers the function that stops both.
 */
async function watchChanges(
  database: Pick<DatabaseHandle, 'listen' | 'observeStatements'>,
  handlers: {
    onMessage: (payload: string) => void;
    setState: (state: 'up' | 'down') => void;
    stopped: () => boolean;
    onError: ((error: unknown) => void) | undefined;
  },
): Promise<() => Promise<void>> {
  const { onMessage, setState, stopped } = handlers;
  const unobserve = database.observeStatements((sqlText) => {
    if (mayChangeSessions(sqlText)) onMessage('*');
  });
  let lost = false;
  let unlisten: () => Promise<void>;
  try {
    unlisten = await database.listen(
      SESSION_CHANNEL,
      onMessage,
      // Back after a loss: whatever was announced meanwhile is unknown, so everything goes.
      () => setState('up'),
      () => {
        lost = true;
        setState('down');
      },
    );
  } catch (error) {
    // Not listening: the cache stays off and every request reads the database.
    setState('down');
    handlers.onError?.(error);
    return async () => unobserve();
  }
  const stop = async () => {
    unobserve();
    await unlisten().catch(() => {});
  };
  if (stopped()) {
    await stop();
    return async () => {};
  }
  // Lost while starting: up only once the listener reports it is back.
  if (!lost) setState('up');
  return stop;
}
