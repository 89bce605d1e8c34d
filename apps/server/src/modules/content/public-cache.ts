/**
 * Cacheable content reads (docs/decisions/0007-public-content.md).
 *
 * Every content write bumps `content_version` in its own transaction. A read looks up that one
 * number (a primary-key read), and answers from an in-process memo of the serialised envelope when
 * the memo was built at the same version and has not passed its own expiry (a banner's publish
 * window); otherwise it builds the answer again. The version itself is re-read at most once a
 * second (VERSION_TTL_MS), and at once after a write through this instance. The ETag is a hash of the body, so it changes
 * exactly when the answer does; `If-None-Match` with it gets 304. Because the version lives in the
 * database, every instance notices a publish within a second.
 *
 * Public answers: `Cache-Control: public, max-age=60, must-revalidate` (a visitor may see a change
 * up to a minute late, then revalidates). Reads that need a signed-in user: `private, no-cache`
 * (the browser revalidates every time; 304 saves the body).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ok } from '../../platform/respond.ts';
import { readContentVersion } from './content.repository.ts';

export const PUBLIC_MAX_AGE_SECONDS = 60;
const MAX_ENTRIES = 1000;
export const VERSION_TTL_MS = 1000;

/** Bodies this small go as they are (the compression plugin's threshold too). */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';
type Memo = {
  version: number;
  expiresAt: number;
  body: string;
  etag: string;
  /** The body compressed once per encoding, when first asked for: a cached read compresses nothing. */
  compressed: Partial<Record<Encoding, Buffer>>;
};

/** The encoding to answer in: brotli, else gzip, when the client accepts it (q not 0). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compress(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } })
    : gzipSync(body, { level: 6 });
}

export type Built<T> = { data: T /** ms since epoch when the answer may change without a write */; expiresAt?: number };

/** The serialised envelope of a built answer and its ETag (a hash of the body). */
function memoOf<T>(request: FastifyRequest, version: number, built: Built<T>): Memo {
  const body = JSON.stringify(ok(request, built.data));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { version, expiresAt: built.expiresAt ?? Number.POSITIVE_INFINITY, body, etag, compressed: {} };
}

/** Sends a memo with ETag/Cache-Control/Vary: 304 when the client's copy is current, else the body (compressed when worth it). */
async function sendMemo(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Memo,
  scope: 'public' | 'private',
): Promise<void> {
  reply
    .header('etag', entry.etag)
    .header(
      'cache-control',
      scope === 'public' ? `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, must-revalidate` : 'private, no-cache',
    )
    .header(
      'vary',
      scope === 'public' ? 'lang, accept-language, accept-encoding' : 'lang, accept-language, accept-encoding, cookie',
    );
  const given = request.headers['if-none-match'];
  if (given?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
    await reply.code(304).send();
    return;
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding =
    Buffer.byteLength(entry.body) >= COMPRESS_FROM_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) {
    await reply.send(entry.body);
    return;
  }
  entry.compressed[encoding] ??= compress(entry.body, encoding);
  // Already encoded: the compression plugin leaves a reply with Content-Encoding alone.
  await reply.header('content-encoding', encoding).send(entry.compressed[encoding]);
}

export function createContentCache(db: Db) {
  const memo = new Map<string, Memo>();

  function remember(key: string, entry: Memo) {
    if (memo.size >= MAX_ENTRIES) {
      const oldest = memo.keys().next().value;
      if (oldest !== undefined) memo.delete(oldest);
    }
    memo.set(key, entry);
  }

  // The version as last read, re-read at most once a second: a cached read then costs no query.
  // Writes through this instance call changed() so their own readers see them at once; another
  // instance's write shows here within VERSION_TTL_MS.
  let known = { version: -1, readAt: 0 };
  async function currentVersion(): Promise<number> {
    if (Date.now() - known.readAt >= VERSION_TTL_MS) {
      known = { version: await readContentVersion(db), readAt: Date.now() };
    }
    return known.version;
  }

  return {
    /** Forget the version read (after a write through this instance). */
    changed() {
      known = { version: -1, readAt: 0 };
    },
    /**
     * Answers a read from the memo or by `build`, with ETag/Cache-Control, 304 when the client's
     * copy is current. `scope` 'private' for reads behind a log-in (the key includes nothing of the
     * user: the same answer goes to every user allowed to read it).
     */
    async respond<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      scope: 'public' | 'private',
      build: () => Promise<Built<T>>,
    ): Promise<void> {
      const version = await currentVersion();
      const key = `${request.routeOptions.url}|${request.url}|${request.locale}`;
      let entry = memo.get(key);
      if (!entry || entry.version !== version || entry.expiresAt <= Date.now()) {
        entry = memoOf(request, version, await build());
        memo.delete(key);
        remember(key, entry);
      }
      await sendMemo(request, reply, entry, scope);
    },
    clear() {
      memo.clear();
    },
  };
}

export type ContentCache = ReturnType<typeof createContentCache>;
