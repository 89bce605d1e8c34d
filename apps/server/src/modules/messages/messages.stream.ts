/**
 * The unread-count streams behind the header bell (`GET /api/bthw/messages/stream`, server-sent
 * events). Each open stream gets `event: unread` with `{"num":N}`:
 * - when it connects;
 * - at once when any instance on the same database changes the user's count: the change is
 *   announced with PostgreSQL's NOTIFY in its transaction's commit (notify.ts), and every
 *   instance's hub listens on one connection of its own (db/database.ts);
 * - as a slow safety net, every `recheckMs`: one query re-reads the counts of every user with an
 *   open stream and sends those that changed (a write that announced nothing, an announcement
 *   lost while the listening connection was down; that reconnection re-reads at once too);
 * and a comment line every `heartbeatMs`, so proxies keep the connection open.
 * The re-check also ends streams whose session is gone (log-out, expiry, stopped account).
 * Streams are ended when the app closes, so they never hold a shutdown up.
 */
import type { ServerResponse } from 'node:http';
import { MESSAGE_STREAM_EVENT } from '@portal/shared/schemas/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Listen } from '../../db/database.ts';
import { countUnreadOf, findLiveStreamSessions } from './messages.repository.ts';
import { listenUnreadChanged } from './notify.ts';

/** Open streams one user may hold (browser tabs); opening another ends the oldest. */
export const MAX_STREAMS_PER_USER = 8;

export type UnreadStream = {
  userId: number;
  /** The session the stream was opened with (its hash, as stored). */
  tokenHash: string;
  raw: ServerResponse;
  /** The count last sent; null before the first. */
  lastSent: number | null;
};

export type UnreadStreamHub = {
  /** Starts serving a stream: sends the current count, then keeps it up to date. */
  open(stream: Omit<UnreadStream, 'lastSent'>): Promise<void>;
  /** How many streams are open (for tests and metrics). */
  size(): number;
  /** Ends every stream and stops the timers. */
  closeAll(): void;
};

/** How long a browser waits before reconnecting a dropped stream (the `retry:` field). */
const RECONNECT_MS = 5_000;

type StreamsByUser = Map<number, Set<UnreadStream>>;

const streamsOf = (byUser: StreamsByUser) => [...byUser.values()].flatMap((set) => [...set]);

function write(stream: UnreadStream, chunk: string) {
  if (stream.raw.writableEnded || stream.raw.destroyed) return;
  stream.raw.write(chunk);
}

function send(stream: UnreadStream, num: number) {
  if (stream.lastSent === num) return;
  stream.lastSent = num;
  write(stream, `event: ${MESSAGE_STREAM_EVENT}\ndata: ${JSON.stringify({ num })}\n\n`);
}

/** Re-reads the counts of these users and sends the ones that changed. */
async function readAndSend(db: Db, log: FastifyBaseLogger, byUser: StreamsByUser, userIds: number[]) {
  const open = userIds.filter((id) => byUser.has(id));
  for (let start = 0; start < open.length; start += 1000) {
    const batch = open.slice(start, start + 1000);
    try {
      const counts = await countUnreadOf(db, batch);
      for (const userId of batch) {
        for (const stream of byUser.get(userId) ?? []) send(stream, counts.get(userId) ?? 0);
      }
    } catch (error) {
      log.warn({ err: error }, 'unread stream: could not read counts');
    }
  }
}

/** The streams whose session is no longer valid (none when the check fails). */
async function endedSessionStreams(
  db: Db,
  log: FastifyBaseLogger,
  streams: UnreadStream[],
  sessionIdleMs: number,
): Promise<UnreadStream[]> {
  try {
    const hashes = [...new Set(streams.map((s) => s.tokenHash))];
    const alive = await findLiveStreamSessions(db, hashes, Math.floor(sessionIdleMs / 1000));
    return streams.filter((stream) => !alive.has(stream.tokenHash));
  } catch (error) {
    log.warn({ err: error }, 'unread stream: could not check sessions');
    return [];
  }
}

/** The re-check and heartbeat timers: running while any stream is open. */
function createTimers(recheckMs: number, heartbeatMs: number, recheck: () => void, heartbeat: () => void) {
  let recheckTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (recheckTimer) return;
      recheckTimer = setInterval(recheck, recheckMs);
      recheckTimer.unref();
      heartbeatTimer = setInterval(heartbeat, heartbeatMs);
      heartbeatTimer.unref();
    },
    stop() {
      clearInterval(recheckTimer);
      clearInterval(heartbeatTimer);
      recheckTimer = undefined;
      heartbeatTimer = undefined;
    },
  };
}

/**
 * Listening starts with the first stream and lasts until the hub closes: one LISTEN per
 * instance, whatever the number of streams.
 */
function createListener(
  listen: Listen,
  log: FastifyBaseLogger,
  refresh: (userIds: number[]) => unknown,
  recheck: () => unknown,
) {
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  return {
    start() {
      listening ??= listenUnreadChanged(
        listen,
        (userIds) => void refresh([...userIds]),
        () => void recheck(),
      ).then(
        (stop) => stop,
        (error: unknown) => {
          // The periodic re-check still serves the streams; the next hub start tries again.
          log.warn({ err: error }, 'unread stream: could not listen for changes');
          listening = undefined;
          return undefined;
        },
      );
      return listening;
    },
    stop() {
      void listening?.then((stop) => stop?.()).catch(() => {});
    },
  };
}

/** The open streams by user; `onEmpty` runs when the last one goes. */
function createStreamRegistry(onEmpty: () => void) {
  const byUser: StreamsByUser = new Map();
  const remove = (stream: UnreadStream) => {
    const set = byUser.get(stream.userId);
    if (!set?.delete(stream)) return;
    if (set.size === 0) byUser.delete(stream.userId);
    if (byUser.size === 0) onEmpty();
  };
  const end = (stream: UnreadStream) => {
    remove(stream);
    if (!stream.raw.writableEnded) stream.raw.end();
  };
  /** A user has a few tabs open at most; beyond that the oldest streams make room. */
  const add = (stream: UnreadStream) => {
    const existing = [...(byUser.get(stream.userId) ?? [])];
    for (const oldest of existing.slice(0, Math.max(0, existing.length + 1 - MAX_STREAMS_PER_USER))) end(oldest);
    let set = byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      byUser.set(stream.userId, set);
    }
    set.add(stream);
  };
  return { byUser, all: () => streamsOf(byUser), add, remove, end };
}

export function createUnreadStreamHub(options: {
  db: Db;
  /** The database's notifications (DatabaseHandle.listen). */
  listen: Listen;
  log: FastifyBaseLogger;
  sessionIdleMs: number;
  recheckMs?: number;
  heartbeatMs?: number;
}): UnreadStreamHub {
  const { db, log } = options;
  let closed = false;
  const { byUser, all, add, remove, end } = createStreamRegistry(() => timers.stop());

  // One refresh at a time, in order: an older count read late must not overwrite a newer one.
  let queue: Promise<void> = Promise.resolve();
  const refresh = (userIds: number[]): Promise<void> => {
    queue = queue.then(() => readAndSend(db, log, byUser, userIds));
    return queue;
  };
  /** Ends the streams whose session is gone, then re-reads every count. */
  const recheck = async () => {
    const streams = all();
    if (streams.length > 0)
      for (const stream of await endedSessionStreams(db, log, streams, options.sessionIdleMs)) end(stream);
    await refresh([...byUser.keys()]);
  };
  const listener = createListener(options.listen, log, refresh, recheck);
  const timers = createTimers(
    options.recheckMs ?? 30_000,
    options.heartbeatMs ?? 25_000,
    () => void recheck(),
    () => {
      for (const stream of all()) write(stream, ': keep-alive\n\n');
    },
  );

  return {
    async open(input) {
      const stream: UnreadStream = { ...input, lastSent: null };
      if (closed) {
        stream.raw.end();
        return;
      }
      add(stream);
      timers.start();
      stream.raw.on('close', () => remove(stream));
      write(stream, `retry: ${RECONNECT_MS}\n\n`);
      // Listening before the first count is read: a change committed in between is not missed.
      await listener.start();
      await refresh([stream.userId]);
    },
    size: () => all().length,
    closeAll() {
      closed = true;
      for (const stream of all()) end(stream);
      timers.stop();
      listener.stop();
    },
  };
}
