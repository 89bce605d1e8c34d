/**
 * Serves the built web app (apps/web/dist): hashed assets with long caching, and index.html
 * for every other page path (SPA fallback) with a fresh CSP nonce; the public pages' index.html
 * carries their first screen (platform/first-screen.ts). Unknown /api paths get the JSON envelope
 * instead.
 *
 * A visitor (no session cookie at all) asking for a page that needs a login is sent to the home
 * page's log-in, `/home?login=<the page>`, before any page is drawn: the web app would otherwise
 * draw its frame, then replace it with the home page under the log-in dialog (a layout shift,
 * issue 27). A cookie that no longer opens a session keeps the web app's own way there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLoginRequiredPage, loginRedirectPath } from '@portal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { createFirstScreen, type FirstScreen } from './first-screen.ts';
import { allowPageAssets } from './security.ts';
import { SESSION_COOKIE } from './session.ts';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
const NOT_PAGES = /^\/(api|healthz|readyz|dev)(\/|$)/;

/** A browser asking for a page (not an asset, the API or the probes). */
function isPageRequest(request: FastifyRequest, path: string): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !NOT_PAGES.test(path) &&
    !path.startsWith('/assets/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

/**
 * Where a visitor (no session cookie at all: no lookup needed) asking for a page that needs a
 * login goes instead: the home page, asking for the log-in before that page.
 */
function loginFirst(request: FastifyRequest, path: string): string | undefined {
  return !request.cookies[SESSION_COOKIE] && isLoginRequiredPage(path) ? loginRedirectPath(request.url) : undefined;
}

/** The page's document: its template with the first screen's parts in <head> and around #root. */
const withFirstScreen = (screen: FirstScreen) =>
  screen.template
    .replace('</head>', `${screen.head}</head>`)
    .replace('<div id="root"></div>', `${screen.beforeRoot}<div id="root">${screen.root}</div>${screen.afterRoot}`);

export const webAppPlugin = fp(
  async (
    app: FastifyInstance,
    options: { distDir: string; upgradeInsecure: boolean; scriptOrigins?: readonly string[] },
  ) => {
    const indexPath = join(options.distDir, 'index.html');
    const built = existsSync(indexPath);
    // Read once: the file only changes with a new build, which means a restart.
    const indexHtml = built ? readFileSync(indexPath, 'utf8') : undefined;

    if (built) {
      await app.register(fastifyStatic, {
        root: options.distDir,
        index: false,
        wildcard: false,
        serveDotFiles: false,
        setHeaders(reply, path) {
          reply.header(
            'cache-control',
            path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
          );
        },
      });
    } else {
      app.log.warn({ distDir: options.distDir }, 'web app not built; run `npm run build` to serve pages');
    }

    // The public pages' first screen (platform/first-screen.ts), read from the routes themselves.
    const firstScreen = indexHtml ? createFirstScreen(app, options.distDir, indexHtml, '__CSP_NONCE__') : undefined;

    const sendPage = async (path: string, reply: FastifyReply) => {
      if (!indexHtml) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app has not been built. Run `npm run build`, then restart.');
      }
      const screen = await firstScreen?.(path);
      const html = screen ? withFirstScreen(screen) : indexHtml;
      const nonce = allowPageAssets(reply, options.upgradeInsecure, options.scriptOrigins);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html.replace(NONCE_PLACEHOLDER, nonce));
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (!isPageRequest(request, path)) {
        return sendError(request, reply, 'PRT_ROUTE_NOT_FOUND', { method: request.method, url: path });
      }
      const login = loginFirst(request, path);
      // The answer depends on the cookie: no cache keeps it.
      if (login) return reply.header('cache-control', 'no-store').redirect(login, 302);
      return sendPage(path, reply);
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
