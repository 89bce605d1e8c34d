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
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { ok } from '../../platform/respond.ts';

export const PUBLIC_MAX_AGE_SECONDS = 60;
const MAX_ENTRIES = 1000;
export const VERSION_TTL_MS = 1000;

type Memo = { version: number; expiresAt: number; body: string; etag: string };

/** Bumps the content version; call inside the write's transaction. */
export async function bumpContentVersion(trx: Db): Promise<void> {
  await trx
    .updateTable('contentVersion')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('contentVersion').select('version').where('id', '=', 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export type Built<T> = { data: T /** ms since epoch when the answer may change without a write */; expiresAt?: number };

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
        const built = await build();
        const body = JSON.stringify(ok(request, built.data));
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        entry = { version, expiresAt: built.expiresAt ?? Number.POSITIVE_INFINITY, body, etag };
        memo.delete(key);
        remember(key, entry);
      }
      reply
        .header('etag', entry.etag)
        .header(
          'cache-control',
          scope === 'public' ? `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, must-revalidate` : 'private, no-cache',
        )
        .header('vary', scope === 'public' ? 'lang, accept-language' : 'lang, accept-language, cookie');
      const given = request.headers['if-none-match'];
      if (given?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag)) {
        await reply.code(304).send();
        return;
      }
      await reply.header('content-type', 'application/json; charset=utf-8').send(entry.body);
    },
    clear() {
      memo.clear();
    },
  };
}

export type ContentCache = ReturnType<typeof createContentCache>;
