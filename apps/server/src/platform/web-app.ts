/**
 * Serves the built web app (apps/web/dist): hashed assets with long caching, and index.html
 * for every other page path (SPA fallback) with a fresh CSP nonce; the public pages' index.html
 * carries their first screen (platform/first-screen.ts). Unknown /api paths get the JSON envelope
 * instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { createFirstScreen } from './first-screen.ts';
import { allowPageAssets } from './security.ts';

const NONCE_PLACEHOLDER = /__CSP_NONCE__/g;
const NOT_PAGES = /^\/(api|healthz|readyz|dev)(\/|$)/;

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
    const firstScreen = built ? createFirstScreen(app, options.distDir, '__CSP_NONCE__') : undefined;

    const sendPage = async (path: string, reply: FastifyReply) => {
      if (!indexHtml) {
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The web app has not been built. Run `npm run build`, then restart.');
      }
      const screen = await firstScreen?.(path);
      const html = screen
        ? indexHtml
            .replace('</head>', `${screen.head}</head>`)
            .replace('<div id="root"></div>', `${screen.beforeRoot}<div id="root">${screen.root}</div>`)
        : indexHtml;
      const nonce = allowPageAssets(reply, options.upgradeInsecure, options.scriptOrigins);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html.replace(NONCE_PLACEHOLDER, nonce));
    };

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !NOT_PAGES.test(path) &&
        !path.startsWith('/assets/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (isPage) return sendPage(path, reply);
      return sendError(request, reply, 'PRT_ROUTE_NOT_FOUND', { method: request.method, url: path });
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);
