/**
 * Sessions and access control, decided on the server for every request (DESIGN: security model).
 *
 * - A session is a random token in an HttpOnly, SameSite=Lax cookie; the database keeps only its
 *   SHA-256, with an idle and an absolute expiry. Any instance can check it.
 * - Every /api route declares `config.access`: 'public' | 'session' | 'active' | 'institutionAdmin'
 *   | 'staff'. A route
 *   without one fails at start-up (fail closed), and the authorization matrix test lists them all.
 * - Unsafe methods from another origin are refused (cookies are SameSite=Lax; this adds a check):
 *   a browser's Origin must be PUBLIC_BASE_URL's, scheme, host and port alike.
 */

import { createHash, randomBytes } from 'node:crypto';
// The cookie methods on request and reply (registered in app.ts).
import type {} from '@fastify/cookie';
import { ACTIVATION, type Locale, ROLE } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { StatementShapes } from '../db/compiled.ts';
import type { Db } from '../db/database.ts';
import type { Activation } from '../db/schema.ts';
import { AppError } from './errors.ts';
import type { SessionCache } from './session-cache.ts';

export const ACCESS_LEVELS = ['public', 'session', 'active', 'institutionAdmin', 'staff'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export const SESSION_COOKIE = 'portal_sid';
export const DEVICE_COOKIE = 'portal_device';
const TOUCH_EVERY_MS = 60_000;

export type SessionUser = {
  id: number;
  lgcSn: string;
  email: string;
  name: string;
  roleCodes: string[];
  activation: Activation;
  status: 'active' | 'stopped';
  institutionId: number | null;
  forcePasswordChange: boolean;
  agreementAccepted: boolean;
  profileComplete: boolean;
  locale: string;
  reviewNote: string | null;
};

export type AuthContext = { user: SessionUser; tokenHash: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor. */
    auth: AuthContext | null;
    /** A session cookie came with the request but its session is over. */
    sessionExpired: boolean;
    /** The session cookie is not one the portal issues (tampered or foreign): YBLSYSTE0003. */
    sessionMalformed: boolean;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const ACTIVE_ACTIVATIONS: readonly Activation[] = [ACTIVATION.approved, ACTIVATION.activatedByInvitation];
export const isStaff = (user: Pick<SessionUser, 'roleCodes'>) => user.roleCodes.includes(ROLE.bankStaff);
/** Institution administrators (20) manage their institution's users; so does the system administrator (99). */
export const isInstitutionAdmin = (user: Pick<SessionUser, 'roleCodes'>) =>
  user.roleCodes.includes(ROLE.institutionAdmin) || user.roleCodes.includes(ROLE.systemAdmin);

/** Starts a session for a user; returns the cookie token (only its hash is stored). */
export async function createSession(
  db: Db,
  userId: number,
  options: { absoluteMs: number; ip?: string; userAgent?: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('userSession')
    .values({
      tokenHash: hashToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + options.absoluteMs),
      ip: options.ip ?? null,
      userAgent: options.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return token;
}

export async function endSessionsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('userSession').where('userId', '=', userId).execute();
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(config.auth.sessionAbsoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
}

/** The long-lived device identifier behind "new device" checks; set when missing. */
export function deviceIdOf(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && /^[A-Za-z0-9_-]{20,64}$/.test(existing)) return existing;
  const id = randomBytes(24).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: 400 * 24 * 3600,
  });
  return id;
}

/** Records that a signed-in user was seen at `now` (the users module's write, handed in by app.ts). */
export type RecordActivity = (db: Db, userId: number, now: Date) => Promise<void>;

/** The session, its user and the user's institution's status: one statement, built once (db/compiled.ts). */
const sessionLookup = new StatementShapes((db: Db, v: { tokenHash: string }) =>
  db
    .selectFrom('userSession as s')
    .innerJoin('appUser as u', 'u.id', 's.userId')
    .leftJoin('institution as i', 'i.id', 'u.institutionId')
    .select([
      'i.status as institutionStatus',
      's.lastSeenAt',
      's.expiresAt',
      'u.id',
      'u.lgcSn',
      'u.email',
      'u.name',
      'u.roleCodes',
      'u.activation',
      'u.status',
      'u.institutionId',
      'u.forcePasswordChange',
      'u.agreementAccepted',
      'u.profileComplete',
      'u.locale',
      'u.reviewNote',
    ])
    .where('s.tokenHash', '=', v.tokenHash),
);

/** The lookup's row: the user, the session's times and the institution's status. */
export type SessionRow = Awaited<ReturnType<typeof sessionLookup.execute>>[number];

/** What ends a session, or asks for its "last seen" to be written, on this row at `now`. */
function verdict(row: SessionRow, now: number, idleMs: number): 'end' | 'touch' | 'ok' {
  const lastSeen = new Date(row.lastSeenAt).getTime();
  const stopped = row.status !== 'active' || row.institutionStatus === 'stopped';
  if (now - lastSeen > idleMs || new Date(row.expiresAt).getTime() <= now || stopped) return 'end';
  return now - lastSeen > TOUCH_EVERY_MS ? 'touch' : 'ok';
}

function authOf(row: SessionRow, tokenHash: string): AuthContext {
  const { lastSeenAt: _seen, expiresAt: _expires, institutionStatus: _institution, ...user } = row;
  return { user, tokenHash };
}

type SessionDeps = { config: Config; recordActivity: RecordActivity; cache?: SessionCache<SessionRow> | undefined };

async function loadSession(
  db: Db,
  token: string,
  { config, recordActivity, cache }: SessionDeps,
  now: Date,
): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const at = now.getTime();
  // A cached row answers only while it says "fine, no touch due". Its lastSeenAt can only be older
  // than the database's, so anything else (idle, a touch due) is decided on a fresh read.
  const cached = cache?.get(tokenHash, at);
  if (cached && verdict(cached, at, config.auth.sessionIdleMs) === 'ok') return authOf(cached, tokenHash);
  const ticket = cache?.ticket() ?? 0;
  const [row] = await sessionLookup.execute(db, '', { tokenHash });
  if (!row) return null;
  const decided = verdict(row, at, config.auth.sessionIdleMs);
  if (decided === 'end') {
    await db.deleteFrom('userSession').where('tokenHash', '=', tokenHash).execute();
    return null;
  }
  let fresh = row;
  if (decided === 'touch') {
    await db.updateTable('userSession').set({ lastSeenAt: now }).where('tokenHash', '=', tokenHash).execute();
    await recordActivity(db, row.id, now);
    fresh = { ...row, lastSeenAt: now };
  }
  cache?.store(tokenHash, fresh, ticket, at);
  return authOf(fresh, tokenHash);
}

/**
 * Whether an unsafe request may come from where its Origin header says: no Origin (not a browser,
 * or a same-origin request of an old one), or exactly the portal's own origin, `publicOrigin`
 * (scheme, host and port: http:// or another port on the same host is another site). In
 * development only, also the origin the request was addressed to, so that the web app's dev
 * server (Vite on :5173, proxying /api) works whatever PUBLIC_BASE_URL says.
 */
export function allowedOrigin(request: FastifyRequest, publicOrigin: string, development: boolean): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return false;
  }
  if (given === publicOrigin) return true;
  return development && given === `${request.protocol}://${request.host}`;
}

/** Session tokens as createSession issues them: 32 random bytes, base64url. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The code of a session cookie that no longer opens a session: YBLSYSTE0003 (session invalid)
 * when it is no token of the portal's, YBLSYSTE0005 when its session ended; null otherwise.
 */
export function endedSessionCode(request: FastifyRequest): 'YBLSYSTE0003' | 'YBLSYSTE0005' | null {
  if (request.sessionMalformed) return 'YBLSYSTE0003';
  return request.sessionExpired ? 'YBLSYSTE0005' : null;
}

/** Throws the error that fits when the request may not use a route of this access level. */
export function checkAccess(request: FastifyRequest, access: Access): void {
  if (access === 'public') return;
  const auth = sessionOf(request);
  if (access === 'session') return;
  if (!ACTIVE_ACTIVATIONS.includes(auth.user.activation)) throw new AppError('PRT_ACCOUNT_NOT_ACTIVE');
  if (access === 'staff' && !isStaff(auth.user)) throw new AppError('PRT_FORBIDDEN');
  if (access === 'institutionAdmin' && !isInstitutionAdmin(auth.user)) throw new AppError('PRT_FORBIDDEN');
}

/** The signed-in session of a request, or the error checkAccess would give a visitor. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(endedSessionCode(request) ?? 'PRT_UNAUTHENTICATED');
  return request.auth;
}

/** Who acts in a request, for handlers behind a signed-in access level: the user, address and language. */
export type Actor = { user: SessionUser; ip: string; locale: Locale };

export function actorOf(request: FastifyRequest): Actor {
  return { user: sessionOf(request).user, ip: request.ip, locale: request.locale };
}

export const sessionPlugin = fp(
  async (
    app: FastifyInstance,
    {
      db,
      config,
      recordActivity,
      cache,
    }: {
      db: Db;
      config: Config;
      recordActivity: RecordActivity;
      /** Sessions in use answered without a statement (session-cache.ts); started and stopped here. */
      cache?: SessionCache<SessionRow>;
    },
  ) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('sessionExpired', false);
    app.decorateRequest('sessionMalformed', false);
    const publicOrigin = new URL(config.publicBaseUrl).origin;
    const development = config.env === 'development';
    const deps: SessionDeps = { config, recordActivity, cache };
    if (cache) {
      app.addHook('onReady', () => cache.start());
      app.addHook('onClose', () => cache.stop());
    }

    app.addHook('onRoute', (route) => {
      const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
      const access = (route.config as { access?: Access } | undefined)?.access;
      if (isApi && (!access || !ACCESS_LEVELS.includes(access))) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no config.access`);
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method) && !allowedOrigin(request, publicOrigin, development)) {
        throw new AppError('PRT_FORBIDDEN');
      }
      const token = request.cookies[SESSION_COOKIE];
      if (token && !TOKEN_SHAPE.test(token)) {
        request.sessionMalformed = true;
        clearSessionCookie(reply, config);
      } else if (token) {
        request.auth = await loadSession(db, token, deps, new Date());
        request.sessionExpired = request.auth === null;
        // An ended session is said once: the browser drops the cookie and is a visitor from then on,
        // instead of hearing "session expired" on every later request.
        if (request.sessionExpired) clearSessionCookie(reply, config);
      }
      checkAccess(request, access);
    });
  },
  { name: 'session', dependencies: ['errors'] },
);
