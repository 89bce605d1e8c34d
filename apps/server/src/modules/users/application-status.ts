/**
 * The state of an application, for the browser that registered it, without a log-in. Registering
 * sets an HttpOnly cookie holding a random token; only its SHA-256 is stored, bound to the new
 * account, for 30 days. The token is the only key: no account id is ever taken from the caller,
 * so nothing can be guessed, and a missing, unknown or expired token reads as nothing at all.
 */
import { randomBytes } from 'node:crypto';
import type { TApplicationStatus } from '@portal/shared/schemas/accounts';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { enforceRateLimit } from '../../platform/rate-limit.ts';
import { hashToken } from '../../platform/session.ts';
import { institutionNameOf } from '../institutions/index.ts';

export const APPLICATION_COOKIE = 'portal_application';
/** Where the browser sends it: the status route only. */
export const APPLICATION_STATUS_PATH = '/api/user/p1/applicationStatus';
export const APPLICATION_TOKEN_DAYS = 30;
/** Like the other public routes a visitor calls: plenty for a person, little for a script. */
export const APPLICATION_STATUS_LIMIT = { limit: 60, windowSeconds: 10 * 60 } as const;

/** A new token for the account (inside the registration's transaction); the raw token is returned once. */
export async function issueApplicationToken(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('applicationStatusToken')
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt: sql<Date>`now() + make_interval(days => ${APPLICATION_TOKEN_DAYS})`,
    })
    .execute();
  return token;
}

export function setApplicationCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(APPLICATION_COOKIE, token, {
    path: APPLICATION_STATUS_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: APPLICATION_TOKEN_DAYS * 24 * 60 * 60,
  });
}

/** The application the token belongs to, or null (no token, unknown, expired). Rate-limited per IP. */
export async function applicationStatus(
  db: Db,
  token: string | undefined,
  ip: string,
): Promise<TApplicationStatus | null> {
  await enforceRateLimit(db, { key: `application-status:ip:${ip}`, ...APPLICATION_STATUS_LIMIT });
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('applicationStatusToken as t')
    .innerJoin('appUser as u', 'u.id', 't.userId')
    .select(['u.activation', 'u.name', 'u.institutionId', 'u.reviewNote', 'u.createdAt'])
    .where('t.tokenHash', '=', hashToken(token))
    .where('t.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  return {
    actvtInd: row.activation,
    usrNm: row.name,
    instNm: await institutionNameOf(db, row.institutionId),
    reviewNote: row.reviewNote,
    submittedAt: new Date(row.createdAt).toISOString(),
  };
}
